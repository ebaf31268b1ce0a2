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
    /** Points and how often each is passed by one uninterrupted sweep of the fixture (5 kernels x 8 configurations, chunks of 6). */
    private static final Map<String, Integer> POINTS = new TreeMap<>(Map.of(
            "plan.start", 1, "plan.leased", 1, "plan.keys-read", 1, "plan.configuration", 8,
            "task.evaluate", 40, "stage.before-write", 8, "stage.after-write", 8,
            "publish.before-rename", 8, "publish.after-rename", 8, "record.before-move", 10));
    private static final int KILLS = 20;
    private static final int MAX_ROUNDS = 16;
    private static final int PARALLEL = 2;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void everyKeyIsInTheTableOnceWhateverWasKilledWhen() throws Exception {
        Path kernels = kernels();
        Path space = SweepFixtures.tinySpace(dir);
        Set<String> expected = expectedKeys(kernels, space);
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
            String kill = killedChild(kernels, space, out, runId, resume, random, round);
            if (kill != null) {
                kills.add("round " + round + (resume ? " resume" : " first") + ": " + kill);
            }
            synchronized (SweepFaultInjectionTest.class) {
                assertNoKeyTwice(spark, out, "after " + kill);
            }
        }
        synchronized (SweepFaultInjectionTest.class) {
            Cli.Run done = Cli.run("sweep", "--master", "local[2]", "--kernels", kernels.toString(), "--space",
                    space.toString(), "--out", out.toString(), "--run-id", runId, "--chunk-size", "6", "--resume");
            assertEquals(0, done.exit(), "round " + round + ": " + done.err());
            assertExactlyOnce(spark, out, runId, expected, "round " + round + " " + kills);
        }
    }

    /**
     * Runs a child sweep and kills it: at a drawn fault point (three draws in four) or after a drawn
     * delay. Returns what killed it, or null when it completed before the kill.
     */
    private String killedChild(Path kernels, Path space, Path out, String runId, boolean resume, Random random,
            int round) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
        boolean byPoint = random.nextInt(4) != 0;
        String point = null;
        int at = 0;
        if (byPoint) {
            List<String> names = new ArrayList<>(POINTS.keySet());
            point = names.get(random.nextInt(names.size()));
            at = 1 + random.nextInt(POINTS.get(point));
            cmd.add("-Dregtune.fault.point=" + point);
            cmd.add("-Dregtune.fault.at=" + at);
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), RegtuneMain.class.getName(), "sweep",
                "--master", "local[2]", "--kernels", kernels.toString(), "--space", space.toString(), "--out",
                out.toString(), "--run-id", runId, "--chunk-size", "6", "--partitions", "2"));
        if (resume) {
            cmd.add("--resume");
        }
        Path log = dir.resolve("child-" + round + (resume ? "-resume" : "") + ".log");
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        String what;
        if (byPoint) {
            boolean ended = child.waitFor(180, TimeUnit.SECONDS);
            assertTrue(ended, "the child ended: " + log);
            int exit = child.exitValue();
            assertTrue(exit == 0 || exit == FaultPoints.HALT_STATUS, "exit " + exit + ": "
                    + Files.readString(log, StandardCharsets.UTF_8));
            what = exit == FaultPoints.HALT_STATUS ? point + " #" + at : null;
        } else {
            long delay = 1000 + random.nextInt(5000);
            boolean ended = child.waitFor(delay, TimeUnit.MILLISECONDS);
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            what = ended ? null : "SIGKILL after " + delay + " ms";
        }
        return what;
    }

    private static void assertNoKeyTwice(SparkSession spark, Path out, String when) {
        ResultStore store = new ResultStore(out);
        if (!store.hasResults()) {
            return;
        }
        long rows = store.read(spark).count();
        long keys = store.read(spark).select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID,
                ResultColumns.MODEL_VERSION).distinct().count();
        assertEquals(keys, rows, "no key twice " + when);
    }

    private static void assertExactlyOnce(SparkSession spark, Path out, String runId, Set<String> expected, String when)
            throws IOException {
        ResultStore store = new ResultStore(out);
        List<String> keys = store.read(spark).select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID)
                .collectAsList().stream().map(r -> r.getString(0) + "/" + r.getString(1)).toList();
        assertEquals(expected.size(), keys.size(), "no row twice, none missing, " + when);
        assertEquals(expected, new TreeSet<>(keys), when);
        Map<String, Long> table = new TreeMap<>();
        for (Row r : store.read(spark).where(functions.col(ResultColumns.RUN_ID).equalTo(runId))
                .groupBy(ResultColumns.STATUS).count().collectAsList()) {
            table.put(r.getString(0), r.getLong(1));
        }
        JsonNode record = new ObjectMapper().readTree(store.runRecord(runId).readString());
        Map<String, Long> recorded = new TreeMap<>();
        record.path("rows_by_status").fields().forEachRemaining(e -> recorded.put(e.getKey(), e.getValue().asLong()));
        assertEquals(table, recorded, "the run record counts what the table holds, " + when);
        assertTrue(record.path("complete").asBoolean(), when);
        try (Stream<Path> staged = Files.walk(store.staging().localPath().orElseThrow())) {
            assertEquals(List.of(), staged.filter(Files::isRegularFile).toList(), "nothing left in staging, " + when);
        } catch (java.nio.file.NoSuchFileException e) {
            // no staging folder at all
        }
    }

    /** Three corpus modules, five kernels. */
    private Path kernels() throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path k = Files.createDirectories(dir.resolve("kernels"));
        for (String m : List.of("elementwise.ptx", "transpose.ptx", "live_through.ptx")) {
            Files.copy(SweepFixtures.CORPUS_SM90.resolve(m), k.resolve(m));
        }
        return k;
    }

    private static Set<String> expectedKeys(Path kernels, Path space) throws IOException {
        Set<String> expected = new TreeSet<>();
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(kernels), Optional.empty(), "sm_90");
        List<SweepConfiguration> configs = Sampler.of("grid", 0).stream(SpaceSpecReader.read(space), Long.MAX_VALUE)
                .map(SweepConfiguration::of).toList();
        catalog.kernels().forEach(k -> configs.forEach(c -> expected.add(k.id() + "/" + c.configId())));
        return expected;
    }
}
