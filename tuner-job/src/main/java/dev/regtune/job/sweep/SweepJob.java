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
import java.io.IOException;
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
     * Tasks per core and chunk: Spark does not steal work, so a chunk ends when its slowest task
     * does; many small tasks keep that tail short (at 24 a core, under 2% of a chunk's time).
     */
    static final int TASKS_PER_CORE = 24;

    private final SparkSession spark;
    private final JavaSparkContext jsc;
    private final ResultStore store;
    private final SweepProgress progress;

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
        KernelCatalog kernels = KernelCatalog.of(request.kernels(), request.arch(), request.fallbackArch());
        if (kernels.size() == 0) {
            throw new SweepException(request.kernelsDescription() + " has no kernels"
                    + request.arch().map(a -> " for " + a).orElse("") + "; expected PTX entries");
        }
        String modelVersion = String.join(", ", modelVersions(request.space()));
        String runId = request.runId().orElseGet(() -> defaultRunId(request, kernels, modelVersion));
        if (!RUN_ID.matcher(runId).matches()) {
            throw new SweepException("run id '" + runId + "' is not 1-128 letters, digits, '.', '_' or '-' "
                    + "starting with a letter or digit");
        }
        if (store.hasRun(runId) && !request.resume()) {
            throw new SweepException("run '" + runId + "' already has results in " + store.results()
                    + "; pass --resume to complete it, or --run-id to start another run");
        }
        progress.announce("regtune: sweeping " + request.kernelsDescription() + " (" + kernels.size() + " kernels) over "
                + request.space().name() + " (" + request.plan().describe() + ") as run " + runId + " on "
                + spark.sparkContext().master());
        long start = System.nanoTime();
        spark.sparkContext().addSparkListener(progress);
        Broadcast<KernelCatalog> kernelBroadcast = jsc.broadcast(kernels);
        try {
            Counts counts = request.plan() instanceof SweepPlan.Adaptive adaptive
                    ? new AdaptiveRounds(this, request, adaptive, kernels, kernelBroadcast, runId).run()
                    : sampled(request, (SweepPlan.Sampled) request.plan(), kernels, kernelBroadcast, runId, modelVersion);
            progress.finish();
            SortedMap<String, Long> rows = rowsByStatus(runId);
            RunRecord.write(store.runRecord(runId), request, runId, modelVersion, kernels, counts.configurations,
                    counts.evaluations, rows, true);
            return new SweepSummary(runId, modelVersion, kernels.size(), counts.configurations, counts.evaluations,
                    counts.skipped, counts.written, rows, (System.nanoTime() - start) / 1e9, store.results(),
                    store.runRecord(runId));
        } finally {
            spark.sparkContext().removeSparkListener(progress);
            kernelBroadcast.destroy();
        }
    }

    /** Pairs, skipped, written and configurations of a run. */
    record Counts(int configurations, long evaluations, long skipped, long written) {
    }

    private Counts sampled(SweepRequest request, SweepPlan.Sampled plan, KernelCatalog kernels,
            Broadcast<KernelCatalog> kernelBroadcast, String runId, String modelVersion) throws IOException {
        List<SweepConfiguration> list = new ArrayList<>();
        Iterator<Configuration> it = plan.sampler().create(request.seed()).iterator(request.space(), plan.count());
        while (it.hasNext()) {
            list.add(SweepConfiguration.of(it.next()));
        }
        ConfigurationTable configurations = new ConfigurationTable(list);
        PendingPairs pending = pending(kernels, configurations);
        long[] codes = pending.codes();
        progress.start(codes.length);
        RunRecord.write(store.runRecord(runId), request, runId, modelVersion, kernels, configurations.size(),
                pending.total(), rowsByStatus(runId), false);
        long written = evaluate(kernelBroadcast, configurations, codes, runId, request);
        return new Counts(configurations.size(), pending.total(), pending.alreadyDone(), written);
    }

    /**
     * The pairs of {@code configurations} not yet in the table, each under its own configuration's
     * model version (the version of the allocator family it names).
     */
    PendingPairs pending(KernelCatalog kernels, ConfigurationTable configurations) {
        PendingPairs pending = new PendingPairs(kernels, configurations);
        store.forEachKey(spark, configurations.modelVersions(), pending::markDone);
        return pending;
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
     * Evaluates {@code codes} in chunks of {@link SweepRequest#chunkSize()}, each chunk one Spark
     * write per architecture of {@code mapPartitions} over pair-code blocks, and returns the rows
     * written.
     */
    long evaluate(Broadcast<KernelCatalog> kernels, ConfigurationTable configurations, long[] codes, String runId,
            SweepRequest request) {
        if (codes.length == 0) {
            return 0;
        }
        Broadcast<ConfigurationTable> configBroadcast = jsc.broadcast(configurations);
        try {
            int tasks = request.partitions() > 0 ? request.partitions() : jsc.defaultParallelism() * TASKS_PER_CORE;
            int chunk = Math.max(1, request.chunkSize());
            for (int from = 0; from < codes.length; from += chunk) {
                long[] part = Arrays.copyOfRange(codes, from, Math.min(codes.length, from + chunk));
                for (Map.Entry<String, long[]> arch : byArch(part, kernels.value()).entrySet()) {
                    List<long[]> blocks = blocks(arch.getValue(), tasks);
                    JavaRDD<Row> rows = jsc.parallelize(blocks, blocks.size()).mapPartitions(
                            PartitionEvaluation.function(kernels, configBroadcast, request.verify()));
                    store.append(runId, arch.getKey(), spark.createDataFrame(rows, ResultSchema.fileSchema()));
                }
            }
            return codes.length;
        } finally {
            configBroadcast.destroy();
        }
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

    /** {@code codes} cut into at most {@code tasks} contiguous blocks of at least a few dozen pairs. */
    static List<long[]> blocks(long[] codes, int tasks) {
        int n = (int) Math.max(1, Math.min(tasks, (codes.length + MIN_PAIRS_PER_TASK - 1) / MIN_PAIRS_PER_TASK));
        List<long[]> blocks = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int from = (int) ((long) codes.length * i / n);
            int to = (int) ((long) codes.length * (i + 1) / n);
            blocks.add(Arrays.copyOfRange(codes, from, to));
        }
        return blocks;
    }

    /** The run's committed rows by status. */
    SortedMap<String, Long> rowsByStatus(String runId) {
        SortedMap<String, Long> counts = new TreeMap<>();
        if (!store.hasRun(runId)) {
            return counts;
        }
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
