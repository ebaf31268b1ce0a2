package dev.regtune.space.search;

import java.util.function.ToDoubleFunction;

/**
 * Scalar scores of objective vectors for the strategies that rank by one number (random search,
 * successive halving, TPE). Lower is better; failures and NaN score +infinity.
 */
public final class Scores {
    private Scores() {
    }

    /** The first objective. */
    public static ToDoubleFunction<double[]> first() {
        return component(0);
    }

    /** Objective {@code i}. */
    public static ToDoubleFunction<double[]> component(int i) {
        return v -> v[i];
    }

    /** {@code sum w[i] * v[i]}. */
    public static ToDoubleFunction<double[]> weightedSum(double... weights) {
        double[] w = weights.clone();
        return v -> {
            double s = 0;
            for (int i = 0; i < w.length; i++) {
                s += w[i] * v[i];
            }
            return s;
        };
    }

    /** The score of an observation: +infinity for a failure or a NaN score. */
    static double score(ToDoubleFunction<double[]> f, Observation o) {
        return o.isFailure() ? Double.POSITIVE_INFINITY : sanitize(f.applyAsDouble(o.objectives()));
    }

    static double sanitize(double s) {
        return Double.isNaN(s) ? Double.POSITIVE_INFINITY : s;
    }
}
