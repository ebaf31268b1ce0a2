package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sweep --evaluator both}: a model row and a ptxas row per kernel and configuration, told apart
 * by model version, and a repeated sweep served from the ptxas cache without compiling anything; a
 * missing ptxas is one sentence before any work.
 */
class SweepEvaluatorTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void bothEvaluatorsWriteSideBySideRowsAndARepeatCompilesNothing() throws IOException {
        assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path kernels = Files.createDirectories(dir.resolve("kernels"));
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("transpose.ptx"), kernels.resolve("transpose.ptx"));
        Path space = dir.resolve("space.json");
        Files.writeString(space, "{\"maxrregcount\": [0, 32], \"ptxas\": [{\"control\": \"register-usage-level\", "
                + "\"values\": [0, 10]}]}", StandardCharsets.UTF_8);
        Path ptxas = fakePtxas();
        Path out = dir.resolve("out");
        Cli.Run tooMany = Cli.run("sweep", "--master", "local[1]", "--kernels", kernels.toString(), "--space",
                space.toString(), "--out", out.toString(), "--evaluator", "both", "--ptxas", ptxas.toString(),
                "--run-id", "first", "--max-evaluations", "3");
        assertEquals(2, tooMany.exit(), "4 pairs are more than 3 evaluations: " + tooMany.err());
        assertTrue(tooMany.err().contains("x 1 kernels = 4 evaluations, more than --max-evaluations 3"), tooMany.err());
        Cli.Run first = Cli.run("sweep", "--master", "local[1]", "--kernels", kernels.toString(), "--space",
                space.toString(), "--out", out.toString(), "--evaluator", "both", "--ptxas", ptxas.toString(),
                "--run-id", "first", "--max-evaluations", "4");
        assertEquals(0, first.exit(), "a pair is one evaluation, though it has two rows: " + first.err());
        assertTrue(first.out().contains("1 kernels x 4 configurations = 4 evaluations (each by the model and by "
                + "ptxas: 8 rows)"), first.out());
        assertEquals(4, compiles(), "one compile per configuration");
        Cli.Run again = Cli.run("sweep", "--master", "local[1]", "--kernels", kernels.toString(), "--space",
                space.toString(), "--out", out.toString(), "--evaluator", "ptxas", "--ptxas", ptxas.toString(),
                "--run-id", "again");
        assertEquals(0, again.exit(), again.err());
        assertEquals(4, compiles(), "the repeated sweep is served from the cache");

        try (SparkSessions.Session s = SparkSessions.session("evaluator test", Optional.of("local[1]"))) {
            List<Row> rows = new ResultStore(out).read(s.spark()).where(ResultColumns.RUN_ID + " = 'first'")
                    .select(ResultColumns.EVALUATOR, ResultColumns.MODEL_VERSION, ResultColumns.CONFIG_ID,
                            ResultColumns.REGISTERS, ResultColumns.STATIC_SMEM_BYTES, ResultColumns.PTXAS_COMMAND,
                            "ptxas_register_usage_level", ResultColumns.OCCUPANCY)
                    .orderBy(ResultColumns.CONFIG_ID, ResultColumns.EVALUATOR).collectAsList();
            assertEquals(8, rows.size());
            assertEquals(8, rows.stream().map(r -> r.getString(1) + "/" + r.getString(2)).distinct().count(),
                    "the key (kernel, config, model version) stays unique");
            for (int i = 0; i < 8; i += 2) {
                Row model = rows.get(i);
                Row real = rows.get(i + 1);
                assertEquals("model", model.getString(0));
                assertEquals("ptxas", real.getString(0));
                assertEquals("ptxas/13.0.88", real.getString(1));
                assertEquals(model.getString(2), real.getString(2), "one config id for both rows");
                assertNull(model.get(5));
                assertEquals(40, real.getInt(3));
                assertEquals(1024, real.getInt(4));
                assertTrue(real.getString(5).startsWith(ptxas + " -v -arch=sm_90 "), real.getString(5));
                assertTrue(real.getString(5).contains("--register-usage-level " + real.getString(6)), real.getString(5));
                assertEquals(model.getString(6), real.getString(6));
                assertEquals(0.75, real.getDouble(7), 1e-9, "40 registers at 256 threads: 48 of 64 warps on sm_90");
            }
        }
    }

    @Test
    void aMissingPtxasIsOneSentenceBeforeAnyWork() throws IOException {
        Path space = dir.resolve("space.json");
        Files.writeString(space, "{\"maxrregcount\": [0, 32]}", StandardCharsets.UTF_8);
        Cli.Run r = Cli.run("sweep", "--kernels", SweepFixtures.CORPUS_SM90.toString(), "--space", space.toString(),
                "--out", dir.resolve("out").toString(), "--evaluator", "ptxas", "--ptxas", dir.resolve("nope").toString());
        assertEquals(2, r.exit());
        assertEquals("regtune: --ptxas '" + dir.resolve("nope") + "' is not an executable file.", r.err().strip());
        assertTrue(Files.notExists(dir.resolve("out")), "nothing was written");
    }

    private Path fakePtxas() throws IOException {
        Path script = dir.resolve("ptxas");
        Files.writeString(script, """
                #!/bin/sh
                case "$*" in
                  *--version*) echo "Cuda compilation tools, release 13.0, V13.0.88"; exit 0 ;;
                  *--help*) printf '%s\\n' '--register-usage-level <0..10>   (-regUsageLevel)' \
                      '--maxrregcount <archmax/archmin/N>   (-maxrregcount)'; exit 0 ;;
                esac
                echo x >> 'COUNTER'
                entry=""
                while [ $# -gt 0 ]; do
                  if [ "$1" = "-e" ]; then entry="$2"; fi
                  shift
                done
                echo "ptxas info    : Compiling entry function '$entry' for 'sm_90'" >&2
                echo "ptxas info    : Function properties for $entry" >&2
                echo "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads" >&2
                echo "ptxas info    : Used 40 registers, used 1 barriers, 1024 bytes smem" >&2
                """.replace("COUNTER", dir.resolve("compiles").toString()), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    private int compiles() throws IOException {
        Path counter = dir.resolve("compiles");
        return Files.exists(counter) ? Files.readAllLines(counter).size() : 0;
    }
}
