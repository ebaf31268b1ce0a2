package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Only that the benchmark runs and reports; its numbers are never asserted on. */
class BenchCommandTest {
    @TempDir
    Path dir;

    @Test
    void reportsATableAndASummaryLine() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0.05", dir.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("axpy"), run.out());
        assertTrue(run.out().contains("twice"), run.out());
        assertTrue(run.out().matches("(?s).*\\nparse: 1 files \\(0 synthetic\\), [0-9.]+ MB per pass, median [0-9.]+ ms "
                + "over \\d+ passes: [0-9.]+ MB/s\\n.*"), run.out());
        assertTrue(run.out().matches("(?s).*\\nwarm-up: [0-9.]+ s; the JIT compiled for [0-9.]+ s of it and \\d+ ms "
                + "while measuring\\nparse: .*"), run.out());
        String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("bench: 2 functions in 1 files on sm_90: median "), last);
        assertTrue(last.contains("MB/s"), last);
    }

    @Test
    void untilTheJitIsQuietTheWarmUpGoesOnToItsCap() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("bench", "--allocator", "fatpoint", "--warmup-seconds", "0", "--until-jit-quiet", "0.05",
                "--warmup-max-seconds", "0.3", "--seconds", "0.05", dir.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().matches("(?s).*\\nwarm-up: [0-9.]+ s; the JIT compiled for [0-9.]+ s of it and \\d+ ms "
                + "while measuring \\((it ended on a quiet window|it reached --warmup-max-seconds before a quiet "
                + "window)\\)\\n.*"), run.out());
    }

    @Test
    void aNegativeTimeIsAUsageError() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("bench", "--until-jit-quiet", "-1", dir.toString());
        assertEquals(2, run.exit());
        assertEquals("regtune: --until-jit-quiet must not be negative, not -1.0.", run.err().strip());
    }

    @Test
    void syntheticKernelsAreGeneratedAllocatedAndReportedPerInstruction() {
        Cli.resource("tiny.ptx", dir);
        // One family: the multi-family layout is BenchAllocatorTest's.
        Cli.Run run = Cli.run("bench", "--allocator", "fatpoint", "--warmup-seconds", "0", "--seconds", "0.05",
                "--synthetic", "accumulators:instructions=500", "--synthetic", "mma:tn=1,instructions=300,arch=sm_80",
                "--synthetic-seed", "7", dir.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().matches("(?s).*\\nsynthetic-1:accumulators +accumulators_7 .*"), run.out());
        assertTrue(run.out().matches("(?s).*\\nsynthetic-2:mma +mma_7 .*"), run.out());
        String[] lines = run.out().strip().split("\\R");
        String accumulators = lines[lines.length - 3];
        assertTrue(accumulators.startsWith("synthetic-1 accumulators:loads=4,n=16,instructions=500,arch=sm_90 seed 7: "),
                accumulators);
        assertTrue(accumulators.matches(".*: \\d+ instructions; generation [0-9.]+ ms \\([0-9.]+ ns/instruction, "
                + "median of \\d+\\); allocation [0-9.]+ ms \\([0-9.]+ ns/instruction\\), \\d+ registers, OK"),
                accumulators);
        assertTrue(lines[lines.length - 2].startsWith("synthetic-2 mma:tm=2,tn=1,instructions=300,arch=sm_80 seed 7: "),
                lines[lines.length - 2]);
        assertTrue(lines[lines.length - 1].startsWith("bench: 4 functions in 1 files and 2 synthetic kernels on sm_90: "),
                lines[lines.length - 1]);
    }

    @Test
    void syntheticAloneDoesNotFallBackToTheCorpus() {
        Cli.Run run = Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0", "--arch", "sm_80", "--synthetic",
                "stencil:instructions=200");
        assertEquals(0, run.exit(), run.err());
        String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("bench: 1 functions in 0 files and 1 synthetic kernels on sm_80: "), last);
        assertTrue(run.out().contains("stencil:dims=2,radius=2,instructions=200,arch=sm_80 seed 1: "), run.out());
    }

    @Test
    void aBadSyntheticSpecIsAUsageError() {
        Cli.Run run = Cli.run("bench", "--synthetic", "accumulators:n=999");
        assertEquals(2, run.exit());
        assertEquals("regtune: --synthetic accumulators:n=999: parameter n of family accumulators must be from 1 to "
                + "256, not 999.", run.err().strip());
    }

    @Test
    void knobsSetTheBenchmarkedConfigurationAndABadOneIsAUsageError() {
        Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0.05", "--knob",
                "RegTuneLowerTemporaries=false", "--knob", "allocator=briggs", dir.toString());
        assertEquals(0, run.exit(), run.err());
        String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.contains(" with briggs; parse "), "the allocator knob chooses the family: " + last);
        Cli.Run bad = Cli.run("bench", "--knob", "NoSuchKnob=1", dir.toString());
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("NoSuchKnob"), bad.err());
    }

    @Test
    void noFunctionIsAUsageError() {
        Path broken = Cli.resource("broken.ptx", dir);
        assertEquals(2, Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0", broken.toString()).exit());
    }
}
