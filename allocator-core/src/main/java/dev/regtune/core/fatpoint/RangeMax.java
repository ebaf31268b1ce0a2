package dev.regtune.core.fatpoint;

/** A sparse table answering "largest value in [a, b]" in constant time after O(n log n) set-up. */
final class RangeMax {
    private final int[][] table;

    RangeMax(int[] values, int n) {
        int levels = 1;
        while ((1 << levels) <= n) {
            levels++;
        }
        table = new int[levels][];
        table[0] = java.util.Arrays.copyOf(values, Math.max(n, 1));
        for (int l = 1; l < levels; l++) {
            int span = 1 << l;
            int[] prev = table[l - 1];
            int[] cur = new int[Math.max(n - span + 1, 1)];
            int half = span >> 1;
            for (int i = 0; i + span <= n; i++) {
                cur[i] = Math.max(prev[i], prev[i + half]);
            }
            table[l] = cur;
        }
    }

    int max(int a, int b) {
        int len = b - a + 1;
        int l = 31 - Integer.numberOfLeadingZeros(len);
        return Math.max(table[l][a], table[l][b - (1 << l) + 1]);
    }
}
