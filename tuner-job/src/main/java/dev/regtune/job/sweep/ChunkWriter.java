package dev.regtune.job.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import dev.regtune.job.storage.Location;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;

/**
 * Evaluates and commits chunks with no barrier between them: up to {@value #IN_FLIGHT} chunks run
 * as concurrent Spark jobs (submitted from driver threads), so the next chunk's tasks fill the
 * cores while the previous chunk's slowest tasks finish. Each chunk and architecture is staged by
 * its own Spark job, whose tasks write its Parquet files ({@link ChunkFiles}), and then published by {@link ResultStore#publish} (one atomic rename) under
 * the commit lock, which also rewrites the run record with the rows published so far; the order in
 * which chunks publish does not matter, as each is whole and holds keys no other chunk holds.
 *
 * <p>Nothing is published once the sweep no longer holds the lease, nor after {@link #stop}
 * (SIGINT: the shutdown hook writes the record and releases the lease under the same lock, so
 * the record it leaves counts exactly what is published).
 */
final class ChunkWriter {
    /** Chunks evaluated at once: one finishing, one starting. */
    static final int IN_FLIGHT = 2;

    private final SparkSession spark;
    /** Spark's Parquet write settings, which every task applies to its own file. */
    private final ChunkFiles.Settings settings;
    private final JavaSparkContext jsc;
    private final ResultStore store;
    private final RunLease lease;
    private final Broadcast<KernelCatalog> kernels;
    private final SweepRequest request;
    private final RunProgress record;
    private final ExecutorService threads;
    private final ArrayDeque<Future<Long>> inFlight = new ArrayDeque<>();
    private final AtomicLong seq = new AtomicLong();
    private final Object commitLock = new Object();
    private boolean stopped;

    /**
     * The run's progress as its record shows it: the rows by status published so far, and how to
     * write the record.
     */
    interface RunProgress {
        /** Writes the record with {@code rows} (complete: false). */
        void write(SortedMap<String, Long> rows) throws IOException;
    }

    private final SortedMap<String, Long> rows;

    ChunkWriter(SparkSession spark, ResultStore store, RunLease lease, Broadcast<KernelCatalog> kernels,
            SweepRequest request, SortedMap<String, Long> rowsAtStart, RunProgress record) {
        this.spark = spark;
        this.settings = ChunkFiles.Settings.of(spark);
        this.jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        this.store = store;
        this.lease = lease;
        this.kernels = kernels;
        this.request = request;
        this.record = record;
        this.rows = new TreeMap<>(rowsAtStart);
        this.threads = Executors.newFixedThreadPool(IN_FLIGHT, r -> {
            Thread t = new Thread(r, "regtune-chunk");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts evaluating {@code codes} of {@code configurations} once fewer than {@value #IN_FLIGHT}
     * chunks are running; rethrows the failure of any chunk that ended.
     */
    void submit(ConfigurationTable configurations, long[] codes, String runId) {
        submit(configurations, codes, runId, "", 0);
    }

    /**
     * {@link #submit(ConfigurationTable, long[], String)} of an adaptive round's chunk;
     * {@code round} ("round 3") names its Spark jobs and stages with the chunk. {@code following} is
     * how many pairs will be submitted after this chunk without a {@link #drain} between (0 for the
     * last). When they are enough to keep a core busy while this chunk's last task finishes
     * ({@link SweepJob#coveredByNext}), this chunk is cut into {@link SweepJob#followedBlocks few
     * equal tasks} instead of a shrinking tail of small ones ({@link SweepJob#guidedBlocks}), and pays
     * the fixed cost of a task (its deserialisation, a Parquet file opened, its footer written and
     * committed, and the JIT's work on that code) fewer times.
     */
    void submit(ConfigurationTable configurations, long[] codes, String runId, String round, long following) {
        if (codes.length == 0) {
            return;
        }
        while (inFlight.size() >= IN_FLIGHT) {
            await(inFlight.removeFirst());
        }
        inFlight.addLast(threads.submit(() -> write(configurations, codes, runId, round, following)));
    }

    /** Waits for every chunk submitted; rethrows the first failure. */
    void drain() {
        while (!inFlight.isEmpty()) {
            await(inFlight.removeFirst());
        }
    }

    /** Rows by status published so far, with those of the run before this sweep. */
    SortedMap<String, Long> rows() {
        synchronized (commitLock) {
            return new TreeMap<>(rows);
        }
    }

    /**
     * Stops publishing (SIGINT, or the sweep ended), writes the record as it stands and releases the
     * lease; chunks still running are abandoned in staging.
     */
    void stop(boolean writeRecord) {
        synchronized (commitLock) {
            if (stopped) {
                return;
            }
            stopped = true;
            if (writeRecord && lease.held()) {
                try {
                    record.write(new TreeMap<>(rows));
                } catch (IOException e) {
                    // the record stays one chunk behind; the next sweep of the run counts the table
                }
            }
            lease.close();
        }
        threads.shutdownNow();
    }

    private long write(ConfigurationTable configurations, long[] codes, String runId, String round,
            long following) throws IOException {
        Broadcast<ConfigurationTable> table = jsc.broadcast(configurations);
        try {
            int tasks = request.partitions() > 0 ? request.partitions()
                    : jsc.defaultParallelism() * SweepJob.TASKS_PER_CORE;
            for (Map.Entry<String, long[]> arch : SweepJob.byArch(codes, kernels.value()).entrySet()) {
                long chunk = seq.incrementAndGet();
                Location staged = store.staged(runId, lease.attempt(), chunk, arch.getKey());
                StatusCounts counts = new StatusCounts(spark.sparkContext());
                boolean costly = request.evaluators().evaluator().runsPtxas();
                List<long[]> blocks = request.partitions() > 0 || costly
                        ? SweepJob.blocks(arch.getValue(), tasks, costly)
                        : SweepJob.coveredByNext(arch.getValue().length, following, jsc.defaultParallelism())
                                ? SweepJob.followedBlocks(arch.getValue(), jsc.defaultParallelism())
                        : SweepJob.guidedBlocks(arch.getValue(), jsc.defaultParallelism());
                // named jobs and stages: the Spark UI and the history server show which chunk (and round) runs
                String name = "regtune sweep " + runId + ": " + (round.isEmpty() ? "" : round + ", ") + "chunk "
                        + chunk;
                jsc.setJobGroup("regtune-" + runId + "-chunk-" + chunk, name + " (" + arch.getValue().length
                        + " evaluations, " + arch.getKey() + ")", false);
                jsc.setCallSite(name);
                JavaRDD<ChunkFiles.TaskFile> files = jsc.parallelize(blocks, blocks.size()).mapPartitionsWithIndex(
                        ChunkFiles.task(kernels, table, request.verify(), request.limits(), counts,
                                request.evaluators(), staged.sparkPath(), settings), false);
                FaultPoints.pass("stage.before-write");
                try {
                    ChunkFiles.collect(files, staged.sparkPath(), jsc.hadoopConfiguration());
                } catch (Exception e) { // SparkException is checked, but Scala throws it undeclared
                    java.util.Optional<String> pair = SweepTaskException.sentenceIn(e);
                    if (pair.isPresent()) {
                        throw new SweepTaskException("chunk " + chunk + " of run " + runId + " failed on an executor: "
                                + pair.get() + "; the chunks published before it stay, and --resume evaluates the rest",
                                e);
                    }
                    throw e;
                } finally {
                    jsc.clearCallSite();
                }
                FaultPoints.pass("stage.after-write");
                publish(staged, runId, arch.getKey(), chunk, counts.snapshot());
            }
            return codes.length;
        } finally {
            table.destroy();
        }
    }

    private void publish(Location staged, String runId, String arch, long chunk, SortedMap<String, Long> counts)
            throws IOException {
        synchronized (commitLock) {
            if (stopped) {
                throw new SweepException("the sweep was stopped; chunk " + chunk + " stays unpublished");
            }
            if (!lease.held()) {
                throw new SweepException("this sweep lost the lease of " + store.root() + " to another sweep "
                        + "(it was stalled longer than the stale-lease rule allows); stopping without publishing");
            }
            store.publish(staged, runId, arch, chunk, lease.attempt());
            counts.forEach((status, n) -> rows.merge(status, n, Long::sum));
            record.write(new TreeMap<>(rows));
        }
    }

    private static void await(Future<Long> f) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SweepException("interrupted while a chunk was being written");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new UncheckedIOException(cause instanceof IOException io ? io : new IOException(cause));
        }
    }
}
