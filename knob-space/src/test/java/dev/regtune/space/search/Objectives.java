package dev.regtune.space.search;

/** Synthetic objectives with known optima. */
final class Objectives {
    private static final double[] CENTRE = {0.30, 0.65, 0.20, 0.80, 0.45, 0.55, 0.35, 0.70};

    private Objectives() {
    }

    /** A sphere centred away from the middle of the cube; 0 at the centre (which is feasible). */
    static double shiftedSphere(double[] x) {
        double s = 0;
        for (int i = 0; i < x.length; i++) {
            double d = x[i] - CENTRE[i];
            s += d * d;
        }
        return s;
    }

    /** ZDT1: a convex front f2 = 1 - sqrt(f1) where x1.. = 0. */
    static double[] zdt1(double[] x) {
        double sum = 0;
        for (int i = 1; i < x.length; i++) {
            sum += x[i];
        }
        double g = 1 + 9 * sum / (x.length - 1);
        return new double[] {x[0], g * (1 - Math.sqrt(x[0] / g))};
    }

    /** A deterministic N(0, 1) deviate from two keys (SplitMix64 finaliser, then Box-Muller). */
    static double noise(long a, long b) {
        long z1 = mix(a * 0x9E3779B97F4A7C15L + b);
        long z2 = mix(z1 ^ 0xD1B54A32D192ED03L);
        double u1 = ((z1 >>> 11) + 1) * 0x1.0p-53;
        double u2 = (z2 >>> 11) * 0x1.0p-53;
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
