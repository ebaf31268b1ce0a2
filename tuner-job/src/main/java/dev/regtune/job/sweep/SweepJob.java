package dev.regtune.job.sweep;

import dev.regtune.core.Allocators;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.space.Configuration;
import dev.regtune.space.Dimension;
import dev.regtune.space.Grid;
import dev.regtune.space.KnobSpace;
import com.fasterxml.jackson.databind.JsonNode;
import dev.regtune.space.sample.SamplerKind;
import java.io.IOException;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Runs a sweep on a Spark session: builds the kernel catalog and the configurations, skips what
 * the result table already holds, and evaluates the rest chunk by chunk ({@link #evaluate}),
 * each chunk one atomic append. Adaptive strategies are driven round by round by
 * {@link AdaptiveRounds} through the same {@link #evaluate}.
 */
public final class SweepJob {
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final int MIN_PAIRS_PER_TASK = 64;
    /**
     * Tasks per core and chunk when {@code --partitions} cuts chunks into equal blocks (and for the
     * real ptxas's pairs): Spark does not steal work, so a chunk ends when its slowest task does;
     * many small tasks keep that tail short (at 24 a core, under 2% of a chunk's time).
     */
    static final int TASKS_PER_CORE = 24;
    /**
     * The smallest task of a chunk of model pairs cut by {@link #guidedBlocks}, as a share of the
     * chunk per core: 1/{@value} of a core's part of the chunk, so the cores wait at most that long
     * for the chunk's last task.
     */
    static final int TAIL_PARTS_PER_CORE = 100;

    private final SparkSession spark;
    private final JavaSparkContext jsc;
    private final ResultStore store;
    private final SweepProgress progress;
    private volatile @Nullable ChunkWriter writer;

    public SweepJob(SparkSession spark, ResultStore store, SweepProgress progress) {
        this.spark = spark;
        this.jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        this.store = store;
        this.progress = progress;
    }

    /**
     * Runs the sweep.
     *
     * @throws SweepException for a request that cannot run (no kernels, an existing run without
     *     {@code --resume}, a bad run id); nothing is written then
     */
    public SweepSummary run(SweepRequest request) throws IOException {
        FaultPoints.pass("plan.start");
        KernelCatalog kernels = KernelCatalog.of(request.kernels(), request.arch(), request.fallbackArch());
        if (kernels.size() == 0) {
            throw new SweepException(request.kernelsDescription() + " has no kernels"
                    + request.arch().map(a -> " for " + a).orElse("") + (kernels.unreadable().isEmpty()
                            ? "; expected PTX entries" : ": " + unreadable(kernels)));
        }
        String modelVersion = String.join(", ", modelVersions(request));
        String runId = request.runId().orElseGet(() -> defaultRunId(request, kernels, modelVersion));
        if (!RUN_ID.matcher(runId).matches()) {
            throw new SweepException("run id '" + runId + "' is not 1-128 letters, digits, '.', '_' or '-' "
                    + "starting with a letter or digit");
        }
        if (request.plan() instanceof SweepPlan.Sampled sampled) {
            checkSize(request, sampled, kernels);
        }
        RunIdentity identity = RunIdentity.of(request, runId, kernels, modelVersion);
        String attempt = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (RunLease lease = RunLease.acquire(store.lease(), runId, attempt)) {
            FaultPoints.pass("plan.leased");
            store.discardStaging(); // dead attempts' chunks: never published, never to be
            Optional<JsonNode> existing = RunRecord.read(store.runRecord(runId));
            if (!request.resume() && (existing.isPresent() || store.hasRun(runId))) {
                throw new SweepException("run '" + runId + "' already " + (store.hasRun(runId) ? "has results in "
                        + store.results() : "was started in " + store.root()) + "; pass --resume to complete it, or "
                        + "--run-id to start another run");
            }
            if (request.resume() && existing.isPresent()) {
                List<String> differences = identity.differences(existing.get());
                if (!differences.isEmpty()) {
                    throw new SweepException("--resume of run '" + runId + "' refused: " + String.join("; ", differences)
                            + "; resume with the run's own inputs, or start another run with --run-id");
                }
            }
            return run(request, kernels, identity, lease);
        }
    }

    private SweepSummary run(SweepRequest request, KernelCatalog kernels, RunIdentity identity, RunLease lease)
            throws IOException {
        String runId = identity.runId();
        progress.announce("regtune: sweeping " + request.kernelsDescription() + " (" + kernels.size() + " kernels) over "
                + request.space().name() + " (" + request.plan().describe() + ") as run " + runId + " on "
                + spark.sparkContext().master());
        if (!kernels.unreadable().isEmpty()) {
            boolean one = kernels.unreadable().size() == 1;
            progress.announce("regtune: note: " + unreadable(kernels) + (one ? "; it has no rows, the run record lists "
                    + "it" : "; they have no rows, the run record lists them") + ", and the other files are swept");
        }
        long start = System.nanoTime();
        SortedMap<String, Long> rowsAtStart = rowsByStatus(runId);
        long[] planned = new long[2]; // configurations and evaluations planned so far, for the record
        ChunkWriter.RunProgress record = rows -> RunRecord.write(store.runRecord(runId), identity, kernels,
                planned[0], planned[1], rows, false);
        record.write(rowsAtStart);
        spark.sparkContext().addSparkListener(progress);
        Broadcast<KernelCatalog> kernelBroadcast = jsc.broadcast(kernels);
        ChunkWriter writer = new ChunkWriter(spark, store, lease, kernelBroadcast, request, rowsAtStart, record);
        Thread onSignal = new Thread(() -> writer.stop(true), "regtune-sweep-interrupted");
        Runtime.getRuntime().addShutdownHook(onSignal);
        this.writer = writer;
        boolean complete = false;
        try {
            Counts counts = request.plan() instanceof SweepPlan.Adaptive adaptive
                    ? new AdaptiveRounds(this, request, adaptive, kernels, kernelBroadcast, runId).run()
                    : sampled(request, (SweepPlan.Sampled) request.plan(), kernels, runId, writer, planned);
            writer.drain();
            progress.finish();
            // Every chunk is published, and the writer counted each one's rows as it published it
            // (under the commit lock, onto the table's counts at the start): these are the table's
            // counts, without a Spark job that reads back every file of the run.
            SortedMap<String, Long> rows = writer.rows();
            FaultPoints.pass("record.final");
            RunRecord.write(store.runRecord(runId), identity, kernels, counts.configurations, counts.evaluations,
                    rows, true);
            complete = true;
            store.discardStaging(); // this attempt's emptied staging folders
            return new SweepSummary(runId, identity.modelVersion(), kernels.size(), (int) counts.configurations,
                    counts.evaluations, counts.skipped, counts.written, rows, (System.nanoTime() - start) / 1e9,
                    store.results(), store.runRecord(runId));
        } finally {
            writer.stop(!complete); // an incomplete run's record shows what it published
            this.writer = null;
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run: it wrote the record
            }
            spark.sparkContext().removeSparkListener(progress);
            kernelBroadcast.destroy();
        }
    }

    /**
     * "2 PTX files could not be read (cannot read 'a.ptx': permission denied; ...)", or "1 PTX folder
     * could not be read (cannot list folder 'sm_90/x': permission denied)".
     */
    private static String unreadable(KernelCatalog kernels) {
        List<KernelCatalog.Unreadable> files = kernels.unreadable();
        StringBuilder sb = new StringBuilder();
        boolean folders = files.stream().anyMatch(KernelCatalog.Unreadable::folder);
        sb.append(files.size()).append(files.size() == 1 ? (folders ? " PTX folder" : " PTX file")
                : (folders ? " PTX files or folders" : " PTX files")).append(" could not be read (");
        for (int i = 0; i < files.size(); i++) {
            if (i == 3) {
                sb.append("; and ").append(files.size() - 3).append(" more");
                break;
            }
            sb.append(i == 0 ? "" : "; ").append(files.get(i).sentence());
        }
        return sb.append(')').toString();
    }

    /**
     * Refuses, before anything runs, a sampled sweep larger than {@code --max-evaluations}, or a grid
     * larger than {@code -n}: the size is known from the space, not by enumerating it. An evaluation
     * is a (kernel, configuration) pair whatever the evaluator, as the summary and the run record
     * count them: with {@code --evaluator both} each is evaluated by the model and by ptxas and has
     * two rows.
     */
    static void checkSize(SweepRequest request, SweepPlan.Sampled plan, KernelCatalog kernels) {
        BigInteger k = BigInteger.valueOf(kernels.size());
        BigInteger max = BigInteger.valueOf(request.maxEvaluations());
        String space = "space '" + request.space().name() + "'";
        if (plan.sampler() == SamplerKind.GRID) {
            BigInteger grid = request.space().gridSize();
            if (plan.count() != Long.MAX_VALUE && grid.compareTo(BigInteger.valueOf(plan.count())) > 0) {
                throw new SweepException(String.format(Locale.ROOT, "the grid of %s has %,d points (before "
                        + "constraints), more than -n %,d allows; raise -n, sample it (--sampler sobol -n N) or "
                        + "narrow the space", space, grid, plan.count()));
            }
            if (grid.multiply(k).compareTo(max) > 0) {
                throw new SweepException(String.format(Locale.ROOT, "the grid of %s has %,d points (before "
                        + "constraints) x %,d kernels = %,d evaluations, more than --max-evaluations %,d; sample it "
                        + "(--sampler sobol -n N), narrow the space or raise --max-evaluations", space, grid,
                        kernels.size(), grid.multiply(k), request.maxEvaluations()));
            }
        } else if (BigInteger.valueOf(plan.count()).multiply(k).compareTo(max) > 0) {
            throw new SweepException(String.format(Locale.ROOT, "-n %,d configurations x %,d kernels = %,d "
                    + "evaluations is more than --max-evaluations %,d; lower -n or raise --max-evaluations",
                    plan.count(), kernels.size(), BigInteger.valueOf(plan.count()).multiply(k), request.maxEvaluations()));
        }
    }

    /** Pairs, skipped, written and configurations of a run. */
    record Counts(long configurations, long evaluations, long skipped, long written) {
    }

    private Counts sampled(SweepRequest request, SweepPlan.Sampled plan, KernelCatalog kernels, String runId,
            ChunkWriter writer, long[] planned) {
        Iterator<Configuration> it = plan.sampler().create(request.seed()).iterator(request.space(), plan.count());
        DoneKeys done = doneKeys(modelVersions(request));
        BigInteger bound = plan.sampler() == SamplerKind.GRID && plan.count() == Long.MAX_VALUE
                ? request.space().gridSize() : BigInteger.valueOf(plan.count()).min(request.space().gridSize());
        int rowsPerPair = request.evaluators().evaluator().rowEvaluators().size(); // 2 with --evaluator both
        progress.start(Math.max(0, bound.multiply(BigInteger.valueOf((long) kernels.size() * rowsPerPair)).longValue()
                - done.size()));
        ChunkPlanner chunks = new ChunkPlanner(it, kernels, done, request.chunkSize(),
                request.evaluators()::configurations);
        long written = 0;
        while (chunks.hasNext()) {
            ChunkPlanner.Chunk chunk = chunks.next();
            planned[0] = chunks.configurations();
            planned[1] = chunks.evaluations();
            // a configuration restricted to one architecture applies to its kernels only: scale the
            // bound by the pairs per configuration seen so far
            double perConfig = chunks.evaluations() / (double) Math.max(1, chunks.configurations());
            progress.setTotal(Math.max(written + chunk.codes().length,
                    (long) (bound.doubleValue() * perConfig * rowsPerPair) - chunks.skipped()));
            // planning the next chunk first tells this one how much work follows it (see submit)
            writer.submit(chunk.configurations(), chunk.codes(), runId, "", chunks.nextPairs());
            written += chunk.codes().length;
        }
        planned[0] = chunks.configurations();
        planned[1] = chunks.evaluations();
        return new Counts(chunks.configurations(), chunks.evaluations(), chunks.skipped(), written);
    }

    /** The keys of {@code modelVersions} already in the table, any run. */
    private DoneKeys doneKeys(java.util.Collection<String> modelVersions) {
        spark.sparkContext().setJobDescription("regtune sweep: reading the keys already in the table");
        DoneKeys done = new DoneKeys();
        store.forEachKey(spark, modelVersions, done::add);
        FaultPoints.pass("plan.keys-read");
        return done;
    }

    /**
     * The pairs of {@code configurations} not yet in the table, each under its own configuration's
     * model version (the version of the allocator family it names).
     */
    PendingPairs pending(KernelCatalog kernels, ConfigurationTable configurations) {
        spark.sparkContext().setJobDescription("regtune sweep: reading the keys already in the table");
        PendingPairs pending = new PendingPairs(kernels, configurations);
        store.forEachKey(spark, configurations.modelVersions(), pending::markDone);
        return pending;
    }

    /** The model versions the request's rows carry: the model's over its space, the real ptxas's, or both. */
    static List<String> modelVersions(SweepRequest request) {
        return request.evaluators().modelVersions(modelVersions(request.space()));
    }

    /**
     * The model versions a sweep over {@code space} writes, sorted: one per allocator family its
     * configurations can name (the {@code allocator} knob's values where the space varies it or
     * fixes it, its default where the knob is absent or inactive). Every choice of the knob is a
     * family of this build ({@code AllocatorsTest} holds the two lists equal).
     */
    static List<String> modelVersions(KnobSpace space) {
        KnobDef knob = KnobCatalogue.ALLOCATOR;
        TreeSet<String> families = new TreeSet<>();
        boolean defaultPossible = true;
        for (int i = 0; i < space.dimensions(); i++) {
            Dimension d = space.dimension(i);
            if (d.knob().filter(knob::equals).isEmpty()) {
                continue;
            }
            defaultPossible = d.condition().isPresent();
            Grid values = space.grid(i);
            for (long v = 0; v < values.size(); v++) {
                families.add(knob.format(values.value(v)));
            }
        }
        if (defaultPossible) {
            families.add(knob.format(knob.defaultValue()));
        }
        List<String> versions = new ArrayList<>();
        for (String family : families) {
            versions.add(ModelVersion.of(Allocators.byName(family)));
        }
        versions.sort(null);
        return versions;
    }

    /**
     * Evaluates {@code codes} of one adaptive round in chunks of {@link SweepRequest#chunkSize()}
     * through the run's {@link ChunkWriter}, waits for them (the round's objectives are read back
     * from the table) and returns the rows written.
     */
    long evaluate(ConfigurationTable configurations, long[] codes, String runId, SweepRequest request, int round) {
        ChunkWriter w = java.util.Objects.requireNonNull(writer, "evaluate runs inside run()");
        int chunk = Math.max(1, request.chunkSize());
        for (int from = 0; from < codes.length; from += chunk) {
            w.submit(configurations, Arrays.copyOfRange(codes, from, Math.min(codes.length, from + chunk)), runId,
                    "round " + round, Math.max(0, codes.length - (from + chunk)));
        }
        w.drain();
        return codes.length;
    }

    /** {@code codes} split by their kernel's architecture (one partition folder each), order kept. */
    static SortedMap<String, long[]> byArch(long[] codes, KernelCatalog kernels) {
        SortedMap<String, java.util.stream.LongStream.Builder> groups = new TreeMap<>();
        for (long code : codes) {
            groups.computeIfAbsent(kernels.kernel(PairCodes.kernel(code)).arch(), a -> java.util.stream.LongStream.builder())
                    .add(code);
        }
        SortedMap<String, long[]> out = new TreeMap<>();
        groups.forEach((arch, b) -> out.put(arch, b.build().toArray()));
        return out;
    }

    /**
     * {@code codes} (model pairs) cut for {@code cores} cores into contiguous blocks that shrink as
     * the chunk goes on (guided self-scheduling): each block takes 1/(2 x cores) of the pairs still
     * left, down to 1/{@value #TAIL_PARTS_PER_CORE} of a core's part of the chunk. Spark runs a stage's
     * tasks in order, so the large blocks run first and the small ones last: the chunk ends with
     * tasks short enough that no core waits long for the slowest, with about 18 tasks a chunk on
     * 2 cores instead of 48 equal ones. Every task pays a fixed cost that does not depend on its
     * rows (its closure and the Hadoop configuration deserialised, the row converters generated,
     * a Parquet file created, its footer written and committed): fewer tasks, less of it.
     */
    static List<long[]> guidedBlocks(long[] codes, int cores) {
        int c = Math.max(1, cores);
        int floor = (int) Math.max(MIN_PAIRS_PER_TASK, Math.ceil(codes.length / (double) (TAIL_PARTS_PER_CORE * c)));
        List<long[]> blocks = new ArrayList<>();
        int from = 0;
        while (from < codes.length) {
            int left = codes.length - from;
            int size = (int) Math.min(left, Math.max(floor, Math.ceil(left / (2.0 * c))));
            if (left - size < MIN_PAIRS_PER_TASK) {
                size = left; // no sliver of a task at the end
            }
            blocks.add(Arrays.copyOfRange(codes, from, from + size));
            from += size;
        }
        return blocks;
    }

    /**
     * {@code codes} (model pairs of a chunk that another chunk follows) cut into 2 x {@code cores}
     * contiguous blocks of equal size (at least a few dozen pairs each), as large as the first block
     * of {@link #guidedBlocks}. No shrinking tail: with {@value ChunkWriter#IN_FLIGHT} chunks in flight
     * and Spark running jobs first in, first out, the next chunk's tasks take each core this chunk's
     * tasks leave, so no core waits for this chunk's slowest task; only the last chunk of a sweep (or
     * of an adaptive round), and one followed by fewer pairs than one of these blocks
     * ({@link #coveredByNext}), has to end with small tasks. A task's fixed costs (the closure and its
     * settings deserialised, a Parquet writer of 70 columns set up, a footer written, a file
     * committed), and the JIT compilations that this per-task code triggers once it has run often
     * enough, come 2 x cores times a chunk instead of about 9 x cores times.
     */
    static List<long[]> followedBlocks(long[] codes, int cores) {
        return blocks(codes, 2 * Math.max(1, cores));
    }

    /**
     * Whether a chunk of {@code pairs} model pairs can be cut into {@link #followedBlocks} because
     * {@code following} pairs are submitted after it: only if they are at least as many as one of its
     * blocks, so that the next chunk's tasks keep a core busy for as long as this chunk's last task
     * may keep the other one. A smaller follower (the few pairs left over after the last full chunk:
     * 10^6 evaluations of 100 kernels are 1,000,100 pairs, a chunk of 10^6 and one of 100) covers
     * a few milliseconds of a task that takes a minute; the chunk then ends with the shrinking tail of
     * {@link #guidedBlocks}, as the last chunk does.
     */
    static boolean coveredByNext(int pairs, long following, int cores) {
        int c = Math.max(1, cores);
        return following > 0 && following >= (pairs + 2L * c - 1) / (2L * c);
    }

    /** {@code codes} cut into at most {@code tasks} contiguous blocks of at least a few dozen pairs. */
    static List<long[]> blocks(long[] codes, int tasks) {
        return blocks(codes, tasks, false);
    }

    /**
     * {@code codes} cut into at most {@code tasks} blocks. Model pairs take microseconds: contiguous
     * blocks (consecutive pairs share a module) of at least a few dozen pairs, so a task is worth
     * scheduling. Pairs of the real ptxas ({@code costly}) take a process each, from milliseconds to
     * seconds: as many tasks as pairs allow, pairs dealt out in turn (pair i to block i mod n), so the
     * configurations of one slow kernel land in different tasks and no core waits at the end for a
     * task that drew them all.
     */
    static List<long[]> blocks(long[] codes, int tasks, boolean costly) {
        int minPairs = costly ? 1 : MIN_PAIRS_PER_TASK;
        int n = (int) Math.max(1, Math.min(tasks, (codes.length + minPairs - 1) / minPairs));
        List<long[]> blocks = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            if (costly) {
                long[] dealt = new long[(codes.length - i + n - 1) / n];
                for (int j = 0; j < dealt.length; j++) {
                    dealt[j] = codes[i + j * n];
                }
                blocks.add(dealt);
            } else {
                int from = (int) ((long) codes.length * i / n);
                int to = (int) ((long) codes.length * (i + 1) / n);
                blocks.add(Arrays.copyOfRange(codes, from, to));
            }
        }
        return blocks;
    }

    /** The run's committed rows by status. */
    SortedMap<String, Long> rowsByStatus(String runId) {
        SortedMap<String, Long> counts = new TreeMap<>();
        if (!store.hasRun(runId)) {
            return counts;
        }
        spark.sparkContext().setJobDescription("regtune sweep " + runId + ": counting the run's rows");
        for (Row r : store.read(spark).where(functions.col(ResultColumns.RUN_ID).equalTo(runId))
                .groupBy(ResultColumns.STATUS).count().collectAsList()) {
            counts.put(r.getString(0), r.getLong(1));
        }
        return counts;
    }

    SparkSession spark() {
        return spark;
    }

    ResultStore store() {
        return store;
    }

    SweepProgress progress() {
        return progress;
    }

    /**
     * The run id of a sweep nobody named: the space's name and a hash of everything that decides
     * the rows (space spec, kernels, plan, seed, architecture filter, model versions), so the same
     * sweep gets the same id and a re-run is recognised.
     */
    static String defaultRunId(SweepRequest request, KernelCatalog kernels, String modelVersion) {
        String inputs = String.join("\n", request.spaceText(), kernels.fingerprint(), request.plan().describe(),
                Long.toString(request.seed()), request.arch().orElse(""), modelVersion);
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(inputs.getBytes(StandardCharsets.UTF_8));
            String name = request.space().name().replaceAll("[^A-Za-z0-9._-]", "_");
            return (name.isEmpty() ? "sweep" : name) + "-" + HexFormat.of().formatHex(d).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
