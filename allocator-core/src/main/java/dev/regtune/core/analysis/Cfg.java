package dev.regtune.core.analysis;

import dev.regtune.core.ir.KernelFunction;

/**
 * The CFG of a {@link KernelFunction} copied into CSR arrays once, so that graph walks in this
 * package index arrays instead of calling accessors per edge.
 */
final class Cfg {
    final int blocks;
    final int[] succStart;
    final int[] succ;
    final int[] predStart;
    final int[] pred;

    private Cfg(int blocks, int[] succStart, int[] succ, int[] predStart, int[] pred) {
        this.blocks = blocks;
        this.succStart = succStart;
        this.succ = succ;
        this.predStart = predStart;
        this.pred = pred;
    }

    static Cfg of(KernelFunction f) {
        int n = f.blockCount();
        int[] succStart = new int[n + 1];
        int[] predStart = new int[n + 1];
        for (int b = 0; b < n; b++) {
            succStart[b + 1] = succStart[b] + f.succCount(b);
            predStart[b + 1] = predStart[b] + f.predCount(b);
        }
        int[] succ = new int[succStart[n]];
        int[] pred = new int[predStart[n]];
        for (int b = 0; b < n; b++) {
            for (int k = 0, c = f.succCount(b); k < c; k++) {
                succ[succStart[b] + k] = f.succ(b, k);
            }
            for (int k = 0, c = f.predCount(b); k < c; k++) {
                pred[predStart[b] + k] = f.pred(b, k);
            }
        }
        return new Cfg(n, succStart, succ, predStart, pred);
    }

    boolean hasEdge(int from, int to) {
        for (int e = succStart[from], end = succStart[from + 1]; e < end; e++) {
            if (succ[e] == to) {
                return true;
            }
        }
        return false;
    }
}
