package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.FaultPoints;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepConfiguration;
import dev.regtune.job.sweep.SweepFixtures;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly once under crashes: sweeps in child JVMs are killed at random points (a {@link FaultPoints}
 * point and passage drawn at random, which halts the JVM as SIGKILL would, on the driver side while
 * planning, staging, publishing or writing the run record, and on the executor side while
 * evaluating; and SIGKILL after a random delay), a second child resumes the killed run and is
 * killed in turn, and after each round a resume to completion must leave every key of the sweep in
 * the table exactly once and a run record whose counts are the table's. Between the kills no key
 * may ever be in the table twice. The seed of the draws is printed, so a failure can be replayed.
 */
class SweepFaultInjectionTest {
    private static final int KILLS = 20;
    private static final int MAX_ROUNDS = 16;
    private static final int PARALLEL = 2;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyKeyIsInTheTableOnceWhateverWasKilledWhen() throws Exception {
        Path kernels = SweepKills.kernels(dir);
        Path space = SweepFixtures.tinySpace(dir);
        Set<String> expected = SweepKills.expectedKeys(kernels, space);
        long seed = Long.getLong("regtune.fault.seed", System.nanoTime());
        System.out.println("SweepFaultInjectionTest seed " + seed + " (replay with -Dregtune.fault.seed=" + seed + ")");
        List<String> kills = java.util.Collections.synchronizedList(new ArrayList<>());
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(PARALLEL);
        try (SparkSessions.Session session = SparkSessions.session("fault injection test", Optional.of("local[2]"))) {
            // rounds run two at a time (their children mostly wait on JVM and Spark start-up); the
            // resumes to completion share this JVM's session, one at a time
            for (int wave = 0; wave * PARALLEL < MAX_ROUNDS && kills.size() < KILLS; wave++) {
                List<java.util.concurrent.Future<?>> rounds = new ArrayList<>();
                for (int i = 0; i < PARALLEL; i++) {
                    int round = wave * PARALLEL + i;
                    rounds.add(pool.submit(() -> {
                        round(kernels, space, expected, new Random(seed + round), round, kills, session.spark());
                        return null;
                    }));
                }
                for (java.util.concurrent.Future<?> f : rounds) {
                    try {
                        f.get();
                    } catch (java.util.concurrent.ExecutionException e) {
                        if (e.getCause() instanceof Error err) {
                            throw err;
                        }
                        throw new AssertionError(e.getCause());
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        System.out.println("SweepFaultInjectionTest kills:\n  " + String.join("\n  ", kills));
        assertTrue(kills.size() >= KILLS, "at least " + KILLS + " kills, got " + kills.size() + ": " + kills);
    }

    /** One round: a sweep killed, its resume killed, a resume to completion, and the checks. */
    private void round(Path kernels, Path space, Set<String> expected, Random random, int round, List<String> kills,
            SparkSession spark) throws IOException, InterruptedException {
        Path out = dir.resolve("round-" + round);
        String runId = "r" + round;
        for (boolean resume : new boolean[] {false, true}) {
            List<String> args = new ArrayList<>(List.of("--master", "local[2]", "--kernels", kernels.toString(),
                    "--space", space.toString(), "--out", out.toString(), "--run-id", runId, "--chunk-size", "6",
                    "--partitions", "2"));
            if (resume) {
                args.add("--resume");
            }
            String kill = SweepKills.killedChild(args, dir.resolve("child-" + round + (resume ? "-resume" : "")
                    + ".log"), random);
            if (kill != null) {
                kills.add("round " + round + (resume ? " resume" : " first") + ": " + kill);
            }
            synchronized (SweepFaultInjectionTest.class) {
                SweepKills.assertNoKeyTwice(spark, new ResultStore(out), "after " + kill);
            }
        }
        synchronized (SweepFaultInjectionTest.class) {
            Cli.Run done = Cli.run("sweep", "--master", "local[2]", "--kernels", kernels.toString(), "--space",
                    space.toString(), "--out", out.toString(), "--run-id", runId, "--chunk-size", "6", "--resume");
            assertEquals(0, done.exit(), "round " + round + ": " + done.err());
            SweepKills.assertExactlyOnce(spark, new ResultStore(out), runId, expected, "round " + round + " " + kills);
        }
    }
}
