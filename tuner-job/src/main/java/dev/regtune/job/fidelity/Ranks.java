package dev.regtune.job.fidelity;

import java.util.Arrays;
import java.util.Comparator;

/** Ranks of a sample, 1-based, ties sharing the average of the ranks they span ("fractional ranking"). */
public final class Ranks {
    private Ranks() {
    }

    /**
     * The average rank of every value: {@code [10, 20, 20, 30]} ranks {@code [1, 2.5, 2.5, 4]}.
     *
     * @throws IllegalArgumentException if a value is NaN (it has no place in an order)
     */
    public static double[] average(double[] values) {
        int n = values.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            if (Double.isNaN(values[i])) {
                throw new IllegalArgumentException("cannot rank NaN (value " + i + ")");
            }
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double[] ranks = new double[n];
        int start = 0;
        while (start < n) {
            int end = start;
            while (end + 1 < n && values[order[end + 1]] == values[order[start]]) {
                end++;
            }
            // Positions start..end (0-based) hold equal values: ranks start+1..end+1, averaged.
            double rank = (start + end) / 2.0 + 1.0;
            for (int k = start; k <= end; k++) {
                ranks[order[k]] = rank;
            }
            start = end + 1;
        }
        return ranks;
    }
}
