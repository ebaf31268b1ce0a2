package dev.regtune.space.sample;

import dev.regtune.space.KnobSpace;

/** Steele, Lea and Flood's SplitMix64: a tiny seeded generator, the same on every JVM. */
final class SplitMix64 {
    static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return KnobSpace.mix64(state);
    }

    /** Uniform in [0, 1), 53 random bits. */
    double nextDouble() {
        return toUnit(nextLong());
    }

    static double toUnit(long bits) {
        return (bits >>> 11) * 0x1.0p-53;
    }
}
