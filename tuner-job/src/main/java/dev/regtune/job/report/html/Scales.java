package dev.regtune.job.report.html;

/**
 * Chooses a scale for a set of values: logarithmic when the non-negative values span at least
 * {@value #LOG_SPAN} times from the smallest positive one to the largest (knob ranges like 1 to
 * 10^6, spill bytes from 0 to tens of thousands), linear otherwise.
 */
public final class Scales {
    /** Largest over smallest positive value from which an axis becomes logarithmic. */
    public static final double LOG_SPAN = 100;

    private Scales() {
    }

    /**
     * A scale for {@code values} (NaN ignored).
     *
     * @param includeZero whether a linear scale must reach 0 (counts, bar lengths)
     */
    public static Scale forValues(double[] values, boolean includeZero) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double minPositive = Double.POSITIVE_INFINITY;
        for (double v : values) {
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                continue;
            }
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
            if (v > 0) {
                minPositive = Math.min(minPositive, v);
            }
        }
        if (lo > hi) {
            return LinearScale.covering(0, 1, 6);
        }
        if (lo >= 0 && hi > 0 && hi / minPositive >= LOG_SPAN) {
            return LogScale.covering(lo == 0 ? 0 : minPositive, hi);
        }
        return linear(lo, hi, includeZero);
    }

    /** A linear scale over {@code lo..hi}, reaching 0 when asked. */
    public static LinearScale linear(double lo, double hi, boolean includeZero) {
        if (includeZero) {
            lo = Math.min(lo, 0);
            hi = Math.max(hi, 0);
        }
        return LinearScale.covering(lo, hi, 6);
    }
}
