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
        String last = run.out().strip().lines().reduce((a, b) -> b).orElseThrow();
        assertTrue(last.startsWith("bench: 2 functions in 1 files on sm_90: median "), last);
        assertTrue(last.contains("MB/s"), last);
    }

    @Test
    void noFunctionIsAUsageError() {
        Path broken = Cli.resource("broken.ptx", dir);
        assertEquals(2, Cli.run("bench", "--warmup-seconds", "0", "--seconds", "0", broken.toString()).exit());
    }
}
