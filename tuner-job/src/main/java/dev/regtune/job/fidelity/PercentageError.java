package dev.regtune.job.fidelity;

import java.util.Arrays;

/**
 * Relative error of predicted against actual values. Pairs whose actual value is 0 have no
 * relative error and are left out; with no pair left the result is NaN.
 */
public final class PercentageError {
    private PercentageError() {
    }

    /** Mean of {@code |predicted - actual| / actual}, in percent. */
    public static double meanAbsolute(double[] predicted, double[] actual) {
        check(predicted, actual);
        double[] errors = new double[actual.length];
        int n = 0;
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != 0) {
                errors[n++] = Math.abs(predicted[i] - actual[i]) / Math.abs(actual[i]);
            }
        }
        // Summed in ascending order, so that the same pairs in another order give the same bits.
        Arrays.sort(errors, 0, n);
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += errors[i];
        }
        return n == 0 ? Double.NaN : 100.0 * sum / n;
    }

    /** Share (0..1) of pairs with {@code |predicted - actual| <= tolerance * |actual|}, e.g. tolerance 0.1. */
    public static double shareWithin(double[] predicted, double[] actual, double tolerance) {
        check(predicted, actual);
        int within = 0;
        int n = 0;
        for (int i = 0; i < actual.length; i++) {
            if (actual[i] != 0) {
                n++;
                // A small epsilon so that exactly 10% (33 vs 30) counts as within 10% despite rounding.
                if (Math.abs(predicted[i] - actual[i]) <= tolerance * Math.abs(actual[i]) + 1e-9) {
                    within++;
                }
            }
        }
        return n == 0 ? Double.NaN : (double) within / n;
    }

    private static void check(double[] predicted, double[] actual) {
        if (predicted.length != actual.length) {
            throw new IllegalArgumentException("samples differ in length: " + predicted.length + " and "
                    + actual.length);
        }
    }
}
