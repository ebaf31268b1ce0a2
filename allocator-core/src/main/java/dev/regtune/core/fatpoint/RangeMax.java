package dev.regtune.core.fatpoint;

import org.jspecify.annotations.Nullable;

/**
 * "Largest value in [a, b]" over an int array: the maximum of each 64-element block is kept, so
 * set-up is linear and a query reads the partial blocks at both ends and the block maxima between.
 * A query that spans many blocks (a unit live across much of a large function) reads the maxima
 * between from a sparse table instead (the maximum of every run of 2^k blocks, built on the first
 * such query in {@code B log B} for B blocks): two entries instead of one per block.
 */
final class RangeMax {
    private static final int SHIFT = 6;
    /** Spans of more blocks than this between the ends read the sparse table. */
    private static final int WALK_LIMIT = 8;

    private final int[] values;
    private final int[] blockMax;
    /** {@code table[k][i]}: the maximum of blocks [i, i + 2^k), k >= 1; null until a long query. */
    private int @Nullable [][] table;

    RangeMax(int[] values, int n) {
        this.values = values;
        this.blockMax = new int[(n >>> SHIFT) + 1];
        for (int i = 0; i < n; i++) {
            int b = i >>> SHIFT;
            if (values[i] > blockMax[b]) {
                blockMax[b] = values[i];
            }
        }
    }

    int max(int a, int b) {
        int m = Integer.MIN_VALUE;
        int ba = a >>> SHIFT;
        int bb = b >>> SHIFT;
        if (ba == bb) {
            for (int i = a; i <= b; i++) {
                m = Math.max(m, values[i]);
            }
            return m;
        }
        int endA = (ba + 1) << SHIFT;
        for (int i = a; i < endA; i++) {
            m = Math.max(m, values[i]);
        }
        int between = bb - ba - 1;
        if (between > WALK_LIMIT) {
            int[][] t = table();
            int k = 31 - Integer.numberOfLeadingZeros(between);
            int[] row = t[k];
            m = Math.max(m, Math.max(row[ba + 1], row[bb - (1 << k)]));
        } else {
            for (int k = ba + 1; k < bb; k++) {
                m = Math.max(m, blockMax[k]);
            }
        }
        for (int i = bb << SHIFT; i <= b; i++) {
            m = Math.max(m, values[i]);
        }
        return m;
    }

    private int[][] table() {
        int[][] t = table;
        if (t == null) {
            int blocks = blockMax.length;
            int levels = 32 - Integer.numberOfLeadingZeros(blocks);
            t = new int[levels][];
            t[0] = blockMax;
            for (int k = 1; k < levels; k++) {
                int[] prev = t[k - 1];
                int half = 1 << (k - 1);
                int[] row = new int[blocks - (1 << k) + 1];
                for (int i = 0; i < row.length; i++) {
                    row[i] = Math.max(prev[i], prev[i + half]);
                }
                t[k] = row;
            }
            table = t;
        }
        return t;
    }
}
