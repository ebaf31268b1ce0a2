package dev.regtune.space.sample;

import dev.regtune.space.KnobSpace;

/**
 * A seeded permutation of [0, n) evaluated point by point in O(1) memory: a four-round balanced
 * Feistel network on the smallest even number of bits covering n (a bijection of [0, 2^bits)),
 * cycle-walked until the image falls below n. Since 2^bits &lt; 4n, fewer than four steps are
 * needed on average.
 */
final class FeistelPermutation {
    private static final int ROUNDS = 4;

    private final long n;
    private final int half;
    private final long mask;
    private final long[] keys = new long[ROUNDS];

    FeistelPermutation(long n, long key) {
        if (n < 1) {
            throw new IllegalArgumentException("a permutation needs n >= 1, not " + n);
        }
        this.n = n;
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(n - 1));
        bits += bits & 1;
        this.half = bits / 2;
        this.mask = (1L << half) - 1;
        SplitMix64 rng = new SplitMix64(key);
        for (int r = 0; r < ROUNDS; r++) {
            keys[r] = rng.nextLong();
        }
    }

    /** The image of {@code i}, 0 &lt;= i &lt; n. */
    long apply(long i) {
        long x = i;
        do {
            x = encrypt(x);
        } while (x >= n);
        return x;
    }

    private long encrypt(long x) {
        long left = x >>> half;
        long right = x & mask;
        for (int r = 0; r < ROUNDS; r++) {
            long f = KnobSpace.mix64(right ^ keys[r]) & mask;
            long t = right;
            right = left ^ f;
            left = t;
        }
        return (left << half) | right;
    }
}
