package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The layout of a sweep's output folder: the Parquet result table under {@code results/},
 * partitioned by {@code run_id} and {@code arch}, and one JSON record per run under {@code runs/}.
 * Rows are only ever appended, each chunk and architecture by one Spark write (its files appear at
 * commit, all together), so a reader never sees half a write and a killed run leaves only whole ones.
 */
public final class ResultStore {
    private final Path root;

    public ResultStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /** The Parquet table's folder. */
    public Path results() {
        return root.resolve("results");
    }

    /** The folder of run records. */
    public Path runs() {
        return root.resolve("runs");
    }

    /** The record of one run. */
    public Path runRecord(String runId) {
        return runs().resolve(runId + ".json");
    }

    /** Whether the table holds any committed file yet. */
    public boolean hasResults() {
        return Files.isDirectory(results()) && hasParquet(results());
    }

    /** Whether run {@code runId} has committed rows. */
    public boolean hasRun(String runId) {
        Path p = results().resolve(ResultColumns.RUN_ID + "=" + runId);
        return Files.isDirectory(p) && hasParquet(p);
    }

    private static boolean hasParquet(Path dir) {
        try (var files = Files.walk(dir)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".parquet")
                    && !f.toString().contains("/_") && !f.toString().contains("/."));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every committed row of the table (all runs). */
    public Dataset<Row> read(SparkSession spark) {
        return spark.read().schema(ResultSchema.readSchema()).parquet(results().toString());
    }

    /** Receives the identity of one stored result. */
    @FunctionalInterface
    public interface KeyConsumer {
        void accept(String kernelId, String configId, String modelVersion);
    }

    /**
     * Streams the (kernel id, config id, model version) keys already computed by any of
     * {@code modelVersions}, in any run, without collecting them on the driver at once.
     */
    public void forEachKey(SparkSession spark, Collection<String> modelVersions, KeyConsumer key) {
        if (!hasResults() || modelVersions.isEmpty()) {
            return;
        }
        Iterator<Row> it = read(spark).where(functions.col(ResultColumns.MODEL_VERSION).isin(modelVersions.toArray()))
                .select(ResultColumns.KERNEL_ID, ResultColumns.CONFIG_ID, ResultColumns.MODEL_VERSION)
                .toLocalIterator();
        while (it.hasNext()) {
            Row r = it.next();
            key.accept(r.getString(0), r.getString(1), r.getString(2));
        }
    }

    /**
     * Appends rows built to {@link ResultSchema#fileSchema()} to the {@code (runId, arch)}
     * partition as one atomic Spark write. Writing the partition's folder directly, rather than
     * the table with {@code partitionBy}, spares Spark the sort it puts before a partitioned write;
     * the layout is the same.
     */
    public void append(String runId, String arch, Dataset<Row> rows) {
        rows.write().mode(SaveMode.Append).parquet(partition(runId, arch).toString());
    }

    /** The folder of one (run, arch) partition. */
    public Path partition(String runId, String arch) {
        return results().resolve(ResultColumns.RUN_ID + "=" + runId).resolve(ResultColumns.ARCH + "=" + arch);
    }
}
