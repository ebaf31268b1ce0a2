package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.storage.Location;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.RemoteKernels;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sweep's paths are Hadoop paths, on a real HDFS: one {@link MiniDFSCluster} (a NameNode and a
 * DataNode in this JVM) for the class. Kernels and the space are read from HDFS, the results written
 * there, {@code select}, {@code export} and {@code report} read them back and write their files there
 * (the profile byte for byte the one of the same sweep on a local folder, but for the results folder
 * it names), a manifest there gives the kernels it gives locally, and a sweep killed on HDFS
 * ({@link SweepKills}, as {@link SweepFaultInjectionTest} kills local ones) resumes to every key once.
 */
class HdfsSweepTest {
    @TempDir
    static Path dir;

    private static MiniDFSCluster cluster;
    private static SparkSessions.Session session;
    private static String hdfs;
    private static Path kernels;
    private static Path space;
    private static Set<String> expected;

    @BeforeAll
    static void startHdfs() throws IOException {
        kernels = SweepKills.kernels(dir);
        space = SweepFixtures.tinySpace(dir);
        expected = SweepKills.expectedKeys(kernels, space);
        Configuration conf = new Configuration();
        cluster = new MiniDFSCluster.Builder(conf, dir.resolve("dfs").toFile()).numDataNodes(1).build();
        cluster.waitActive();
        hdfs = cluster.getURI().toString();
        FileSystem fs = cluster.getFileSystem();
        fs.copyFromLocalFile(hadoop(kernels), new org.apache.hadoop.fs.Path("/in/kernels"));
        fs.copyFromLocalFile(hadoop(space), new org.apache.hadoop.fs.Path("/in/tiny.json"));
        session = SparkSessions.session("hdfs tests", Optional.of("local[2]"));
    }

    private static org.apache.hadoop.fs.Path hadoop(Path local) {
        return new org.apache.hadoop.fs.Path(local.toUri());
    }

    @AfterAll
    static void stopHdfs() {
        if (session != null) {
            session.close();
        }
        if (cluster != null) {
            cluster.shutdown();
        }
    }

    private static SparkSession spark() {
        return session.spark();
    }

    private static List<String> sweepArgs(String kernelsAt, String spaceAt, String out, String runId) {
        return new ArrayList<>(List.of("--master", "local[2]", "--kernels", kernelsAt, "--space", spaceAt, "--out",
                out, "--run-id", runId, "--chunk-size", "6", "--partitions", "2"));
    }

    private static Cli.Run cli(List<String> args) {
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void kernelsSpaceAndResultsOnHdfsAndSelectExportReportReadThemBack() throws IOException {
        String out = hdfs + "/sweeps/a";
        List<String> sweep = new ArrayList<>(List.of("sweep"));
        sweep.addAll(sweepArgs(hdfs + "/in/kernels", hdfs + "/in/tiny.json", out, "h1"));
        Cli.Run run = cli(sweep);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("results: " + out + "/results"), run.out());
        ResultStore store = new ResultStore(Location.of(out));
        SweepKills.assertExactlyOnce(spark(), store, "h1", expected, "a sweep on HDFS");
        for (Row r : store.read(spark()).select(ResultColumns.SOURCE).distinct().collectAsList()) {
            assertTrue(r.getString(0).startsWith(hdfs + "/in/kernels/"), "the source column names the HDFS file: "
                    + r.getString(0));
        }

        Cli.Run select = Cli.run("select", "--results", out);
        assertEquals(0, select.exit(), select.err());
        assertTrue(Location.of(out + "/selection.json").isFile(), "select wrote next to the results: " + select.out());
        Cli.Run export = Cli.run("export", "--selection", out + "/selection.json", "--out", out + "/profile.json");
        assertEquals(0, export.exit(), export.err());
        Cli.Run report = Cli.run("report", "--results", out, "--out", out + "/report.html");
        assertEquals(0, report.exit(), report.err());
        assertTrue(Location.of(out + "/report.html").readString().startsWith("<!DOCTYPE html>"), "an HTML page");

        // the same sweep on a local folder exports the same profile, but for where its results were
        Path local = dir.resolve("local");
        List<String> localSweep = new ArrayList<>(List.of("sweep"));
        localSweep.addAll(sweepArgs(kernels.toString(), space.toString(), local.toString(), "h1"));
        assertEquals(0, cli(localSweep).exit());
        assertEquals(0, Cli.run("select", "--results", local.toString()).exit());
        assertEquals(0, Cli.run("export", "--selection", local.resolve("selection.json").toString(), "--out",
                local.resolve("profile.json").toString()).exit());
        assertEquals(Files.readString(local.resolve("profile.json"), StandardCharsets.UTF_8)
                .replace(local.toString(), out), Location.of(out + "/profile.json").readString());
    }

    @Test
    void aManifestOnHdfsGivesTheKernelsTheSameManifestGivesLocally() throws IOException {
        // a checkout's layout: the manifest names its PTX files relative to the repository root
        Path repo = dir.resolve("repo");
        Path ptx = Files.createDirectories(repo.resolve("datasets/corpus/ptx/sm_90"));
        List<String> lines = Files.readAllLines(Path.of("../datasets/corpus/manifest.csv"), StandardCharsets.UTF_8);
        List<String> kept = new ArrayList<>(List.of(lines.get(0)));
        for (String line : lines) {
            for (String module : List.of("elementwise", "transpose")) {
                if (line.contains(",datasets/corpus/ptx/sm_90/" + module + ".ptx,")) {
                    kept.add(line);
                    if (!Files.exists(ptx.resolve(module + ".ptx"))) {
                        Files.copy(SweepFixtures.CORPUS_SM90.resolve(module + ".ptx"), ptx.resolve(module + ".ptx"));
                    }
                }
            }
        }
        String first = kept.get(1); // and a row (of its own id) whose file is nowhere
        kept.add("0123456789abcdef"
                + first.substring(first.indexOf(',')).replace("/elementwise.ptx,", "/missing.ptx,"));
        Path manifest = repo.resolve("datasets/corpus/manifest.csv");
        Files.write(manifest, kept, StandardCharsets.UTF_8);
        cluster.getFileSystem().copyFromLocalFile(hadoop(repo), new org.apache.hadoop.fs.Path("/repo"));

        KernelCatalog local = KernelCatalog.of(KernelSource.manifest(manifest), Optional.empty(), "sm_90");
        Location onHdfs = Location.of(hdfs + "/repo/datasets/corpus/manifest.csv");
        KernelCatalog remote = KernelCatalog.of(RemoteKernels.of(onHdfs), Optional.empty(), "sm_90");
        assertTrue(local.size() >= 3, "kernels of two modules: " + local.size());
        assertEquals(local.kernels(), remote.kernels(), "same ids, entries, sources, families, architectures");
        assertEquals(local.fingerprint(), remote.fingerprint());
        for (int m = 0; m < local.modules(); m++) {
            assertEquals(local.module(m), remote.module(m));
        }
        assertEquals(1, remote.unreadable().size(), "the missing file is reported, not fatal: " + remote.unreadable());
        assertEquals(local.unreadable(), remote.unreadable(), "named and worded as locally");
    }

    @Test
    @Timeout(value = 6, unit = TimeUnit.MINUTES)
    void aSweepKilledOnHdfsResumesToEveryKeyOnce() throws Exception {
        long seed = Long.getLong("regtune.fault.seed", System.nanoTime());
        System.out.println("HdfsSweepTest seed " + seed + " (replay with -Dregtune.fault.seed=" + seed + ")");
        Random random = new Random(seed);
        String out = hdfs + "/sweeps/killed";
        ResultStore store = new ResultStore(Location.of(out));
        List<String> kills = new ArrayList<>();
        for (boolean resume : new boolean[] {false, true}) {
            List<String> args = sweepArgs(hdfs + "/in/kernels", hdfs + "/in/tiny.json", out, "k1");
            if (resume) {
                args.add("--resume");
            }
            String kill = SweepKills.killedChild(args, dir.resolve("hdfs-child" + (resume ? "-resume" : "") + ".log"),
                    random);
            kills.add(kill == null ? "completed" : kill);
            SweepKills.assertNoKeyTwice(spark(), store, "after " + kill);
        }
        List<String> resume = new ArrayList<>(List.of("sweep"));
        resume.addAll(sweepArgs(hdfs + "/in/kernels", hdfs + "/in/tiny.json", out, "k1"));
        resume.add("--resume");
        Cli.Run done = cli(resume);
        assertEquals(0, done.exit(), done.err());
        System.out.println("HdfsSweepTest kills: " + kills);
        SweepKills.assertExactlyOnce(spark(), store, "k1", expected, "after " + kills);
    }

    @Test
    void anObjectStoreOutAndAnUnknownSchemeAreOneSentence() {
        Cli.Run s3 = Cli.run("sweep", "--kernels", kernels.toString(), "--space", space.toString(), "--out",
                "s3a://bucket/sweeps/x");
        assertEquals(2, s3.exit());
        assertEquals("regtune: --out 's3a://bucket/sweeps/x' is on an object store (s3a:), where renaming a folder "
                + "copies it object by object, so a chunk could be seen or left half committed; write the sweep to "
                + "HDFS or a local or shared path and copy the finished folder to the store (select, export and "
                + "report read it there).", s3.err().strip());
        Cli.Run unknown = Cli.run("select", "--results", "nosuch://host/out");
        assertEquals(2, unknown.exit());
        assertEquals("regtune: --results 'nosuch://host/out' has scheme 'nosuch', for which no Hadoop FileSystem is "
                + "on the class path; use a plain path, file:, hdfs:, or add the scheme's connector (hadoop-aws for "
                + "s3a:, hadoop-azure for abfs:, gcs-connector for gs:).", unknown.err().strip());
    }
}
