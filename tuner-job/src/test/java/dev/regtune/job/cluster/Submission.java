package dev.regtune.job.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code spark-submit --deploy-mode client} as a child JVM: {@code org.apache.spark.deploy.SparkSubmit}
 * on Spark's jars with Spark's JVM options, which is what the spark-submit script of an installation
 * runs. The driver runs in that process; the application jar reaches the executors through Spark.
 */
final class Submission {
    /**
     * Small JVMs that start fast on two shared cores: the C1 compiler only (the tests' sweeps are
     * short, so C2's compile time would not pay off) and the serial collector (no GC threads to compete).
     */
    static final List<String> FAST_START_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    private static final List<String> DRIVER_JVM_OPTIONS =
            Stream.concat(Stream.of("-Xmx768m"), FAST_START_JVM_OPTIONS.stream()).toList();

    private final BuildArtifacts build;
    private final String master;
    private final Map<String, String> env;
    private final Map<String, String> conf = new LinkedHashMap<>();

    /**
     * @param master {@code spark://...} or {@code local[N]}
     * @param env the environment of the cluster's processes ({@link StandaloneCluster#sparkEnvironment()})
     */
    Submission(BuildArtifacts build, String master, Map<String, String> env) {
        this.build = build;
        this.master = master;
        this.env = env;
        // Everything on the loopback interface; executors as small as the workers' daemons.
        conf.put("spark.driver.host", "127.0.0.1");
        conf.put("spark.driver.bindAddress", "127.0.0.1");
        conf.put("spark.executor.memory", "512m");
        conf.put("spark.executor.extraJavaOptions", String.join(" ", FAST_START_JVM_OPTIONS));
        conf.put("spark.ui.enabled", "false");
    }

    /** Adds or replaces a {@code --conf} setting. */
    Submission conf(String key, String value) {
        conf.put(key, value);
        return this;
    }

    /** Starts {@code spark-submit --class dev.regtune.job.cli.RegtuneMain regtune-job.jar sweep sweepArgs}. */
    ChildJvm sweep(String name, List<String> sweepArgs, Path dir) {
        List<String> args = new ArrayList<>();
        args.add("sweep");
        args.addAll(sweepArgs);
        return start(name, "dev.regtune.job.cli.RegtuneMain", build.jobJar(), args, dir);
    }

    /** Starts {@code spark-submit --class mainClass appJar args} with its working folder and log in {@code dir}. */
    ChildJvm start(String name, String mainClass, Path appJar, List<String> args, Path dir) {
        List<String> submit = new ArrayList<>(List.of("--master", master, "--deploy-mode", "client",
                "--name", name, "--class", mainClass));
        conf.forEach((k, v) -> {
            submit.add("--conf");
            submit.add(k + "=" + v);
        });
        submit.add(appJar.toString());
        submit.addAll(args);
        List<String> jvm = Stream.concat(DRIVER_JVM_OPTIONS.stream(), build.sparkJavaOptions().stream()).toList();
        return ChildJvm.start(name, jvm, build.sparkJars(), "org.apache.spark.deploy.SparkSubmit", submit, env,
                dir, dir.resolve(name + ".log"));
    }
}
