package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.space.search.Observation;
import dev.regtune.space.search.Proposal;
import dev.regtune.space.search.Scores;
import dev.regtune.space.search.SearchStrategy;
import dev.regtune.space.search.Strategy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * An adaptive sweep: each round the strategy proposes configurations, the round's missing pairs are
 * evaluated on the cluster and appended like any sweep's, and the round's objectives are read back
 * from the result table (so a resumed run replays the same rounds from stored rows and evaluates
 * only what its predecessor did not commit). Objectives are those of {@link SearchObjective}.
 */
final class AdaptiveRounds {
    private final SweepJob job;
    private final SweepRequest request;
    private final SweepPlan.Adaptive plan;
    private final KernelCatalog kernels;
    private final Broadcast<KernelCatalog> kernelBroadcast;
    private final String runId;
    private final Map<String, Integer> kernelIndex = new HashMap<>();

    AdaptiveRounds(SweepJob job, SweepRequest request, SweepPlan.Adaptive plan, KernelCatalog kernels,
            Broadcast<KernelCatalog> kernelBroadcast, String runId) {
        this.job = job;
        this.request = request;
        this.plan = plan;
        this.kernels = kernels;
        this.kernelBroadcast = kernelBroadcast;
        this.runId = runId;
        for (int k = 0; k < kernels.size(); k++) {
            kernelIndex.put(kernels.kernel(k).id(), k);
        }
    }

    /** The plan's strategy, over the request's space and kernels. */
    static SearchStrategy strategy(SweepPlan.Adaptive plan, SweepRequest request, KernelCatalog kernels) {
        return plan.strategy().create(new Strategy.Setup(request.space(),
                kernels.kernels().stream().map(SweepKernel::id).toList(), plan.budget(), request.seed(),
                Scores.component(plan.objective().component())));
    }

    SweepJob.Counts run() throws IOException {
        SearchStrategy strategy = strategy(plan, request, kernels);
        Map<String, Boolean> configs = new TreeMap<>();
        long evaluations = 0;
        long skipped = 0;
        long written = 0;
        job.progress().start(0);
        int round = 0;
        while (!strategy.done()) {
            List<Proposal> proposals = strategy.propose();
            if (proposals.isEmpty()) {
                strategy.observe(List.of());
                continue;
            }
            List<SweepConfiguration> list = new ArrayList<>();
            for (Proposal p : proposals) {
                list.add(SweepConfiguration.of(p.configuration()));
            }
            ConfigurationTable table = new ConfigurationTable(list);
            PendingPairs pending = job.pending(kernels, table);
            BitSet[] wanted = wantedKernels(proposals, list, table);
            long[] codes = restrict(pending.codes(), wanted);
            long roundPairs = countWanted(table, wanted);
            evaluations += roundPairs;
            skipped += roundPairs - codes.length;
            job.progress().addToTotal(codes.length);
            round++;
            written += job.evaluate(table, codes, runId, request, round);
            job.spark().sparkContext().setJobDescription("regtune sweep " + runId + ": round " + round
                    + ", reading its objectives");
            strategy.observe(observe(proposals, list, table, wanted));
            for (SweepConfiguration c : table.configurations()) {
                configs.put(c.configId(), Boolean.TRUE);
            }
        }
        return new SweepJob.Counts(configs.size(), evaluations, skipped, written);
    }

    /**
     * Per configuration of the table, the kernels its proposals ask for (all when a proposal names
     * none); {@code configs} are the proposals' configurations, index for index.
     */
    private BitSet[] wantedKernels(List<Proposal> proposals, List<SweepConfiguration> configs,
            ConfigurationTable table) {
        Map<String, Integer> byId = index(table);
        BitSet[] wanted = new BitSet[table.size()];
        for (int i = 0; i < proposals.size(); i++) {
            Proposal p = proposals.get(i);
            int c = Objects.requireNonNull(byId.get(configs.get(i).configId())); // the table holds every proposal
            BitSet b = wanted[c] == null ? (wanted[c] = new BitSet(kernels.size())) : wanted[c];
            if (p.kernels().isEmpty()) {
                b.set(0, kernels.size());
            } else {
                for (String id : p.kernels()) {
                    Integer k = kernelIndex.get(id);
                    if (k != null) {
                        b.set(k);
                    }
                }
            }
        }
        return wanted;
    }

    private static Map<String, Integer> index(ConfigurationTable table) {
        Map<String, Integer> byId = new HashMap<>();
        for (int c = 0; c < table.size(); c++) {
            byId.putIfAbsent(table.configuration(c).configId(), c);
        }
        return byId;
    }

    private static long[] restrict(long[] codes, BitSet[] wanted) {
        return java.util.Arrays.stream(codes)
                .filter(code -> wanted[PairCodes.configuration(code)].get(PairCodes.kernel(code)))
                .toArray();
    }

    private long countWanted(ConfigurationTable table, BitSet[] wanted) {
        long n = 0;
        for (int c = 0; c < table.size(); c++) {
            for (int k = wanted[c].nextSetBit(0); k >= 0; k = wanted[c].nextSetBit(k + 1)) {
                if (table.configuration(c).appliesTo(kernels.kernel(k).arch())) {
                    n++;
                }
            }
        }
        return n;
    }

    /** The round's observations, read back from the result table. */
    private List<Observation> observe(List<Proposal> proposals, List<SweepConfiguration> configs,
            ConfigurationTable table, BitSet[] wanted) {
        List<String> ids = table.configurations().stream().map(SweepConfiguration::configId).distinct().toList();
        Map<String, String> versionOf = new HashMap<>();
        table.configurations().forEach(c -> versionOf.put(c.configId(), c.modelVersion()));
        Map<String, Map<String, double[]>> perConfig = new HashMap<>();
        if (job.store().hasResults()) {
            List<Row> rows = job.store().read(job.spark())
                    .where(functions.col(ResultColumns.MODEL_VERSION).isin(table.modelVersions().toArray())
                            .and(functions.col(ResultColumns.CONFIG_ID).isin(ids.toArray())))
                    .select(ResultColumns.CONFIG_ID, ResultColumns.KERNEL_ID, ResultColumns.STATUS,
                            ResultColumns.EST_LATENCY_CYCLES, ResultColumns.SPILL_STORE_BYTES,
                            ResultColumns.SPILL_LOAD_BYTES, ResultColumns.SMEM_SPILL_BYTES, ResultColumns.REGISTERS,
                            ResultColumns.MODEL_VERSION, ResultColumns.EST_TIME_CYCLES)
                    .collectAsList();
            for (Row r : rows) {
                // each configuration's rows of its own family's model version only
                if (!kernelIndex.containsKey(r.getString(1)) || !r.getString(8).equals(versionOf.get(r.getString(0)))) {
                    continue;
                }
                long spills = (r.isNullAt(4) ? 0 : r.getInt(4)) + (r.isNullAt(5) ? 0 : r.getInt(5))
                        + (r.isNullAt(6) ? 0 : r.getInt(6));
                double[] v = SearchObjective.vector(r.getString(2), r.isNullAt(3) ? 0 : r.getLong(3), spills,
                        r.isNullAt(7) ? 0 : r.getInt(7), r.isNullAt(9) ? -1 : r.getLong(9));
                perConfig.computeIfAbsent(r.getString(0), x -> new TreeMap<>()).put(r.getString(1), v);
            }
        }
        Map<String, Integer> byId = index(table);
        List<Observation> out = new ArrayList<>(proposals.size());
        for (int i = 0; i < proposals.size(); i++) {
            Proposal p = proposals.get(i);
            String id = configs.get(i).configId();
            BitSet want = wanted[Objects.requireNonNull(byId.get(id))];
            Map<String, double[]> all = perConfig.getOrDefault(id, Map.of());
            Map<String, double[]> mine = new TreeMap<>();
            List<String> asked = p.kernels().isEmpty() ? kernels.kernels().stream().map(SweepKernel::id).toList()
                    : p.kernels();
            for (String k : asked) {
                Integer ki = kernelIndex.get(k);
                if (ki != null && want.get(ki) && all.containsKey(k)) {
                    mine.put(k, all.get(k));
                }
            }
            out.add(mine.isEmpty() ? Observation.failure(p.id()) : Observation.ofKernels(p.id(), mine));
        }
        return out;
    }
}
