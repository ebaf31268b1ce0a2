package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * The layout of a sweep's output folder: the Parquet result table under {@code results/},
 * partitioned by {@code run_id} and {@code arch}, one JSON record per run under {@code runs/}, the
 * writer's lease under {@code lease/} and work in progress under {@code staging/}.
 *
 * <p>The commit protocol: each chunk and architecture is written by one Spark job (its tasks write
 * its Parquet files, {@link ChunkFiles}) into a folder of its own under {@code staging/RUN/ATTEMPT/},
 * unique to the sweep invocation (the attempt), and then published by one atomic rename of that folder to
 * {@code results/run_id=RUN/arch=ARCH/chunk-SEQ-ATTEMPT/}. A chunk is therefore in the table whole or
 * not at all, whatever is killed when; readers skip the extra folder level (Spark and DuckDB take
 * partition values from the {@code key=value} levels only) and never look into {@code staging/}. A
 * killed attempt's staging folders are never renamed: the next sweep, holding the lease, deletes
 * them before it plans ({@link #discardStaging}), so nothing of a dead attempt is ever committed.
 *
 * <p>The folder is a {@link Location}: a local or shared POSIX path, or a Hadoop URI. The protocol
 * needs an atomic rename of a folder and an atomic create-if-absent (for the lease), which local and
 * POSIX shared file systems and HDFS give; object stores (s3a, gs, abfs...) rename by copying, so
 * {@link #requireAtomicRename} refuses them before a sweep starts.
 */
public final class ResultStore {
    private final Location root;

    public ResultStore(Location root) {
        this.root = root.absolute();
    }

    /** The store of a local folder. */
    public ResultStore(Path root) {
        this(Location.local(root));
    }

    public Location root() {
        return root;
    }

    /**
     * Refuses, with one sentence naming the scheme, an output folder on storage whose rename is a
     * copy (an object store): the commit protocol's atomic publication would not be atomic there.
     * Checked on the text, before any file system is opened, so the answer does not depend on
     * whether the store's connector is installed.
     *
     * @param option the option that named it, for the message
     * @param location the folder as given
     */
    public static void refuseObjectStore(String option, String location) {
        java.util.Optional<String> scheme = Location.objectStoreScheme(location);
        if (scheme.isPresent()) {
            throw new SweepException(option + " '" + location + "' is on an object store (" + scheme.get() + ":), "
                    + "where "
                    + "renaming a folder copies it object by object, so a chunk could be seen or left half "
                    + "committed; write the sweep to HDFS or a local or shared path and copy the finished folder to "
                    + "the store (select, export and report read it there)");
        }
    }

    /** The Parquet table's folder. */
    public Location results() {
        return root.resolve("results");
    }

    /** The folder of run records. */
    public Location runs() {
        return root.resolve("runs");
    }

    /** The folder of the writer's lease ({@link RunLease}). */
    public Location lease() {
        return root.resolve("lease");
    }

    /** The folder of chunks written but not yet published. */
    public Location staging() {
        return root.resolve("staging");
    }

    /**
     * Deletes every staged chunk: called by the lease holder before it plans, so the only staged
     * folders are those of dead attempts.
     */
    public void discardStaging() throws IOException {
        staging().deleteRecursively();
    }

    /** The staging folder of chunk {@code seq} of architecture {@code arch} of an attempt. */
    public Location staged(String runId, String attempt, long seq, String arch) {
        return staging().resolve(runId).resolve(attempt).resolve(chunkName(seq, attempt) + "-" + arch);
    }

    /**
     * Publishes a staged chunk: one atomic rename of its folder into the {@code (runId, arch)}
     * partition, after which every row of it is in the table.
     *
     * @return the published folder
     */
    public Location publish(Location staged, String runId, String arch, long seq, String attempt) throws IOException {
        Location partition = partition(runId, arch);
        partition.createDirectories();
        Location target = partition.resolve(chunkName(seq, attempt));
        FaultPoints.pass("publish.before-rename");
        staged.moveTo(target);
        FaultPoints.pass("publish.after-rename");
        return target;
    }

    private static String chunkName(long seq, String attempt) {
        return String.format(java.util.Locale.ROOT, "chunk-%06d-%s", seq, attempt);
    }

    /** The record of one run. */
    public Location runRecord(String runId) {
        return runs().resolve(runId + ".json");
    }

    /** Whether the table holds any committed file yet. */
    public boolean hasResults() {
        return hasParquet(results());
    }

    /** Whether run {@code runId} has committed rows. */
    public boolean hasRun(String runId) {
        return hasParquet(results().resolve(ResultColumns.RUN_ID + "=" + runId));
    }

    /** Whether a Parquet file is below {@code dir}, outside Spark's hidden {@code _x} and {@code .x} folders. */
    private static boolean hasParquet(Location dir) {
        return dir.anyFile(Integer.MAX_VALUE, rel -> rel.endsWith(".parquet") && !rel.contains("/_")
                && !rel.startsWith("_") && !rel.contains("/.") && !rel.startsWith("."));
    }

    /** Every committed row of the table (all runs). */
    public Dataset<Row> read(SparkSession spark) {
        return spark.read().schema(ResultSchema.readSchema()).parquet(results().sparkPath());
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
    public Location partition(String runId, String arch) {
        return results().resolve(ResultColumns.RUN_ID + "=" + runId).resolve(ResultColumns.ARCH + "=" + arch);
    }
}
