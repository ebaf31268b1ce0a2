package dev.regtune.job.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.cli.RegtuneMain;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

/**
 * {@code spark-submit} of the job jar to a standalone cluster (a master and two workers, each a
 * separate JVM, executors in JVMs of their own): the sweep's Parquet table equals that of the same
 * sweep run embedded in local mode, row for row, but for {@code eval_micros} (wall time).
 */
class ClusterSweepIT {
    private static final String RUN_ID = "cluster-it";
    private static final int KERNELS = 54;
    private static final int CONFIGURATIONS = 6;

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void aSweepOnTheClusterWritesTheRowsOfALocalRun() throws Exception {
        BuildArtifacts build = BuildArtifacts.fromSystemProperties();
        Path dir = build.freshDir("ClusterSweepIT");

        Path onCluster = dir.resolve("cluster-out");
        try (StandaloneCluster cluster = StandaloneCluster.start(build, dir.resolve("cluster"), 2)) {
            ChildJvm submit = new Submission(build, cluster.masterUrl(), cluster.sparkEnvironment())
                    .sweep("submit-cluster", sweep(build, onCluster), dir);
            assertEquals(0, submit.waitFor(100).orElse(-1), submit.logTail(60) + "\n" + cluster.logTails());
            // Without --master the sweep takes spark-submit's: it ran on the cluster, not embedded.
            assertTrue(Files.readString(submit.log()).contains(" on " + cluster.masterUrl()), submit.logTail(60));
            assertEquals(1, cluster.masterState().path("completedapps").size(), cluster.masterState().toPrettyString());
        }

        // The reference: the same sweep as 'regtune sweep --master local[2]' runs it, embedded in this
        // JVM (whose Spark is then warm for reading both tables).
        Path local = dir.resolve("local-out");
        List<String> args = new ArrayList<>(List.of("sweep", "--master", "local[2]"));
        args.addAll(sweep(build, local));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine regtune = RegtuneMain.commandLine();
        regtune.setOut(new PrintWriter(out, true));
        regtune.setErr(new PrintWriter(err, true));
        assertEquals(0, regtune.execute(args.toArray(String[]::new)), out + "\n" + err);

        SparkSession spark = SparkSessions.open("ClusterSweepIT", Optional.of("local[1]"));
        try {
            List<String> localRows = rows(spark, local);
            assertEquals(KERNELS * CONFIGURATIONS, localRows.size());
            assertEquals(localRows, rows(spark, onCluster));
        } finally {
            spark.stop();
        }
        assertTrue(Files.isRegularFile(onCluster.resolve("runs").resolve(RUN_ID + ".json")));
    }

    /** The sweep of both runs: the sm_90 kernels of the corpus x a few sampled configurations, a few seconds' work. */
    private static List<String> sweep(BuildArtifacts build, Path out) {
        return List.of(
                "--kernels", build.inProject("datasets/corpus/manifest.csv").toString(),
                "--space", build.inProject("spaces/quickstart.json").toString(),
                "--sampler", "random", "-n", Integer.toString(CONFIGURATIONS), "--seed", "7", "--arch", "sm_90",
                "--run-id", RUN_ID, "--partitions", "8", "--out", out.toString());
    }

    /** The run's rows without eval_micros, each as one line, sorted. */
    private static List<String> rows(SparkSession spark, Path out) {
        Dataset<Row> table = new ResultStore(out).read(spark).where(functions.col(ResultColumns.RUN_ID).equalTo(RUN_ID));
        Column[] columns = Arrays.stream(table.columns())
                .filter(c -> !c.equals(ResultColumns.EVAL_MICROS))
                .map(functions::col)
                .toArray(Column[]::new);
        return table.select(columns).collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
