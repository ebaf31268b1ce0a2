package dev.regtune.job.report.html;

import java.util.Locale;

/**
 * Short, locale-independent labels for axis ticks and values: as many decimals as the tick step
 * needs, and k / M / G for large magnitudes (12k cycles, 1.5M cycles) so labels stay narrow.
 */
public final class TickLabels {
    private TickLabels() {
    }

    /** A tick of a linear axis whose ticks are {@code step} apart and reach {@code maxAbs} in magnitude. */
    public static String linear(double value, double step, double maxAbs) {
        double divisor = divisor(maxAbs);
        int decimals = Math.max(0, (int) Math.ceil(-Math.log10(step / divisor) - 1e-9));
        return format(value / divisor, Math.min(decimals, 6)) + suffix(divisor);
    }

    /** A value in at most three significant digits, with k / M / G from a thousand on: 0.125, 42, 1.5k, 12k, 3.2M. */
    public static String compact(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (value == 0) {
            return "0";
        }
        double abs = Math.abs(value);
        double divisor = abs >= 1e9 ? 1e9 : abs >= 1e6 ? 1e6 : abs >= 1e3 ? 1e3 : 1;
        double scaled = abs / divisor;
        int digitsBeforePoint = scaled < 1 ? 1 : (int) Math.floor(Math.log10(scaled)) + 1;
        int decimals = Math.max(0, 3 - digitsBeforePoint);
        if (scaled < 1) {
            decimals = Math.min(6, (int) Math.ceil(-Math.log10(scaled)) + 2);
        }
        return (value < 0 ? "-" : "") + format(scaled, decimals) + suffix(divisor);
    }

    private static double divisor(double maxAbs) {
        if (maxAbs >= 1e10) {
            return 1e9;
        } else if (maxAbs >= 1e7) {
            return 1e6;
        } else if (maxAbs >= 1e4) {
            return 1e3;
        }
        return 1;
    }

    private static String suffix(double divisor) {
        if (divisor == 1e9) {
            return "G";
        } else if (divisor == 1e6) {
            return "M";
        } else if (divisor == 1e3) {
            return "k";
        }
        return "";
    }

    /** Fixed decimals with trailing zeros after the point removed, and never "-0". */
    static String format(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        if (s.indexOf('.') >= 0) {
            int end = s.length();
            while (s.charAt(end - 1) == '0') {
                end--;
            }
            if (s.charAt(end - 1) == '.') {
                end--;
            }
            s = s.substring(0, end);
        }
        return s.equals("-0") ? "0" : s;
    }
}
