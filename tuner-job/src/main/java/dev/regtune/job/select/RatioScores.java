package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.List;

/**
 * Scores configurations against the per-kernel best ({@link SetScore} says how). Sums of logs run
 * over kernels in index order, so the same inputs give the same bits.
 */
final class RatioScores {
    /** The additive offset of every ratio (see {@link SetScore}). */
    static final double OFFSET = 1.0;

    private final ObjectiveValues values;
    private final int[] bestRow;

    RatioScores(ObjectiveValues values, int[] bestRow) {
        this.values = values;
        this.bestRow = bestRow;
    }

    /** The log-ratio of component {@code j} of feasible row {@code row} against its kernel's best. */
    double logRatio(int kernel, int row, int j) {
        return Math.log((values.value(row, j) + OFFSET) / (values.value(bestRow[kernel], j) + OFFSET));
    }

    /** The score of configuration {@code config} on kernels {@code kernels} (indices; each has a best). */
    SetScore score(int config, List<Integer> kernels) {
        ResultTable t = values.table();
        int n = values.components();
        double[] logSum = new double[n];
        int scored = 0;
        int failed = 0;
        int missing = 0;
        double regretSum = 0.0;
        double maxRegret = Double.NEGATIVE_INFINITY;
        for (int k : kernels) {
            int row = t.row(k, config);
            if (row < 0) {
                missing++;
            } else if (!values.feasible(row)) {
                failed++;
            } else {
                scored++;
                for (int j = 0; j < n; j++) {
                    logSum[j] += logRatio(k, row, j);
                }
                double regret = Math.exp(logRatio(k, row, 0)) - 1.0;
                regretSum += regret;
                maxRegret = Math.max(maxRegret, regret);
            }
        }
        List<Double> components = new ArrayList<>();
        if (scored > 0) {
            for (int j = 0; j < n; j++) {
                components.add(Math.exp(logSum[j] / scored));
            }
        }
        return new SetScore(kernels.size(), scored, failed, missing, components,
                scored > 0 ? regretSum / scored : Double.NaN, scored > 0 ? maxRegret : Double.NaN);
    }

    /**
     * How much better {@code chosen} is than {@code baseline} on the kernels where both are OK: the
     * geometric mean of {@code (v(baseline)+1)/(v(chosen)+1)} on the first component, minus 1
     * (positive: chosen is better). NaN when no kernel has both.
     */
    double improvement(int chosen, int baseline, List<Integer> kernels) {
        ResultTable t = values.table();
        double logSum = 0.0;
        int n = 0;
        for (int k : kernels) {
            int c = t.row(k, chosen);
            int b = t.row(k, baseline);
            if (c >= 0 && b >= 0 && values.feasible(c) && values.feasible(b)) {
                logSum += Math.log((values.value(b, 0) + OFFSET) / (values.value(c, 0) + OFFSET));
                n++;
            }
        }
        return n == 0 ? Double.NaN : Math.exp(logSum / n) - 1.0;
    }
}
