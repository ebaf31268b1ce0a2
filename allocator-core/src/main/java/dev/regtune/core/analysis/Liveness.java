package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;

/**
 * Per-block live-in / live-out sets of virtual registers, by backward dataflow to a fixed point
 * (seed 002, phase 1): {@code live_out(b) = U live_in(s)} over successors {@code s},
 * {@code live_in(b) = use(b) U (live_out(b) - def(b))}.
 *
 * <p>{@code use(b)} holds the vregs read in {@code b} before any killing def in {@code b}; within
 * one instruction the uses are read before the defs are written. {@code def(b)} (the kill set)
 * holds only defs of unguarded instructions: a guarded def ({@link InstrFlags#GUARDED}) may leave
 * the old value in place, so it does not end the old value's life. A vreg is live only where a
 * definition of it may have run (live sets are intersected with the forward "maybe defined"
 * sets): a value defined on some paths and read after they join holds no register on the paths
 * where it is undefined, as in SSA form; a vreg read before any def is live from the start of
 * the block that reads it.
 *
 * <p>Blocks are visited in postorder of a depth-first search from the entry (successors before
 * predecessors, so acyclic regions settle in one pass), then the unreachable blocks in descending
 * layout order; a block is revisited only when a successor's live-in changed. Unreachable blocks
 * get correct sets too, since the allocator still assigns their instructions.
 *
 * <p>Sets are bitsets of {@link #words()} longs per block, bit {@code v & 63} of word
 * {@code v >>> 6}. Immutable and thread-safe; no accessor allocates.
 */
public final class Liveness {
    private final KernelFunction function;
    private final int vregs;
    private final int words;
    private final long[] liveIn;
    private final long[] liveOut;

    private Liveness(KernelFunction function, int words, long[] liveIn, long[] liveOut) {
        this.function = function;
        this.vregs = function.vregCount();
        this.words = words;
        this.liveIn = liveIn;
        this.liveOut = liveOut;
    }

    public static Liveness compute(KernelFunction f) {
        Cfg cfg = Cfg.of(f);
        int[] rpoIndex = new int[cfg.blocks];
        int[] rpo = DominatorTree.reversePostorder(cfg.blocks, 0, cfg.succStart, cfg.succ, rpoIndex);
        return compute(f, cfg, rpo);
    }

    /** Same as {@link #compute(KernelFunction)}, reusing the CFG order already in {@code dom}. */
    public static Liveness compute(KernelFunction f, Dominators dom) {
        if (dom.function() != f) {
            throw new IllegalArgumentException("the dominators were computed for another function");
        }
        return compute(f, dom.cfg(), dom.reversePostorder());
    }

    private static Liveness compute(KernelFunction f, Cfg cfg, int[] rpo) {
        int n = cfg.blocks;
        int w = (f.vregCount() + 63) >>> 6;
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

        // Visiting order: postorder of the reachable blocks, then the unreachable ones.
        int[] order = new int[n];
        int m = 0;
        for (int k = rpo.length - 1; k >= 0; k--) {
            order[m++] = rpo[k];
        }
        if (m < n) {
            boolean[] seen = new boolean[n];
            for (int b : rpo) {
                seen[b] = true;
            }
            for (int b = n - 1; b >= 0; b--) {
                if (!seen[b]) {
                    order[m++] = b;
                }
            }
        }

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
        return new Liveness(f, w, in, out);
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
        int[] order = java.util.Arrays.copyOf(rpo, n);
        boolean[] reached = new boolean[n];
        for (int b : rpo) {
            reached[b] = true;
        }
        int m = rpo.length;
        for (int b = 0; b < n; b++) {
            if (!reached[b]) {
                order[m++] = b;
            }
        }
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

    /**
     * This liveness as that of {@code changed}, a version of the function with the same blocks and
     * edges whose blocks have the same live-in and live-out sets: the caller vouches for it (the
     * same instructions reordered within their blocks along every register dependence, or values
     * added that are defined and read within one block, numbered after the existing vregs). The
     * sets are shared, widened with empty bits when the new values need more words.
     */
    public Liveness extendedTo(KernelFunction changed) {
        if (changed.blockCount() != function.blockCount() || changed.vregCount() < vregs) {
            throw new IllegalArgumentException("liveness extends only to the same blocks and at least the same vregs");
        }
        int w = (changed.vregCount() + 63) >>> 6;
        if (w == words) {
            return new Liveness(changed, words, liveIn, liveOut);
        }
        int n = function.blockCount();
        long[] in = new long[n * w];
        long[] out = new long[n * w];
        for (int b = 0; b < n; b++) {
            System.arraycopy(liveIn, b * words, in, b * w, words);
            System.arraycopy(liveOut, b * words, out, b * w, words);
        }
        return new Liveness(changed, w, in, out);
    }

    /** Whether {@code other} has the same live-in and live-out sets, block for block and vreg for vreg. */
    public boolean sameSets(Liveness other) {
        if (other.blockCount() != blockCount() || other.vregs != vregs) {
            return false;
        }
        for (int b = 0; b < blockCount(); b++) {
            for (int j = 0; j < words; j++) {
                if (liveInWord(b, j) != other.liveInWord(b, j) || liveOutWord(b, j) != other.liveOutWord(b, j)) {
                    return false;
                }
            }
        }
        return true;
    }

    public KernelFunction function() {
        return function;
    }

    public int blockCount() {
        return function.blockCount();
    }

    public int vregCount() {
        return vregs;
    }

    /** Longs per block set: {@code (vregCount + 63) / 64}. */
    public int words() {
        return words;
    }

    public boolean isLiveIn(int b, int v) {
        return (liveIn[b * words + (v >>> 6)] & (1L << v)) != 0;
    }

    public boolean isLiveOut(int b, int v) {
        return (liveOut[b * words + (v >>> 6)] & (1L << v)) != 0;
    }

    /** Word {@code j} of the live-in set of block {@code b}. */
    public long liveInWord(int b, int j) {
        return liveIn[b * words + j];
    }

    /** Word {@code j} of the live-out set of block {@code b}. */
    public long liveOutWord(int b, int j) {
        return liveOut[b * words + j];
    }

    /** Copies the live-in set of {@code b} into {@code dst[0 .. words())}. */
    public void copyLiveIn(int b, long[] dst) {
        System.arraycopy(liveIn, b * words, dst, 0, words);
    }

    /** Copies the live-out set of {@code b} into {@code dst[0 .. words())}. */
    public void copyLiveOut(int b, long[] dst) {
        System.arraycopy(liveOut, b * words, dst, 0, words);
    }

    /** Number of vregs live into block {@code b}. */
    public int liveInCount(int b) {
        int c = 0;
        for (int j = 0, base = b * words; j < words; j++) {
            c += Long.bitCount(liveIn[base + j]);
        }
        return c;
    }

    /** Number of vregs live out of block {@code b}. */
    public int liveOutCount(int b) {
        int c = 0;
        for (int j = 0, base = b * words; j < words; j++) {
            c += Long.bitCount(liveOut[base + j]);
        }
        return c;
    }
}
