package dev.regtune.job.select;

import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Finds each kernel's best row: the feasible row with the lowest key; rows of a kernel are in
 * {@code config_id} order and only a strictly lower key replaces the current best, so a tie goes to
 * the lowest {@code config_id}. A kernel without a feasible row has none (-1).
 */
final class PerKernelBest {
    private PerKernelBest() {
    }

    /** The best row of every kernel, or -1. */
    static int[] rows(ObjectiveValues v) {
        ResultTable t = v.table();
        int[] best = new int[t.kernels().size()];
        Arrays.fill(best, -1);
        for (int k = 0; k < best.length; k++) {
            for (int r = t.firstRow(k); r < t.endRow(k); r++) {
                if (v.feasible(r) && (best[k] < 0 || v.compare(r, best[k]) < 0)) {
                    best[k] = r;
                }
            }
        }
        return best;
    }

    /** The record of kernel {@code k}'s best row {@code row}. */
    static KernelBest record(ObjectiveValues v, int k, int row) {
        ResultTable t = v.table();
        int feasible = 0;
        for (int r = t.firstRow(k); r < t.endRow(k); r++) {
            feasible += v.feasible(r) ? 1 : 0;
        }
        OptionalInt d = t.defaultConfig();
        int defaultRow = d.isPresent() ? t.row(k, d.getAsInt()) : -1;
        Optional<Evaluation> defaultEvaluation = defaultRow < 0 ? Optional.empty()
                : Optional.of(t.evaluation(defaultRow));
        Evaluation e = t.evaluation(row);
        return new KernelBest(t.kernels().get(k), t.configs().get(e.config()), e, v.key(row),
                t.endRow(k) - t.firstRow(k), feasible, defaultEvaluation);
    }
}
