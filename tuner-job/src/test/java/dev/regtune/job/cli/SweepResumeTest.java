package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepConfiguration;
import dev.regtune.job.sweep.SweepFixtures;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep killed part-way (SIGKILL of its JVM, no chance to clean up) and then resumed: the table
 * ends with exactly the sweep's keys, each once, and the rows committed before the kill are kept
 * as they were.
 */
class SweepResumeTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void aRunKilledPartWayResumesToExactlyTheExpectedRows() throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path space = SweepFixtures.tinySpace(dir);
        Path out = dir.resolve("out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                RegtuneMain.class.getName(), "sweep", "--master", "local[2]", "--kernels",
                SweepFixtures.CORPUS_SM90.toString(), "--space", space.toString(), "--out", out.toString(),
                "--run-id", "killed", "--chunk-size", "16", "--partitions", "2")
                .redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        Map<Path, Long> before;
        try {
            before = waitForCommittedFiles(out.resolve("results"), 3, child);
        } finally {
            child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        Assumptions.assumeTrue(before.size() >= 3, "the child sweep finished or failed before it could be killed");

        Cli.Run resumed = Cli.run("sweep", "--master", "local[2]", "--kernels", SweepFixtures.CORPUS_SM90.toString(),
                "--space", space.toString(), "--out", out.toString(), "--run-id", "killed", "--resume");
        assertEquals(0, resumed.exit(), resumed.err());
        assertTrue(resumed.out().matches("(?s).*\\n  [1-9]\\d* already in the table \\(skipped\\), [1-9]\\d* evaluated now.*"),
                resumed.out());

        Set<String> expected = new TreeSet<>();
        KernelCatalog catalog = KernelCatalog.of(KernelSource.folder(SweepFixtures.CORPUS_SM90), Optional.empty(), "sm_90");
        List<SweepConfiguration> configs = Sampler.of("grid", 0).stream(SpaceSpecReader.read(space), Long.MAX_VALUE)
                .map(SweepConfiguration::of).toList();
        catalog.kernels().forEach(k -> configs.forEach(c -> expected.add(k.id() + "/" + c.configId())));

        try (SparkSessions.Session s = SparkSessions.session("resume test", Optional.of("local[2]"))) {
            List<Row> rows = new ResultStore(out).read(s.spark())
                    .select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID).collectAsList();
            List<String> keys = rows.stream().map(r -> r.getString(0) + "/" + r.getString(1)).toList();
            assertEquals(expected.size(), keys.size(), "no row twice, none missing");
            assertEquals(expected, new TreeSet<>(keys));
        }
        for (Map.Entry<Path, Long> f : before.entrySet()) {
            assertTrue(Files.isRegularFile(f.getKey()), "committed before the kill and kept: " + f.getKey());
            assertEquals(f.getValue(), Files.size(f.getKey()), "unchanged: " + f.getKey());
        }
    }

    /** Waits until at least {@code n} committed Parquet files exist (or the child ends); returns them with their sizes. */
    private static Map<Path, Long> waitForCommittedFiles(Path results, int n, Process child)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        Map<Path, Long> files = new TreeMap<>();
        while (System.nanoTime() < deadline && child.isAlive()) {
            files = committed(results);
            if (files.size() >= n) {
                break;
            }
            Thread.sleep(50);
        }
        return files;
    }

    private static Map<Path, Long> committed(Path results) throws IOException {
        // Spark deletes its _temporary folders while the walk runs; a walk that meets a vanished
        // folder is simply taken again.
        for (int attempt = 1; ; attempt++) {
            try {
                return committedOnce(results);
            } catch (java.io.UncheckedIOException e) {
                if (!(e.getCause() instanceof java.nio.file.NoSuchFileException) || attempt == 20) {
                    throw e;
                }
            }
        }
    }

    private static Map<Path, Long> committedOnce(Path results) throws IOException {
        Map<Path, Long> files = new TreeMap<>();
        if (!Files.isDirectory(results)) {
            return files;
        }
        try (Stream<Path> walk = Files.walk(results)) {
            for (Path p : walk.toList()) {
                String s = results.relativize(p).toString();
                if (s.endsWith(".parquet") && !s.contains("_temporary") && !p.getFileName().toString().startsWith(".")) {
                    try {
                        files.put(p, Files.size(p));
                    } catch (java.nio.file.NoSuchFileException e) {
                        // moved while we looked: the next poll sees it
                    }
                }
            }
        }
        return files;
    }
}
