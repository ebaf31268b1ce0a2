package dev.regtune.core.schedule;

import java.util.Arrays;

/**
 * Ranks {@code 0..n-1} of one block's ready instructions, bucketed by a small integer key (the
 * growth or the pressure change of {@link ReadyIndex}): each bucket is a two-level bit set, so
 * adding, removing and finding a bucket's lowest rank cost {@code O(1 + n / 4096)} without
 * boxing, where a {@code TreeMap<Integer, TreeSet<Integer>>} allocated a node per entry.
 *
 * <p>Keys may be negative; buckets are made for the keys seen and kept across blocks. Every rank
 * added must be removed before {@link #open} prepares the next block. Not thread-safe.
 */
final class RankBuckets {
    /** Key of {@code bits[0]}. */
    private int base;
    /** Per key from {@link #base}: the ranks, 64 to a word; null until the key is used. */
    private long[][] bits = new long[0][];
    /** Per key: bit {@code w} of word {@code w / 64} is set when {@code bits[key][w]} is not zero. */
    private long[][] summary = new long[0][];
    /** Per key: how many ranks it holds. */
    private int[] count = new int[0];
    private int words;

    /** Prepares for ranks below {@code n}; every bucket is empty. */
    void open(int n) {
        int w = Math.max(1, (n + 63) >>> 6);
        if (w > words) {
            words = w;
            for (int k = 0; k < bits.length; k++) {
                if (bits[k] != null) {
                    bits[k] = new long[w];
                    summary[k] = new long[(w + 63) >>> 6];
                }
            }
        }
    }

    void add(int key, int rank) {
        int k = slot(key);
        long[] b = bits[k];
        if (b == null) {
            b = bits[k] = new long[words];
            summary[k] = new long[(words + 63) >>> 6];
        }
        int w = rank >>> 6;
        b[w] |= 1L << rank;
        summary[k][w >>> 6] |= 1L << w;
        count[k]++;
    }

    void remove(int key, int rank) {
        int k = key - base;
        if (k < 0 || k >= count.length || count[k] == 0) {
            throw new IllegalStateException("a ready instruction is not in its bucket " + key);
        }
        long[] b = bits[k];
        int w = rank >>> 6;
        long mask = 1L << rank;
        if ((b[w] & mask) == 0) {
            throw new IllegalStateException("a ready instruction is not in its bucket " + key);
        }
        b[w] &= ~mask;
        if (b[w] == 0) {
            summary[k][w >>> 6] &= ~(1L << w);
        }
        count[k]--;
    }

    /** The lowest rank over the buckets of keys at most {@code maxKey}; -1 when they are all empty. */
    int lowestUpTo(int maxKey) {
        int best = -1;
        int last = Math.min(maxKey - base, count.length - 1);
        for (int k = 0; k <= last; k++) {
            if (count[k] > 0) {
                int r = first(k);
                if (best < 0 || r < best) {
                    best = r;
                }
            }
        }
        return best;
    }

    /** The lowest rank of the lowest non-empty key; -1 when every bucket is empty. */
    int lowestOfLowestKey() {
        for (int k = 0; k < count.length; k++) {
            if (count[k] > 0) {
                return first(k);
            }
        }
        return -1;
    }

    private int first(int k) {
        long[] s = summary[k];
        for (int sw = 0; sw < s.length; sw++) {
            if (s[sw] != 0) {
                int w = (sw << 6) + Long.numberOfTrailingZeros(s[sw]);
                return (w << 6) + Long.numberOfTrailingZeros(bits[k][w]);
            }
        }
        throw new IllegalStateException("a counted bucket has no rank");
    }

    /** The index of {@code key}'s bucket, growing the arrays to take it. */
    private int slot(int key) {
        if (count.length == 0) {
            base = key;
        }
        int k = key - base;
        if (k < 0) {
            int shift = -k;
            bits = shifted(bits, shift, count.length + shift);
            summary = shifted(summary, shift, count.length + shift);
            int[] c = new int[count.length + shift];
            System.arraycopy(count, 0, c, shift, count.length);
            count = c;
            base = key;
            k = 0;
        } else if (k >= count.length) {
            int size = k + 1;
            bits = Arrays.copyOf(bits, size);
            summary = Arrays.copyOf(summary, size);
            count = Arrays.copyOf(count, size);
        }
        return k;
    }

    private static long[][] shifted(long[][] a, int shift, int size) {
        long[][] out = new long[size][];
        System.arraycopy(a, 0, out, shift, a.length);
        return out;
    }
}
