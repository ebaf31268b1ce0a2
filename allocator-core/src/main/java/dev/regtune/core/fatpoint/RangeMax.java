package dev.regtune.core.fatpoint;

/**
 * "Largest value in [a, b]" over an int array: the maximum of each 64-element block is kept, so
 * set-up is linear and a query reads the partial blocks at both ends and the block maxima between.
 */
final class RangeMax {
    private static final int SHIFT = 6;

    private final int[] values;
    private final int[] blockMax;

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
        for (int k = ba + 1; k < bb; k++) {
            m = Math.max(m, blockMax[k]);
        }
        for (int i = bb << SHIFT; i <= b; i++) {
            m = Math.max(m, values[i]);
        }
        return m;
    }
}
