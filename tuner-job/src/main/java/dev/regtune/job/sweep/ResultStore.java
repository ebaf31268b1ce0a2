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
 * partitioned by {@code run_id} and {@code arch}, one JSON record per run under {@code runs/}, the
 * writer's lease under {@code lease/} and work in progress under {@code staging/}.
 *
 * <p>The commit protocol: each chunk and architecture is written by one Spark write into a folder
 * of its own under {@code staging/RUN/ATTEMPT/}, unique to the sweep invocation (the attempt), and
 * then published by one atomic rename of that folder to
 * {@code results/run_id=RUN/arch=ARCH/chunk-SEQ-ATTEMPT/}. A chunk is therefore in the table whole or
 * not at all, whatever is killed when; readers skip the extra folder level (Spark and DuckDB take
 * partition values from the {@code key=value} levels only) and never look into {@code staging/}. A
 * killed attempt's staging folders are never renamed: the next sweep, holding the lease, deletes
 * them before it plans ({@link #discardStaging}), so nothing of a dead attempt is ever committed.
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

    /** The folder of the writer's lease ({@link RunLease}). */
    public Path lease() {
        return root.resolve("lease");
    }

    /** The folder of chunks written but not yet published. */
    public Path staging() {
        return root.resolve("staging");
    }

    /**
     * Deletes every staged chunk: called by the lease holder before it plans, so the only staged
     * folders are those of dead attempts.
     */
    public void discardStaging() throws IOException {
        Path staging = staging();
        if (!Files.exists(staging)) {
            return;
        }
        try (var walk = Files.walk(staging)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The staging folder of chunk {@code seq} of architecture {@code arch} of an attempt. */
    public Path staged(String runId, String attempt, long seq, String arch) {
        return staging().resolve(runId).resolve(attempt).resolve(chunkName(seq, attempt) + "-" + arch);
    }

    /** Writes rows built to {@link ResultSchema#fileSchema()} into a fresh staging folder. */
    public void stage(Path staged, Dataset<Row> rows) {
        rows.write().mode(SaveMode.ErrorIfExists).parquet(staged.toString());
    }

    /**
     * Publishes a staged chunk: one atomic rename of its folder into the {@code (runId, arch)}
     * partition, after which every row of it is in the table.
     *
     * @return the published folder
     */
    public Path publish(Path staged, String runId, String arch, long seq, String attempt) throws IOException {
        Path partition = Files.createDirectories(partition(runId, arch));
        Path target = partition.resolve(chunkName(seq, attempt));
        FaultPoints.pass("publish.before-rename");
        Files.move(staged, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        FaultPoints.pass("publish.after-rename");
        return target;
    }

    private static String chunkName(long seq, String attempt) {
        return String.format(java.util.Locale.ROOT, "chunk-%06d-%s", seq, attempt);
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
                    && !dir.relativize(f).toString().contains("/_") && !dir.relativize(f).toString().startsWith("_")
                    && !dir.relativize(f).toString().contains("/.") && !f.getFileName().toString().startsWith("."));
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

    /** The folder of one (run, arch) partition. */
    public Path partition(String runId, String arch) {
        return results().resolve(ResultColumns.RUN_ID + "=" + runId).resolve(ResultColumns.ARCH + "=" + arch);
    }
}
