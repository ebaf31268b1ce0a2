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
 *
 * <p>The best that a selection reports ({@link #reported}) is another configuration than the default
 * only when it beats the default by at least {@link #MIN_GAIN}; below that the default is reported,
 * so that a difference of a few cycles in an estimate does not count as a kernel that tuning
 * pays for. The lowest key itself ({@link #rows}) still sets every kernel's ratio scores.
 */
final class PerKernelBest {
    /** {@link Selector#MIN_GAIN}. */
    static final double MIN_GAIN = Selector.MIN_GAIN;
    /** How far below {@link #MIN_GAIN} a gain may fall from rounding and still count as reaching it (201 / 200). */
    private static final double ROUNDING = 1e-9;

    private PerKernelBest() {
    }

    /**
     * The row to report as kernel {@code k}'s best, given its lowest-key row {@code best}: the default
     * configuration's row when the default is feasible and {@code best} beats it by less than
     * {@link #MIN_GAIN}, otherwise {@code best}.
     */
    static int reported(ObjectiveValues v, int k, int best) {
        ResultTable t = v.table();
        OptionalInt d = t.defaultConfig();
        int defaultRow = d.isPresent() ? t.row(k, d.getAsInt()) : -1;
        if (best < 0 || defaultRow < 0 || defaultRow == best || !v.feasible(defaultRow)) {
            return best;
        }
        return gain(v, best, defaultRow) < MIN_GAIN - ROUNDING ? defaultRow : best;
    }

    /** The gain of row {@code best} over row {@code other}, on the first component where they differ (0 when none). */
    static double gain(ObjectiveValues v, int best, int other) {
        for (int j = 0; j < v.components(); j++) {
            double b = v.value(best, j);
            double o = v.value(other, j);
            if (b != o) {
                return (o + RatioScores.OFFSET) / (b + RatioScores.OFFSET) - 1.0;
            }
        }
        return 0.0;
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
