package dev.regtune.datasets.synthetic;

/**
 * SplitMix64 (Steele, Lea and Flood), written out here so that a seed means the same stream on
 * every JVM version: {@code java.util.SplittableRandom} documents no such promise.
 */
final class SeededRandom {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private long state;

    SeededRandom(long seed) {
        this.state = seed;
    }

    /** A seed derived from {@code seed} and a stream number, independent of the seed's own stream. */
    static long derive(long seed, long stream) {
        return mix(seed ^ mix(stream * GOLDEN_GAMMA + 0x632BE59BD9B4E019L));
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in {@code [0, bound)}; {@code bound} must be positive. */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive, not " + bound);
        }
        // The multiply-shift keeps the result uniform enough for code generation and has no loop.
        return (int) (((nextLong() >>> 33) * bound) >>> 31);
    }

    /** Uniform in {@code [lo, hi]}. */
    int nextInt(int lo, int hi) {
        return lo + nextInt(hi - lo + 1);
    }

    /** Uniform in {@code [0, 1)}. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    boolean nextBoolean() {
        return nextLong() < 0;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
