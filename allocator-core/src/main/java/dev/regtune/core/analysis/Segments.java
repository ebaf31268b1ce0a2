package dev.regtune.core.analysis;

import java.util.Arrays;

/**
 * Sorted, disjoint, inclusive point segments stored as {@code [a0, b0, a1, b1, ...]}. Static
 * helpers only; the arrays belong to their callers.
 */
public final class Segments {
    private Segments() {
    }

    /** Whether two segment lists share a point. */
    public static boolean overlap(int[] x, int xn, int[] y, int yn) {
        int i = 0;
        int j = 0;
        while (i < xn && j < yn) {
            int xa = x[2 * i];
            int xb = x[2 * i + 1];
            int ya = y[2 * j];
            int yb = y[2 * j + 1];
            if (xb < ya) {
                i++;
            } else if (yb < xa) {
                j++;
            } else {
                return true;
            }
        }
        return false;
    }

    /** The union of two lists, adjacent segments merged; returns {@code [segments..]} sized exactly. */
    public static int[] union(int[] x, int xn, int[] y, int yn) {
        int[] out = new int[2 * (xn + yn)];
        int n = 0;
        int i = 0;
        int j = 0;
        while (i < xn || j < yn) {
            int a;
            int b;
            if (j >= yn || (i < xn && x[2 * i] <= y[2 * j])) {
                a = x[2 * i];
                b = x[2 * i + 1];
                i++;
            } else {
                a = y[2 * j];
                b = y[2 * j + 1];
                j++;
            }
            if (n > 0 && a <= out[2 * n - 1] + 1) {
                out[2 * n - 1] = Math.max(out[2 * n - 1], b);
            } else {
                out[2 * n] = a;
                out[2 * n + 1] = b;
                n++;
            }
        }
        return Arrays.copyOf(out, 2 * n);
    }

    /** Total number of points covered. */
    public static int length(int[] s) {
        int len = 0;
        for (int k = 0; k < s.length; k += 2) {
            len += s[k + 1] - s[k] + 1;
        }
        return len;
    }
}
