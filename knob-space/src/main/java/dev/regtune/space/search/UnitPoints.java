package dev.regtune.space.search;

import java.util.SplittableRandom;
import java.util.function.Supplier;

/** Sources of unit points, and the small numeric helpers the strategies share. */
public final class UnitPoints {
    /** The largest double below 1: unit points live in [0, 1). */
    static final double TOP = Math.nextDown(1.0);

    private UnitPoints() {
    }

    /** Independent uniform points in [0, 1)^dimensions, deterministic for the seed. */
    public static Supplier<double[]> uniform(int dimensions, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return () -> uniform(dimensions, random);
    }

    static double[] uniform(int dimensions, SplittableRandom random) {
        double[] u = new double[dimensions];
        for (int i = 0; i < dimensions; i++) {
            u[i] = random.nextDouble();
        }
        return u;
    }

    /** {@code x} clamped to [0, 1); NaN becomes 0. */
    static double clamp(double x) {
        if (!(x > 0)) {
            return 0.0;
        }
        return Math.min(x, TOP);
    }

    static double[] clamp(double[] u) {
        double[] c = new double[u.length];
        for (int i = 0; i < u.length; i++) {
            c[i] = clamp(u[i]);
        }
        return c;
    }

    /**
     * A standard normal deviate by Box-Muller. Written out rather than taken from
     * {@code RandomGenerator.nextGaussian()}, whose algorithm the JDK does not pin down across
     * versions; results must not change with the JVM.
     */
    static double gaussian(SplittableRandom random) {
        double u1 = 1.0 - random.nextDouble(); // (0, 1]: log is finite
        double u2 = random.nextDouble();
        return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
    }
}
