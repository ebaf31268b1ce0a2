package dev.regtune.job.fidelity;

import java.util.Arrays;

/**
 * Sample quantiles by linear interpolation between order statistics (Hyndman and Fan's type 7,
 * the default of R and NumPy): quantile {@code q} of sorted {@code x[0..n-1]} is at position
 * {@code q (n - 1)}.
 */
public final class Quantiles {
    private Quantiles() {
    }

    /** Quantile {@code q} in [0, 1] of {@code values} (any order); NaN for an empty sample. */
    public static double of(double[] values, double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("a quantile must be within [0, 1], not " + q);
        }
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] x = values.clone();
        Arrays.sort(x);
        double pos = q * (x.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, x.length - 1);
        return x[lo] + (pos - lo) * (x[hi] - x[lo]);
    }

    public static double median(double[] values) {
        return of(values, 0.5);
    }
}
