package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code select --confirm ptxas:K}: the model ranks, ptxas compiles the top K and chooses among them.
 * With a fake ptxas that reports more registers at -maxrregcount 32 than at 64, the model's choice
 * (budget 32) gives way to its second (64); the candidates come from the cache when confirmed again.
 * With the real ptxas (skipped where absent), a sweep with both evaluators has already compiled every
 * candidate, so the confirmation compiles nothing.
 */
class SelectConfirmTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void ptxasOverrulesTheModelAmongItsTopK() throws IOException {
        assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path out = sweep("model", null);
        Path ptxas = fakePtxas();
        Cli.Run timeObjective = Cli.run("select", "--results", out.toString(), "--confirm", "ptxas:2", "--ptxas",
                ptxas.toString(), "--out", dir.resolve("s0.json").toString());
        assertEquals(2, timeObjective.exit());
        assertTrue(timeObjective.err().contains("ptxas's own figures, which have no time"), timeObjective.err());
        Cli.Run bad = Cli.run("select", "--results", out.toString(), "--objective", "registers", "--confirm", "3");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("--confirm expects ptxas:K"), bad.err());

        Cli.Run r = Cli.run("select", "--results", out.toString(), "--objective", "registers", "--confirm", "ptxas:2",
                "--ptxas", ptxas.toString(), "--out", dir.resolve("s1.json").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("confirmed on ptxas/13.0.88: the model's top 2 per kernel compiled by ptxas, "
                + "4 candidates (0 from the ptxas cache)"), r.out());
        assertTrue(r.out().contains("ptxas confirms the model's choice on 0 of 2 kernels"), r.out());
        for (String kernel : new String[] {"keccak_f1600_states", "sha3_256_short"}) {
            Matcher m = Pattern.compile("(?m)^" + kernel + "\\s+sm_90\\s+maxrregcount=32\\s+\\d+ / \\d+\\s+40 / 8\\s+"
                    + "maxrregcount=64 \\(#2\\)\\s+\\d+ / \\d+\\s+36 / 0\\s*$").matcher(r.out());
            assertTrue(m.find(), kernel + ": the model's 32 (ptxas 40 registers) gives way to its 64 (36):\n" + r.out());
        }
        assertEquals(4, compiles());
        Cli.Run again = Cli.run("select", "--results", out.toString(), "--objective", "registers", "--confirm",
                "ptxas:2", "--ptxas", ptxas.toString(), "--out", dir.resolve("s2.json").toString());
        assertEquals(0, again.exit(), again.err());
        assertTrue(again.out().contains("4 candidates (4 from the ptxas cache)"), again.out());
        assertEquals(4, compiles(), "confirmed again from the cache");
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aSweepOfBothEvaluatorsHasCompiledEveryCandidateOnTheRealPtxas() throws IOException {
        Path ptxas = PtxasRunner.onPath().orElse(null);
        assumeTrue(ptxas != null, "ptxas is not on the PATH; skipping the real ptxas confirmation");
        assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path out = sweep("both", ptxas);
        Cli.Run r = Cli.run("select", "--results", out.toString(), "--objective", "lex:spills,registers",
                "--confirm", "ptxas:3", "--out", dir.resolve("s.json").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("the model's top 3 per kernel compiled by ptxas, 6 candidates (6 from the "
                + "ptxas cache)"), r.out());
        // without a budget ptxas spills neither kernel: whatever the model ranks first, the confirmed
        // choice is a configuration on which ptxas does not spill
        for (String kernel : new String[] {"keccak_f1600_states", "sha3_256_short"}) {
            Matcher m = Pattern.compile("(?m)^" + kernel + "\\s+sm_90\\s+.*\\(#\\d\\)\\s+\\S+ / \\d+\\s+\\d+ / 0\\s*$")
                    .matcher(r.out());
            assertTrue(m.find(), kernel + ": confirmed without spills:\n" + r.out());
        }
    }

    private Path sweep(String evaluator, Path ptxas) throws IOException {
        Path kernels = Files.createDirectories(dir.resolve("kernels"));
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("keccak.ptx"), kernels.resolve("keccak.ptx"));
        Path space = dir.resolve("space.json");
        Files.writeString(space, "{\"maxrregcount\": [0, 32, 64]}", StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Cli.Run sweep = ptxas == null
                ? Cli.run("sweep", "--master", "local[1]", "--kernels", kernels.toString(), "--space", space.toString(),
                        "--out", out.toString(), "--evaluator", evaluator)
                : Cli.run("sweep", "--master", "local[1]", "--kernels", kernels.toString(), "--space", space.toString(),
                        "--out", out.toString(), "--evaluator", evaluator, "--ptxas", ptxas.toString());
        assertEquals(0, sweep.exit(), sweep.err());
        return out;
    }

    /** A ptxas that reports 40 registers and 8 spill bytes at -maxrregcount 32, 36 and none at 64, 90 without. */
    private Path fakePtxas() throws IOException {
        Path script = dir.resolve("ptxas");
        Files.writeString(script, """
                #!/bin/sh
                case "$*" in
                  *--version*) echo "Cuda compilation tools, release 13.0, V13.0.88"; exit 0 ;;
                  *--help*) printf '%s\\n' '--maxrregcount <archmax/archmin/N>   (-maxrregcount)'; exit 0 ;;
                esac
                echo x >> 'COUNTER'
                regs=90; spill=0
                case "$*" in
                  *"-maxrregcount 32"*) regs=40; spill=4 ;;
                  *"-maxrregcount 64"*) regs=36 ;;
                esac
                entry=""
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-e" ]; then entry="$2"; fi
                  shift
                done
                echo "ptxas info    : Compiling entry function '$entry' for 'sm_90'" >&2
                echo "ptxas info    : Function properties for $entry" >&2
                echo "    $spill bytes stack frame, $spill bytes spill stores, $spill bytes spill loads" >&2
                echo "ptxas info    : Used $regs registers, used 1 barriers, 0 bytes smem" >&2
                """.replace("COUNTER", dir.resolve("compiles").toString()), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private int compiles() throws IOException {
        Path counter = dir.resolve("compiles");
        return Files.exists(counter) ? Files.readAllLines(counter).size() : 0;
    }
}
