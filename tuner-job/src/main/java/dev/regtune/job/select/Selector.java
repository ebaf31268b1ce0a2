package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Makes a {@link Selection}: the best configuration per kernel, the robust global configuration
 * chosen on the training kernels and scored on the test kernels, the default configuration's
 * scores, and the Pareto front. Pure: no Spark, no files; the same table, objective and split give
 * an equal selection.
 *
 * <p>Kernels without any OK evaluation have no best configuration; they are listed as unsolved and
 * take no part in the split, the scores or the front (otherwise one kernel that fails everywhere
 * would leave no configuration OK on every training kernel).
 *
 * <p>A kernel's best, as the selection reports it, is another configuration than the default only
 * when it beats the default by at least {@link #MIN_GAIN} (see {@link PerKernelBest}); the scores
 * are ratios to the lowest value of each kernel whatever its gain.
 */
public final class Selector {
    /**
     * The smallest gain over the default for which a kernel's reported best is another configuration:
     * 0.5%, as {@code (default + 1) / (best + 1) - 1} on the first objective component where they
     * differ (the offset of every ratio of a selection). A model's estimate that differs by less
     * is not a gain a tuned profile should be changed for.
     */
    public static final double MIN_GAIN = 0.005;

    private Selector() {
    }

    /** Selects with the split {@link KernelSplit#of} draws over the kernels with an OK evaluation. */
    public static Selection select(ResultTable table, Objective objective, double trainFraction, long seed) {
        ObjectiveValues v = new ObjectiveValues(table, objective);
        int[] best = PerKernelBest.rows(v);
        List<String> solved = new ArrayList<>();
        for (int k = 0; k < best.length; k++) {
            if (best[k] >= 0) {
                solved.add(table.kernels().get(k).kernelId());
            }
        }
        return select(v, best, objective, KernelSplit.of(solved, trainFraction, seed));
    }

    /**
     * Selects with a given split. Split kernels without an OK evaluation are left out of the
     * scores; kernels in neither list are not scored (but still have their best and are on the front).
     *
     * @throws IllegalArgumentException when the split names a kernel the table does not have
     */
    public static Selection select(ResultTable table, Objective objective, KernelSplit split) {
        ObjectiveValues v = new ObjectiveValues(table, objective);
        return select(v, PerKernelBest.rows(v), objective, split);
    }

    private static Selection select(ObjectiveValues v, int[] best, Objective objective, KernelSplit split) {
        ResultTable table = v.table();
        List<KernelBest> kernels = new ArrayList<>();
        List<KernelInfo> unsolved = new ArrayList<>();
        List<Integer> solved = new ArrayList<>();
        for (int k = 0; k < best.length; k++) {
            if (best[k] >= 0) {
                kernels.add(PerKernelBest.record(v, k, PerKernelBest.reported(v, k, best[k])));
                solved.add(k);
            } else {
                unsolved.add(table.kernels().get(k));
            }
        }
        Map<String, Integer> index = new HashMap<>();
        for (int k = 0; k < table.kernels().size(); k++) {
            index.put(table.kernels().get(k).kernelId(), k);
        }
        List<Integer> train = scored(split.train(), index, best);
        List<Integer> test = scored(split.test(), index, best);

        RatioScores scores = new RatioScores(v, best);
        Optional<GlobalChoice> global = RobustGlobal.choose(v, scores, train, test);
        OptionalInt d = table.defaultConfig();
        Optional<DefaultScores> defaults = d.isEmpty() ? Optional.empty()
                : Optional.of(new DefaultScores(table.configs().get(d.getAsInt()), scores.score(d.getAsInt(), train),
                        scores.score(d.getAsInt(), test)));
        Map<String, GlobalChoice> byArch = new TreeMap<>();
        List<String> archs = table.archs();
        if (archs.size() > 1) {
            for (String arch : archs) {
                RobustGlobal.choose(v, scores, ofArch(table, train, arch), ofArch(table, test, arch))
                        .ifPresent(g -> byArch.put(arch, g));
            }
        }
        return new Selection(objective, TableSummary.of(table), kernels, unsolved, split, global, defaults,
                ParetoFront.of(table, solved), byArch);
    }

    private static List<Integer> ofArch(ResultTable table, List<Integer> kernels, String arch) {
        return kernels.stream().filter(k -> table.kernels().get(k).arch().equals(arch)).toList();
    }

    /** The indices of the split's kernels that have a best, in index order. */
    private static List<Integer> scored(List<String> ids, Map<String, Integer> index, int[] best) {
        List<Integer> out = new ArrayList<>();
        for (String id : ids) {
            Integer k = index.get(id);
            if (k == null) {
                throw new IllegalArgumentException("the split names kernel " + id + ", which the table does not have");
            }
            if (best[k] >= 0) {
                out.add(k);
            }
        }
        out.sort(null);
        return out;
    }
}
