package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
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
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Assumptions;

/**
 * Killing sweeps of the fault-injection fixture (three corpus modules, five kernels, the tiny space:
 * 5 kernels x 8 configurations, chunks of 6) in child JVMs, and checking the table afterwards: what
 * {@link SweepFaultInjectionTest} does on a local folder and {@code HdfsSweepTest} on HDFS.
 */
final class SweepKills {
    /** Points and how often each is passed by one uninterrupted sweep of the fixture. */
    static final Map<String, Integer> POINTS = new TreeMap<>(Map.of(
            "plan.start", 1, "plan.leased", 1, "plan.keys-read", 1, "plan.configuration", 8,
            "task.evaluate", 40, "stage.before-write", 8, "stage.after-write", 8,
            "publish.before-rename", 8, "publish.after-rename", 8, "record.before-move", 10));

    private SweepKills() {
    }

    /**
     * Runs {@code regtune sweep ARGS} in a child JVM and kills it: at a drawn fault point (three
     * draws in four) or after a drawn delay. Returns what killed it, or null when it completed
     * before the kill.
     */
    static String killedChild(List<String> sweepArgs, Path log, Random random)
            throws IOException, InterruptedException {
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
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), RegtuneMain.class.getName(), "sweep"));
        cmd.addAll(sweepArgs);
        Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (byPoint) {
            boolean ended = child.waitFor(180, TimeUnit.SECONDS);
            assertTrue(ended, "the child ended: " + log);
            int exit = child.exitValue();
            assertTrue(exit == 0 || exit == FaultPoints.HALT_STATUS, "exit " + exit + ": "
                    + Files.readString(log, StandardCharsets.UTF_8));
            return exit == FaultPoints.HALT_STATUS ? point + " #" + at : null;
        }
        long delay = 1000 + random.nextInt(5000);
        boolean ended = child.waitFor(delay, TimeUnit.MILLISECONDS);
        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        return ended ? null : "SIGKILL after " + delay + " ms";
    }

    /** No (kernel, configuration, model version) key is in the table twice. */
    static void assertNoKeyTwice(SparkSession spark, ResultStore store, String when) {
        if (!store.hasResults()) {
            return;
        }
        long rows = store.read(spark).count();
        long keys = store.read(spark).select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID,
                ResultColumns.MODEL_VERSION).distinct().count();
        assertEquals(keys, rows, "no key twice " + when);
    }

    /**
     * Every expected key is in the table once, the run record (complete) counts what the table
     * holds, and nothing is left in staging.
     */
    static void assertExactlyOnce(SparkSession spark, ResultStore store, String runId, Set<String> expected,
            String when) throws IOException {
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
        assertFalse(store.staging().anyFile(Integer.MAX_VALUE, f -> true), "nothing left in staging, " + when);
    }

    /** Three corpus modules, five kernels, copied into {@code dir/kernels}. */
    static Path kernels(Path dir) throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path k = Files.createDirectories(dir.resolve("kernels"));
        for (String m : List.of("elementwise.ptx", "transpose.ptx", "live_through.ptx")) {
            Files.copy(SweepFixtures.CORPUS_SM90.resolve(m), k.resolve(m));
        }
        return k;
    }

    /** "KERNEL_ID/CONFIG_ID" of every pair of the grid of {@code space} over {@code kernels}. */
    static Set<String> expectedKeys(Path kernels, Path space) {
        Set<String> expected = new TreeSet<>();
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(kernels), Optional.empty(), "sm_90");
        List<SweepConfiguration> configs = Sampler.of("grid", 0).stream(SpaceSpecReader.read(space), Long.MAX_VALUE)
                .map(SweepConfiguration::of).toList();
        catalog.kernels().forEach(k -> configs.forEach(c -> expected.add(k.id() + "/" + c.configId())));
        return expected;
    }
}
