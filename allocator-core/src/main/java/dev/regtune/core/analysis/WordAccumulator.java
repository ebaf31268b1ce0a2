package dev.regtune.core.analysis;

import java.util.Arrays;

/**
 * Scratch for building one sparse set at a time (see {@link BlockBitSets}): a bitset of the
 * function's width that remembers which words it touched, so reading the result out and clearing
 * it cost the touched words, not the width. Reused from set to set; not thread-safe.
 */
final class WordAccumulator {
    private final long[] words;
    private final boolean[] touched;
    private int[] order = new int[16];
    private int count;

    WordAccumulator(int width) {
        this.words = new long[width];
        this.touched = new boolean[width];
    }

    /** Sets {@code bits} in word {@code j}. */
    void or(int j, long bits) {
        if (!touched[j]) {
            touched[j] = true;
            if (count == order.length) {
                order = Arrays.copyOf(order, count * 2);
            }
            order[count++] = j;
        }
        words[j] |= bits;
    }

    /** Sets every word of a sparse set given as ascending {@code index} / {@code bits} arrays. */
    void or(int[] index, long[] bits) {
        for (int k = 0; k < index.length; k++) {
            or(index[k], bits[k]);
        }
    }

    /** Word {@code j} as accumulated so far. */
    long get(int j) {
        return words[j];
    }

    /** Replaces word {@code j}, which must have been touched. */
    void set(int j, long bits) {
        words[j] = bits;
    }

    /** Puts the touched words in ascending order, for reading out a sorted sparse set. */
    void sortTouched() {
        Arrays.sort(order, 0, count);
    }

    /** The non-zero touched words' indices, ascending; call after {@link #sortTouched}. */
    int[] nonZeroIndices() {
        int n = 0;
        for (int k = 0; k < count; k++) {
            if (words[order[k]] != 0) {
                n++;
            }
        }
        int[] out = new int[n];
        n = 0;
        for (int k = 0; k < count; k++) {
            if (words[order[k]] != 0) {
                out[n++] = order[k];
            }
        }
        return out;
    }

    /** The words at {@code indices}. */
    long[] wordsAt(int[] indices) {
        long[] out = new long[indices.length];
        for (int k = 0; k < indices.length; k++) {
            out[k] = words[indices[k]];
        }
        return out;
    }

    /** Clears the touched words, leaving the scratch empty. */
    void clear() {
        for (int k = 0; k < count; k++) {
            words[order[k]] = 0L;
            touched[order[k]] = false;
        }
        count = 0;
    }
}
