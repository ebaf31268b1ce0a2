package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;

/**
 * {@link Liveness}'s equations solved on dense rows ({@link BlockBitSets#dense}): one bitset of the
 * function's width per block for live-in, live-out, gen and kill, and the forward "maybe defined"
 * sets on the same rows. Each pass costs blocks x words, which for functions with few blocks or few
 * values is a handful of words per instruction and cheaper than building sparse sets; the sets are
 * the same as {@link SparseLiveSets}'s.
 */
final class DenseLiveSets {
    private DenseLiveSets() {
    }

    static Liveness.Sets solve(KernelFunction f, Cfg cfg, int[] rpo, int w) {
        int n = cfg.blocks;
        long[] gen = new long[n * w];
        long[] kill = new long[n * w];
        for (int b = 0; b < n; b++) {
            int base = b * w;
            for (int i = f.blockStart(b), end = f.blockEnd(b); i < end; i++) {
                for (int k = 0, c = f.useCount(i); k < c; k++) {
                    int u = f.use(i, k);
                    int idx = base + (u >>> 6);
                    long bit = 1L << u;
                    if ((kill[idx] & bit) == 0) {
                        gen[idx] |= bit;
                    }
                }
                if (InstrFlags.killsDefs(f.instrFlags(i))) {
                    for (int k = 0, c = f.defCount(i); k < c; k++) {
                        int d = f.def(i, k);
                        kill[base + (d >>> 6)] |= 1L << d;
                    }
                }
            }
        }

        int[] order = Liveness.backwardOrder(n, rpo);

        long[] in = new long[n * w];
        long[] out = new long[n * w];
        boolean[] dirty = new boolean[n];
        java.util.Arrays.fill(dirty, true);
        boolean any = true;
        while (any) {
            any = false;
            for (int k = 0; k < n; k++) {
                int b = order[k];
                if (!dirty[b]) {
                    continue;
                }
                dirty[b] = false;
                int base = b * w;
                int s0 = cfg.succStart[b];
                int s1 = cfg.succStart[b + 1];
                // out = union of the successors' live-in, one successor row at a time.
                if (s1 > s0) {
                    System.arraycopy(in, cfg.succ[s0] * w, out, base, w);
                    for (int e = s0 + 1; e < s1; e++) {
                        int sb = cfg.succ[e] * w;
                        for (int j = 0; j < w; j++) {
                            out[base + j] |= in[sb + j];
                        }
                    }
                }
                boolean changed = false;
                for (int j = 0; j < w; j++) {
                    long ni = gen[base + j] | (out[base + j] & ~kill[base + j]);
                    if (ni != in[base + j]) {
                        in[base + j] = ni;
                        changed = true;
                    }
                }
                if (changed) {
                    any = true;
                    for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                        dirty[cfg.pred[e]] = true;
                    }
                }
            }
        }
        // gen and kill are spent: the forward pass reuses them.
        maskUndefined(f, cfg, rpo, w, in, out, gen, kill);
        return new Liveness.Sets(BlockBitSets.dense(n, w, in), BlockBitSets.dense(n, w, out));
    }

    /**
     * Keeps a vreg live only where some definition of it may already have run: {@code in &=
     * defined_in}, {@code out &= defined_out}, with {@code defined_out(b) = defined_in(b) U
     * defs(b)} (guarded defs included) and {@code defined_in(b) = U defined_out(p)} over
     * predecessors, empty at the entry. A value defined on some paths only and read after they
     * join is not held on the others, as in SSA form, where those paths bring an undefined
     * operand: ptxas keeps no register for it there.
     */
    private static void maskUndefined(KernelFunction f, Cfg cfg, int[] rpo, int w, long[] in, long[] out,
            long[] defs, long[] dOut) {
        int n = cfg.blocks;
        java.util.Arrays.fill(defs, 0L);
        for (int b = 0; b < n; b++) {
            int base = b * w;
            for (int i = f.blockStart(b), end = f.blockEnd(b); i < end; i++) {
                for (int k = 0, c = f.defCount(i); k < c; k++) {
                    int d = f.def(i, k);
                    defs[base + (d >>> 6)] |= 1L << d;
                }
            }
        }
        // Reverse postorder, then the unreachable blocks in layout order, to a fixed point; a block
        // is revisited only when the defined-out set of a predecessor grew.
        int[] order = Liveness.forwardOrder(n, rpo);
        System.arraycopy(defs, 0, dOut, 0, n * w);
        long[] dIn = new long[w];
        boolean[] dirty = new boolean[n];
        java.util.Arrays.fill(dirty, true);
        boolean any = true;
        while (any) {
            any = false;
            for (int b : order) {
                if (!dirty[b]) {
                    continue;
                }
                dirty[b] = false;
                int base = b * w;
                java.util.Arrays.fill(dIn, 0L);
                for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                    int pb = cfg.pred[e] * w;
                    for (int j = 0; j < w; j++) {
                        dIn[j] |= dOut[pb + j];
                    }
                }
                boolean changed = false;
                for (int j = 0; j < w; j++) {
                    long o = dIn[j] | defs[base + j];
                    if (o != dOut[base + j]) {
                        dOut[base + j] = o;
                        changed = true;
                    }
                }
                if (changed) {
                    any = true;
                    for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                        dirty[cfg.succ[e]] = true;
                    }
                }
            }
        }
        // The fixed point reached, defined-in is the union of the predecessors' defined-out.
        for (int b = 0; b < n; b++) {
            int base = b * w;
            java.util.Arrays.fill(dIn, 0L);
            for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                int pb = cfg.pred[e] * w;
                for (int j = 0; j < w; j++) {
                    dIn[j] |= dOut[pb + j];
                }
            }
            for (int j = 0; j < w; j++) {
                in[base + j] &= dIn[j];
                out[base + j] &= dOut[base + j];
            }
        }
    }
}
