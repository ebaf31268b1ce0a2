package dev.regtune.job.select;

import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Finds each kernel's best row: the feasible row with the lowest key. A tie goes to the
 * configuration that changes fewest values (so the defaults win when nothing beats them: a tuned
 * profile changes a knob only for a gain), then to the lowest {@code config_id} (rows of a kernel
 * are in {@code config_id} order and only a strictly better row replaces the current best). A
 * kernel without a feasible row has none (-1).
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
                if (v.feasible(r) && (best[k] < 0 || better(v, r, best[k]))) {
                    best[k] = r;
                }
            }
        }
        return best;
    }

    private static boolean better(ObjectiveValues v, int r, int current) {
        int c = v.compare(r, current);
        if (c != 0) {
            return c < 0;
        }
        ResultTable t = v.table();
        return t.configs().get(t.configOf(r)).changeCount() < t.configs().get(t.configOf(current)).changeCount();
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
