package dev.regtune.core.fatpoint;

import java.util.Arrays;

/**
 * The fat-point histogram's bitsets transposed: for each 64-point word of the function, that word
 * of every slot's bitset, side by side. The scan's first-fit test reads whether slots
 * {@code s, s+1, ...} are occupied at a unit's first point; here those reads are consecutive
 * longs instead of one word in each slot's own bitset. Slots at or beyond the capacity are free;
 * the capacity grows (by re-laying the words out) as higher slots are committed.
 */
final class PointSlots {
    private final int words;
    private int capacity;
    private long[] bits;
    private int highest;

    PointSlots(int words) {
        this.words = words;
        this.capacity = 64;
        this.bits = new long[words * capacity];
    }

    /** Whether any of slots {@code [s, s+w)} is occupied at {@code point}. */
    boolean occupied(int s, int w, int point) {
        int end = Math.min(s + w, capacity);
        int row = (point >>> 6) * capacity;
        long bit = 1L << (point & 63);
        for (int j = s; j < end; j++) {
            if ((bits[row + j] & bit) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Marks the points of {@code mask} in word {@code x} occupied in slot {@code s}. */
    void mark(int s, int x, long mask) {
        if (s >= capacity) {
            grow(s + 1);
        }
        bits[x * capacity + s] |= mask;
        highest = Math.max(highest, s + 1);
    }

    /** Frees every slot at every point. */
    void clear() {
        if (highest > 0) {
            Arrays.fill(bits, 0L);
            highest = 0;
        }
    }

    private void grow(int slots) {
        int n = capacity;
        while (n < slots) {
            n *= 2;
        }
        long[] wider = new long[words * n];
        for (int x = 0; x < words; x++) {
            System.arraycopy(bits, x * capacity, wider, x * n, capacity);
        }
        bits = wider;
        capacity = n;
    }
}
