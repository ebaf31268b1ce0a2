package dev.regtune.job.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A worker (and the executor it runs) dies while a sweep is half done: Spark runs the lost tasks
 * again on the other worker, and the table gets every row exactly once, because a task's Parquet
 * files only become part of the table when the whole write commits.
 */
class WorkerLossIT {
    private static final String RUN_ID = "worker-loss-it";
    /**
     * The sm_90 kernels of the corpus x 640 Sobol points of {@code ptxas-core.json} (those of sm_90:
     * 17,334 evaluations; the plan printed by the sweep says how many) in 10 tasks of several
     * seconds each, so that the task running on the worker when it is killed is still running. With
     * the quickstart grid (1,134 evaluations) the whole sweep took 7 s and the killed worker's task
     * could finish before it died, leaving no task to lose.
     */
    private static final int KERNELS = 54;
    private static final String SAMPLES = "640";
    private static final int TASKS = 10;
    /** The sweep's plan: kernels x configurations (of every architecture) = evaluations (of sm_90's). */
    private static final Pattern PLAN = Pattern.compile("(\\d+) kernels x (\\d+) configurations = (\\d+) evaluations");
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration WAIT = Duration.ofSeconds(100);
    /** The fewest tasks of the chunk job the worker is killed in. */
    private static final int LEAST_TASKS = 8;

    @Test
    @Timeout(value = 170, unit = TimeUnit.SECONDS)
    void theSweepCompletesWithEveryRowOnceAfterAWorkerIsKilled() throws Exception {
        BuildArtifacts build = BuildArtifacts.fromSystemProperties();
        Path dir = build.freshDir("WorkerLossIT");
        Path out = dir.resolve("out");
        long evaluations;
        int uiPort = StandaloneCluster.freePort();
        try (StandaloneCluster cluster = StandaloneCluster.start(build, dir.resolve("cluster"), 2)) {
            ChildJvm submit = new Submission(build, cluster.masterUrl(), cluster.sparkEnvironment())
                    .conf("spark.ui.enabled", "true") // its REST API tells when the sweep is part-way
                    .conf("spark.ui.port", Integer.toString(uiPort))
                    .sweep("submit", List.of(
                            "--kernels", build.inProject("datasets/corpus/manifest.csv").toString(),
                            "--space", build.inProject("spaces/ptxas-core.json").toString(),
                            "--sampler", "sobol", "-n", SAMPLES,
                            "--arch", "sm_90", "--run-id", RUN_ID, "--partitions", Integer.toString(TASKS),
                            "--out", out.toString(), "--verbose"), dir); // --verbose keeps Spark's log, which names the lost executor

            JsonNode partWay = awaitJob(submit, uiPort, "a quarter of the tasks done, two running",
                    job -> job.path("numCompletedTasks").asInt() >= job.path("numTasks").asInt() / 4
                            && job.path("numActiveTasks").asInt() >= 2);
            cluster.killWorker(0);
            assertFalse(cluster.workerAlive(0));
            // The driver counts the task that was running on the lost executor as failed, and runs it again.
            JsonNode afterLoss = awaitJob(submit, uiPort, "a task lost with the executor",
                    job -> job.path("numFailedTasks").asInt() >= 1);

            assertEquals(0, submit.waitFor(150).orElse(-1), "killed at " + partWay + "\nthen " + afterLoss + "\n"
                    + submit.logTail(60) + "\n" + cluster.logTails());
            assertEquals(1, cluster.masterState().path("aliveworkers").asInt(), cluster.masterState().toPrettyString());
            assertTrue(Files.readString(submit.log()).contains("Lost executor"), submit.logTail(60));
            Matcher plan = PLAN.matcher(Files.readString(submit.log()));
            assertTrue(plan.find(), submit.logTail(60));
            assertEquals(KERNELS, Integer.parseInt(plan.group(1)));
            evaluations = Long.parseLong(plan.group(3));
        }

        SparkSession spark = SparkSessions.open("WorkerLossIT", Optional.of("local[1]"));
        try {
            Dataset<Row> rows = new ResultStore(out).read(spark).where(functions.col(ResultColumns.RUN_ID).equalTo(RUN_ID));
            assertEquals(evaluations, rows.count());
            Dataset<Row> keys = rows.select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID, ResultColumns.MODEL_VERSION);
            assertEquals(evaluations, keys.distinct().count());
            assertEquals(KERNELS, rows.select(ResultColumns.KERNEL_ID).distinct().count());
            long configurations = rows.select(ResultColumns.CONFIG_ID).distinct().count();
            assertEquals(evaluations, KERNELS * configurations, "every kernel under every configuration of sm_90");
        } finally {
            spark.stop();
        }
    }

    /**
     * Polls the driver's REST API until one of the sweep's chunk jobs (a running job of at least
     * {@value #LEAST_TASKS} tasks) satisfies {@code condition}, and returns the job's state then.
     */
    private static JsonNode awaitJob(ChildJvm submit, int uiPort, String what, Predicate<JsonNode> condition)
            throws IOException, InterruptedException {
        URI api = URI.create("http://127.0.0.1:" + uiPort + "/api/v1/applications");
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!submit.isAlive()) {
                throw new AssertionError("the sweep ended before " + what + "\n" + submit.logTail(60));
            }
            try {
                JsonNode apps = StandaloneCluster.getJson(api);
                if (apps.size() > 0) {
                    String app = apps.get(0).path("id").asText();
                    for (JsonNode job : StandaloneCluster.getJson(URI.create(api + "/" + app + "/jobs?status=running"))) {
                        if (job.path("numTasks").asInt() >= LEAST_TASKS && condition.test(job)) {
                            return job;
                        }
                    }
                }
            } catch (IOException e) {
                // the driver's UI is not up yet
            }
            Thread.sleep(POLL.toMillis());
        }
        throw new AssertionError("no " + what + " within " + WAIT + "\n" + submit.logTail(60));
    }
}
