package dev.regtune.job.spark;

import java.util.Map;
import java.util.Optional;
import org.apache.spark.SparkConf;
import org.apache.spark.sql.SparkSession;

/**
 * Where RegTune gets its {@link SparkSession}. Under {@code spark-submit} the master and every
 * setting come from the submission ({@code spark.master} is already in the configuration);
 * otherwise Spark runs embedded in this JVM, in local mode, with the web UI off and few shuffle
 * partitions (the result tables are small), so that {@code regtune sweep} needs no Spark install.
 */
public final class SparkSessions {
    /**
     * System property naming the level of Spark's console log for a session started here (default
     * WARN). The installed command line sets it to OFF unless {@code --verbose}: a failed task
     * otherwise prints 70 to 90 lines of stack traces before RegTune's one-sentence error.
     */
    public static final String LOG_LEVEL_PROPERTY = "regtune.spark.log";

    /** The master used when neither the command line nor spark-submit names one. */
    public static final String DEFAULT_MASTER = "local[*]";

    private SparkSessions() {
    }

    /**
     * The session for a command.
     *
     * @param appName the application name shown by the cluster
     * @param master the master the user asked for ({@code --master}), or empty to take spark-submit's
     *     or else {@value #DEFAULT_MASTER}
     */
    public static Session session(String appName, Optional<String> master) {
        return session(appName, master, Map.of());
    }

    /**
     * The session for a command, with {@code settings} ({@code --conf KEY=VALUE}) applied to a
     * session started here; they take precedence over RegTune's defaults and, like those, do not
     * change a session that already exists.
     */
    public static Session session(String appName, Optional<String> master, Map<String, String> settings) {
        scala.Option<SparkSession> existing = SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession() : SparkSession.getDefaultSession();
        if (existing.isDefined() && !existing.get().sparkContext().isStopped()) {
            return new Session(existing.get(), false); // a test's or a notebook's: its settings stand
        }
        SparkConf conf = new SparkConf(true); // loads spark.* system properties set by spark-submit
        settings.forEach(conf::set);
        String chosen = master.orElseGet(() -> conf.get("spark.master", DEFAULT_MASTER));
        conf.setMaster(chosen).setAppName(appName);
        if (!chosen.startsWith("local") && !underSparkSubmit()) {
            // Executors of a cluster the driver joined directly need RegTune's classes: ship the job jar.
            JobJar.locate().ifPresent(jar -> conf.setIfMissing("spark.jars", jar.toString()));
        }
        if (chosen.startsWith("local")) {
            conf.setIfMissing("spark.ui.enabled", "false");
            conf.setIfMissing("spark.sql.shuffle.partitions", "8");
            conf.setIfMissing("spark.driver.host", "127.0.0.1");
            conf.setIfMissing("spark.driver.bindAddress", "127.0.0.1");
        }
        // The result schema has one column per knob; plans wider than Spark's default of 25 fields are normal.
        conf.setIfMissing("spark.sql.debug.maxToStringFields", "500");
        conf.setIfMissing("spark.sql.parquet.compression.codec", "snappy");
        // A sweep task writes one or two (run_id, arch) partitions: concurrent writers spare the sort
        // that a partitioned write otherwise puts before every task's output.
        conf.setIfMissing("spark.sql.maxConcurrentOutputFileWriters", "4");
        // Hadoop without its native library sets the mode of every file a write creates by starting
        // chmod: three processes per sweep task. This file: file system sets it in-process.
        conf.setIfMissing("spark.hadoop.fs.file.impl", ForklessLocalFileSystem.class.getName());
        SparkSession session = SparkSession.builder().config(conf).getOrCreate();
        session.sparkContext().setLogLevel(System.getProperty(LOG_LEVEL_PROPERTY, "WARN"));
        return new Session(session, !underSparkSubmit());
    }

    /**
     * The session for a command that leaves stopping it to the JVM's exit (short-lived commands);
     * see {@link #session} for one that stops what it started.
     */
    public static SparkSession open(String appName, Optional<String> master) {
        return session(appName, master).spark();
    }

    /** {@link #open(String, Optional)} with {@code --conf} settings. */
    public static SparkSession open(String appName, Optional<String> master, Map<String, String> settings) {
        return session(appName, master, settings).spark();
    }

    /**
     * A session and whether closing it stops Spark: only a session this class started in this JVM
     * is stopped; one that already existed (a test's, a notebook's) or spark-submit's is left running.
     *
     * @param spark the session
     * @param owned whether {@link #close()} stops it
     */
    public record Session(SparkSession spark, boolean owned) implements AutoCloseable {
        @Override
        public void close() {
            if (owned) {
                spark.stop();
            }
        }
    }

    /** Whether this JVM was started by spark-submit (it sets {@code spark.master} as a system property). */
    public static boolean underSparkSubmit() {
        return System.getProperty("spark.master") != null;
    }
}
