package dev.regtune.job.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on 127.0.0.1 for the integration tests: one Master and N Workers (one
 * core, 1 GiB each), every one a child JVM run from Spark's own jars, the same jars a Spark
 * installation has, so no Spark download is needed. Closing it kills every process it started,
 * executors included.
 *
 * <p>A Worker builds its executors' class path from {@code $SPARK_HOME/jars}; this cluster's Spark
 * home is a folder of links to the build's Spark jars. Every log (master, workers, and the
 * executors' stdout and stderr in each worker's work folder) stays under the cluster's folder.
 */
final class StandaloneCluster implements AutoCloseable {
    /** Daemons do little work: a small heap, and the C1 compiler only, start fastest on two cores. */
    private static final List<String> DAEMON_JVM_OPTIONS =
            Stream.concat(Stream.of("-Xmx512m"), Submission.FAST_START_JVM_OPTIONS.stream()).toList();
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final BuildArtifacts build;
    private final Path dir;
    private final Path sparkHome;
    private final int masterPort;
    private final int masterWebUiPort;
    private final List<ChildJvm> processes = new ArrayList<>();
    private final List<ChildJvm> workers = new ArrayList<>();
    private final Thread killOnExit;

    private StandaloneCluster(BuildArtifacts build, Path dir) throws IOException {
        this.build = build;
        this.dir = dir;
        this.sparkHome = sparkHome(build);
        this.masterPort = freePort();
        this.masterWebUiPort = freePort();
        // If the test JVM is stopped (failsafe's timeout, Ctrl-C), the cluster goes with it.
        this.killOnExit = new Thread(this::killAll, "kill standalone cluster");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Starts a master and {@code workers} workers and returns once all of them have registered.
     *
     * @param dir a fresh folder for this cluster's logs and work folders
     */
    static StandaloneCluster start(BuildArtifacts build, Path dir, int workers) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        StandaloneCluster cluster = new StandaloneCluster(build, dir);
        try {
            cluster.startMaster();
            for (int i = 0; i < workers; i++) {
                cluster.startWorker(i);
            }
            cluster.awaitAliveWorkers(workers);
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** {@code spark://127.0.0.1:PORT}. */
    String masterUrl() {
        return "spark://127.0.0.1:" + masterPort;
    }

    /** The environment a Spark process of this cluster (daemon or spark-submit) runs with. */
    Map<String, String> sparkEnvironment() {
        return environment(sparkHome);
    }

    private static Map<String, String> environment(Path sparkHome) {
        return Map.of(
                "SPARK_HOME", sparkHome.toString(),
                "SPARK_CONF_DIR", sparkHome.resolve("conf").toString(),
                // The launcher code that builds an executor's class path asks for the Scala version before
                // it looks at $SPARK_HOME/jars; outside Spark's source tree only this variable answers.
                "SPARK_SCALA_VERSION", "2.13",
                "SPARK_LOCAL_IP", "127.0.0.1");
    }

    /** The master's view: {@code aliveworkers}, {@code activeapps}, ... (its web UI's /json/). */
    JsonNode masterState() throws IOException, InterruptedException {
        return getJson(URI.create("http://127.0.0.1:" + masterWebUiPort + "/json/"));
    }

    /** Kills worker {@code index} and the executors it started, as a crashed machine would vanish. */
    void killWorker(int index) {
        workers.get(index).killTree();
    }

    /** Whether worker {@code index}'s process is running. */
    boolean workerAlive(int index) {
        return workers.get(index).isAlive();
    }

    /** The last lines of every process's log, for a failure message. */
    String logTails() {
        StringBuilder b = new StringBuilder();
        for (ChildJvm p : processes) {
            b.append(p.logTail(30)).append("\n\n");
        }
        return b.toString();
    }

    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // already shutting down: the hook is running or has run
        }
    }

    private synchronized void killAll() {
        // Workers first, so that none reports a lost master while it is being killed.
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).killTree();
        }
    }

    private void startMaster() {
        processes.add(ChildJvm.start("master", daemonOptions(), build.sparkJars(), "org.apache.spark.deploy.master.Master",
                List.of("--host", "127.0.0.1", "--port", Integer.toString(masterPort),
                        "--webui-port", Integer.toString(masterWebUiPort)),
                sparkEnvironment(), dir, dir.resolve("master.log")));
    }

    private void startWorker(int index) throws IOException {
        Path workDir = Files.createDirectories(dir.resolve("worker-" + index + "-work"));
        ChildJvm worker = ChildJvm.start("worker-" + index, daemonOptions(), build.sparkJars(),
                "org.apache.spark.deploy.worker.Worker",
                List.of("--host", "127.0.0.1", "--port", "0", "--webui-port", Integer.toString(freePort()),
                        "--cores", "1", "--memory", "1g", "--work-dir", workDir.toString(), masterUrl()),
                sparkEnvironment(), dir, dir.resolve("worker-" + index + ".log"));
        processes.add(worker);
        workers.add(worker);
    }

    private List<String> daemonOptions() {
        return Stream.concat(DAEMON_JVM_OPTIONS.stream(), build.sparkJavaOptions().stream()).toList();
    }

    private void awaitAliveWorkers(int expected) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        int alive = -1;
        while (System.nanoTime() < deadline) {
            for (ChildJvm p : processes) {
                if (!p.isAlive()) {
                    throw new IllegalStateException(p.name() + " exited while the cluster was starting\n" + logTails());
                }
            }
            try {
                alive = masterState().path("aliveworkers").asInt(-1);
                if (alive == expected) {
                    return;
                }
            } catch (IOException e) {
                // the master's web UI is not up yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(alive + " of " + expected + " workers registered within " + START_TIMEOUT + "\n"
                + logTails());
    }

    static JsonNode getJson(URI uri) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException(uri + " answered " + r.statusCode());
        }
        return JSON.readTree(r.body());
    }

    /** A port that was free a moment ago (the daemons bind it soon after; another taker is unlikely). */
    static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A Spark home for child processes: {@code jars/} links every Spark jar of the build (a Worker
     * puts {@code $SPARK_HOME/jars/*} on its executors' class path) and nothing else, {@code conf/}
     * is empty (no spark-defaults.conf, Spark's default logging). Shared by the clusters of a build.
     */
    private static synchronized Path sparkHome(BuildArtifacts build) throws IOException {
        Path home = build.workDir().resolve("spark-home");
        Path jars = Files.createDirectories(home.resolve("jars"));
        Files.createDirectories(home.resolve("conf"));
        Set<Path> wanted = new HashSet<>();
        for (Path jar : build.sparkJars()) {
            Path link = jars.resolve(jar.getFileName());
            wanted.add(link);
            if (!Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                Files.createSymbolicLink(link, jar.toAbsolutePath());
            }
        }
        try (Stream<Path> present = Files.list(jars)) {
            for (Path p : present.filter(p -> !wanted.contains(p)).toList()) {
                Files.delete(p); // a jar of an earlier build's dependency versions
            }
        }
        return home;
    }
}
