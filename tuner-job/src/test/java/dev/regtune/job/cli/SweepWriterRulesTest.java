package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.RunLease;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per run, and a run is resumed only with its own inputs: a second sweep on a folder in
 * use, a {@code --resume} with another space, seed or sampler, a re-run without {@code --resume}
 * and a grid too large for the sweep are refused with one sentence before anything is written; a
 * SIGTERM (or SIGINT) leaves a run record that shows the progress committed.
 */
class SweepWriterRulesTest {
    @TempDir
    Path dir;

    private Cli.Run sweep(Path kernels, Path space, Path out, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of("sweep", "--master", "local[2]", "--kernels",
                kernels.toString(), "--space", space.toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void aResumeWithOtherInputsAndARerunWithoutResumeAreRefusedNamingTheDifference() throws IOException {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Path out = dir.resolve("out");
        assertEquals(0, sweep(kernels, space, out, "--run-id", "R1").exit());

        Path other = Files.writeString(dir.resolve("other.json"), Files.readString(space, StandardCharsets.UTF_8)
                .replace("[0, 24]", "[0, 32]"), StandardCharsets.UTF_8);
        Cli.Run otherSpace = sweep(kernels, other, out, "--run-id", "R1", "--resume");
        assertEquals(2, otherSpace.exit());
        assertTrue(otherSpace.err().matches("(?s).*--resume of run 'R1' refused: the space differs \\(this spec: "
                + "'tiny' sha256 [0-9a-f]{12}, the run's: 'tiny' sha256 [0-9a-f]{12}\\); resume with the run's own "
                + "inputs, or start another run with --run-id.*"), otherSpace.err());
        assertEquals(1, otherSpace.errLines().length, otherSpace.err());

        Cli.Run otherSeedAndSampler = sweep(kernels, space, out, "--run-id", "R1", "--resume", "--seed", "7",
                "--sampler", "random", "-n", "4");
        assertEquals(2, otherSeedAndSampler.exit());
        assertTrue(otherSeedAndSampler.err().contains("the sampler or strategy differs ('random -n 4', the run's: "
                + "'grid'); the seed differs (7, the run's: 0)"), otherSeedAndSampler.err());

        Cli.Run rerun = sweep(kernels, space, out, "--run-id", "R1");
        assertEquals(2, rerun.exit());
        assertTrue(rerun.err().contains("run 'R1' already has results in "), rerun.err());
        try (SparkSessions.Session s = SparkSessions.session("rules test", Optional.of("local[2]"))) {
            assertEquals(40, new ResultStore(out).read(s.spark()).count(), "the refused sweeps wrote nothing");
        }
    }

    @Test
    void aSecondSweepOnAFolderInUseIsRefused() throws IOException {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Path out = dir.resolve("out");
        try (RunLease running = RunLease.acquire(new ResultStore(out).lease(), "R1", "running")) {
            Cli.Run second = sweep(kernels, space, out, "--run-id", "R1");
            assertEquals(2, second.exit());
            assertTrue(second.err().contains("the output folder is being written by another sweep (run 'R1', process "
                    + ProcessHandle.current().pid()), second.err());
            assertTrue(!Files.exists(out.resolve("results")) && !Files.exists(out.resolve("runs")), "nothing written");
        }
        assertEquals(0, sweep(kernels, space, out, "--run-id", "R1").exit(), "once the first is done, it may");
    }

    @Test
    void aGridLargerThanTheSweepAllowsIsRefusedWithItsSize() throws IOException {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        // 10^4 x 10^4 x 10^4 = 10^12 points: the space of the issue's report, never enumerated
        Path huge = Files.writeString(dir.resolve("huge.json"), """
                {"name": "huge", "knobs": [
                  {"knob": "RegAllocThresholdForDiscardConflicts", "min": 0, "max": 1000000, "points": 10000},
                  {"knob": "RegAllocSpillWeight", "min": 0.0, "max": 1000000.0, "points": 10000},
                  {"knob": "RegTuneRematCostFactor", "min": 0.0, "max": 1000000.0, "points": 10000}
                ]}
                """, StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Cli.Run all = sweep(kernels, huge, out, "--sampler", "grid");
        assertEquals(2, all.exit());
        assertTrue(all.err().matches("(?s).*the grid of space 'huge' has 1,000,000,000,000 points \\(before constraints\\) x 5 "
                + "kernels = 5,000,000,000,000 evaluations, more than --max-evaluations 1,000,000,000; sample it .*"), all.err());
        Cli.Run some = sweep(kernels, huge, out, "--sampler", "grid", "-n", "100");
        assertEquals(2, some.exit());
        assertTrue(some.err().contains("points (before constraints), more than -n 100 allows"), some.err());
        assertTrue(!Files.exists(out.resolve("runs")), "nothing written");
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void anInterruptedSweepLeavesARecordOfItsProgress() throws Exception {
        Path kernels = SweepFixtures.kernelsWithOneBadModule(dir);
        // 54 kernels x 64 configurations in chunks of 8: 432 chunks (about 20 s), so that the signal sent
        // after 3 are published lands mid-run even when this thread polls late on a loaded machine.
        Path space = dir.resolve("long.json");
        Files.writeString(space, """
                {
                  "name": "long",
                  "maxrregcount": [0, 24, 32, 40, 48, 64, 96, 128],
                  "knobs": [
                    {"knob": "RegAllocThresholdForDiscardConflicts", "values": [10, 200]},
                    {"knob": "RegAllocNumNonSpillTrials", "values": [1, 2, 4, 8]}
                  ]
                }
                """, StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                RegtuneMain.class.getName(), "sweep", "--master", "local[1]", "--kernels", SweepFixtures.CORPUS_SM90
                        .toString(), "--space", space.toString(), "--out", out.toString(), "--run-id", "int",
                "--chunk-size", "8", "--partitions", "1")
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (child.isAlive() && published(out) < 3 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(child.isAlive(), "the sweep ended before it could be interrupted");
        // SIGTERM, as a scheduler or kill sends it. SIGINT (Ctrl-C) runs the same shutdown hook, but a
        // process started from a background job of a non-interactive shell inherits SIGINT ignored, and
        // then so does this child: the sweep would run to its end.
        new ProcessBuilder("kill", "-TERM", Long.toString(child.pid())).start().waitFor();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the sweep stops on SIGTERM");
        JsonNode record = new ObjectMapper().readTree(Files.readString(out.resolve("runs/int.json"),
                StandardCharsets.UTF_8));
        Map<String, Long> recorded = new TreeMap<>();
        record.path("rows_by_status").fields().forEachRemaining(e -> recorded.put(e.getKey(), e.getValue().asLong()));
        Map<String, Long> table = new TreeMap<>();
        try (SparkSessions.Session s = SparkSessions.session("rules test", Optional.of("local[2]"))) {
            for (Row r : new ResultStore(out).read(s.spark()).where(functions.col(ResultColumns.RUN_ID).equalTo("int"))
                    .groupBy(ResultColumns.STATUS).count().collectAsList()) {
                table.put(r.getString(0), r.getLong(1));
            }
        }
        assertTrue(!table.isEmpty(), "chunks were committed before the SIGTERM");
        assertEquals(table, recorded, "the record shows what is committed: " + record);
        assertTrue(!record.path("complete").asBoolean());
        Path lease = out.resolve("lease");
        try (RunLease next = RunLease.acquire(dev.regtune.job.storage.Location.local(lease), "int", "after")) {
            assertTrue(next.held(), "the interrupted sweep released the folder");
        }
    }

    private static long published(Path out) throws IOException {
        Path partition = out.resolve("results/run_id=int/arch=sm_90");
        if (!Files.isDirectory(partition)) {
            return 0;
        }
        try (Stream<Path> chunks = Files.list(partition)) {
            return chunks.count();
        }
    }
}
