package dev.regtune.job.fidelity;

/**
 * Spearman's rank correlation: the Pearson correlation of the average ranks ({@link Ranks}), so
 * it is exact with ties too (the {@code 1 - 6 sum d^2 / n(n^2-1)} shortcut is not).
 */
public final class SpearmanCorrelation {
    private SpearmanCorrelation() {
    }

    /**
     * The rank correlation of paired samples, in [-1, 1]; NaN when it is undefined (fewer than two
     * pairs, or a sample whose values are all equal).
     */
    public static double of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("samples differ in length: " + x.length + " and " + y.length);
        }
        if (x.length < 2) {
            return Double.NaN;
        }
        return pearson(Ranks.average(x), Ranks.average(y));
    }

    static double pearson(double[] a, double[] b) {
        int n = a.length;
        double meanA = 0;
        double meanB = 0;
        for (int i = 0; i < n; i++) {
            meanA += a[i];
            meanB += b[i];
        }
        meanA /= n;
        meanB /= n;
        double cov = 0;
        double varA = 0;
        double varB = 0;
        for (int i = 0; i < n; i++) {
            double da = a[i] - meanA;
            double db = b[i] - meanB;
            cov += da * db;
            varA += da * da;
            varB += db * db;
        }
        if (varA == 0 || varB == 0) {
            return Double.NaN;
        }
        return Math.max(-1.0, Math.min(1.0, cov / Math.sqrt(varA * varB)));
    }
}
