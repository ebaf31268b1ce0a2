package dev.regtune.job.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Option;

/**
 * {@code --conf KEY=VALUE} of the commands that run on Spark (sweep, select, report): settings
 * passed to the Spark session as {@code spark-submit --conf} passes them, and the
 * {@code spark.hadoop.*} ones also to the Hadoop configuration RegTune opens its own paths with,
 * so that a file-system setting reaches the driver's reads and writes as it reaches Spark's.
 */
public final class SparkConfOptions {
    private static final String HADOOP_PREFIX = "spark.hadoop.";

    @Option(names = "--conf", paramLabel = "KEY=VALUE",
            description = "A Spark setting for the session, as spark-submit --conf takes it (repeatable), e.g. "
                    + "--conf spark.executor.memory=4g; spark.hadoop.* settings also apply to the paths RegTune "
                    + "reads and writes itself. They apply to the session RegTune starts (under spark-submit too, "
                    + "after spark-submit's own); a session already running, a notebook's, keeps its settings.")
    List<String> conf = new ArrayList<>();

    /** The settings, in the order given (a key given twice keeps the last value). */
    Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String c : conf) {
            int eq = c.indexOf('=');
            if (eq <= 0 || c.substring(0, eq).isBlank()) {
                throw new UsageException("--conf expects KEY=VALUE (e.g. spark.executor.memory=4g), not '" + c + "'");
            }
            settings.put(c.substring(0, eq).strip(), c.substring(eq + 1));
        }
        return settings;
    }

    /** Hadoop's default configuration with the {@code spark.hadoop.*} settings, prefix removed. */
    Configuration hadoop() {
        Configuration hadoop = new Configuration();
        settings().forEach((k, v) -> {
            if (k.startsWith(HADOOP_PREFIX) && k.length() > HADOOP_PREFIX.length()) {
                hadoop.set(k.substring(HADOOP_PREFIX.length()), v);
            }
        });
        return hadoop;
    }
}
