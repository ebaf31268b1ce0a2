package dev.regtune.job.report;

import java.util.Locale;

/** Number formatting for reports: fixed decimals, {@link Locale#ROOT}, "-" for undefined values. */
public final class Numbers {
    private Numbers() {
    }

    /** {@code value} with {@code decimals} digits after the point, or "-" when it is NaN. */
    public static String fixed(double value, int decimals) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /** A share in [0, 1] as a percentage with one decimal ("45.6%"), or "-" when NaN. */
    public static String percent(double share) {
        return Double.isNaN(share) ? "-" : fixed(100.0 * share, 1) + "%";
    }
}
