package dev.regtune.space.search;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A one-dimensional Parzen (kernel density) estimator on [0, 1]: an equally weighted mixture of
 * Gaussians truncated to [0, 1], one centred at each observed coordinate, plus a uniform prior
 * component of weight {@code priorWeight} so that the density is never zero and far-away regions
 * keep being explored.
 */
final class ParzenEstimator {
    private static final double LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

    private final double[] mus;
    private final double[] sigmas;
    private final double[] logMass; // log of the mass of each kernel inside [0, 1]
    private final double priorWeight;
    private final double logTotalWeight;

    ParzenEstimator(double[] observations, double priorWeight, ParzenBandwidth rule) {
        this.mus = observations.clone();
        this.priorWeight = priorWeight;
        this.sigmas = bandwidths(mus, rule);
        this.logMass = new double[mus.length];
        for (int i = 0; i < mus.length; i++) {
            double mass = normalCdf((1 - mus[i]) / sigmas[i]) - normalCdf(-mus[i] / sigmas[i]);
            logMass[i] = Math.log(Math.max(mass, 1e-300));
        }
        this.logTotalWeight = Math.log(mus.length + priorWeight);
    }

    /**
     * The kernel widths, clipped to [1 / min(100, n + 1), 1] as hyperopt does. The floor matters:
     * without it the good set collapses onto the incumbent (new points near it join the good set
     * and shrink its spread), and the search stops exploring after a few dozen evaluations.
     */
    static double[] bandwidths(double[] xs, ParzenBandwidth rule) {
        int n = xs.length;
        double lo = 1.0 / Math.min(100, n + 1);
        double[] s = new double[n];
        if (n == 0) {
            return s;
        }
        if (rule == ParzenBandwidth.NEIGHBOUR) {
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> Double.compare(xs[a], xs[b]) != 0 ? Double.compare(xs[a], xs[b])
                    : Integer.compare(a, b));
            for (int r = 0; r < n; r++) {
                double left = xs[order[r]] - (r == 0 ? 0.0 : xs[order[r - 1]]);
                double right = (r == n - 1 ? 1.0 : xs[order[r + 1]]) - xs[order[r]];
                s[order[r]] = clip(Math.max(left, right), lo, 1.0);
            }
            return s;
        }
        double mean = 0;
        for (double x : xs) {
            mean += x / n;
        }
        double var = 0;
        for (double x : xs) {
            var += (x - mean) * (x - mean) / Math.max(1, n - 1);
        }
        double sd = Math.sqrt(var);
        double width;
        if (rule == ParzenBandwidth.SCOTT) {
            width = 1.06 * sd * Math.pow(n, -0.2);
        } else {
            double[] sorted = xs.clone();
            Arrays.sort(sorted);
            double iqr = quantile(sorted, 0.75) - quantile(sorted, 0.25);
            double spread = iqr > 0 ? Math.min(sd, iqr / 1.34) : sd;
            width = 0.9 * spread * Math.pow(n, -0.2);
        }
        Arrays.fill(s, clip(width, lo, 1.0));
        return s;
    }

    private static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        int j = Math.min(sorted.length - 1, i + 1);
        return sorted[i] + (pos - i) * (sorted[j] - sorted[i]);
    }

    private static double clip(double x, double lo, double hi) {
        return Math.max(lo, Math.min(hi, x));
    }

    /** The log density at {@code x} in [0, 1]. */
    double logDensity(double x) {
        // log-sum-exp over the kernels and the prior (density 1 on [0, 1], log 0)
        double max = priorWeight > 0 ? Math.log(priorWeight) : Double.NEGATIVE_INFINITY;
        double[] terms = new double[mus.length];
        for (int i = 0; i < mus.length; i++) {
            double z = (x - mus[i]) / sigmas[i];
            terms[i] = -0.5 * z * z - LOG_SQRT_2PI - Math.log(sigmas[i]) - logMass[i];
            max = Math.max(max, terms[i]);
        }
        if (max == Double.NEGATIVE_INFINITY) {
            return max;
        }
        double sum = priorWeight > 0 ? priorWeight * Math.exp(-max) : 0.0;
        for (double t : terms) {
            sum += Math.exp(t - max);
        }
        return max + Math.log(sum) - logTotalWeight;
    }

    /** A draw from the mixture, in [0, 1). */
    double sample(SplittableRandom random) {
        double pick = random.nextDouble() * (mus.length + priorWeight);
        int i = (int) Math.floor(pick);
        if (i >= mus.length) {
            return random.nextDouble();
        }
        // Rejection from the untruncated Gaussian: its mass in [0, 1] is at least about 0.34
        // (centre inside, width at most 1), so a handful of tries suffice.
        for (int attempt = 0; attempt < 64; attempt++) {
            double x = mus[i] + sigmas[i] * UnitPoints.gaussian(random);
            if (x >= 0 && x < 1) {
                return x;
            }
        }
        return UnitPoints.clamp(mus[i]);
    }

    /** The standard normal distribution function, from {@link #erfc}. */
    static double normalCdf(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    /**
     * The complementary error function by the Chebyshev fit of Numerical Recipes (fractional error
     * below 1.2e-7 everywhere), ample for kernel masses.
     */
    static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1.0 / (1.0 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2.0 - r;
    }
}
