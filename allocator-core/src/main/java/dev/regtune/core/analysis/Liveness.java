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
 * <p>Sets are sparse ({@link BlockBitSets}): per block, only the non-zero words of a bitset of
 * {@link #words()} longs (bit {@code v & 63} of word {@code v >>> 6}), so building and scanning
 * them costs the live values, not blocks x vregs. Immutable and thread-safe; no accessor allocates.
 */
public final class Liveness {
    private final KernelFunction function;
    private final int vregs;
    private final int words;
    private final BlockBitSets liveIn;
    private final BlockBitSets liveOut;

    private Liveness(KernelFunction function, int words, BlockBitSets liveIn, BlockBitSets liveOut) {
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
        WordAccumulator acc = new WordAccumulator(w);
        WordAccumulator aux = new WordAccumulator(w);
        // Per block, as sparse sets (ascending word indices, non-zero words): gen, kill and every def.
        int[][] genI = new int[n][];
        long[][] genB = new long[n][];
        int[][] killI = new int[n][];
        long[][] killB = new long[n][];
        int[][] defI = new int[n][];
        long[][] defB = new long[n][];
        for (int b = 0; b < n; b++) {
            // acc holds the kill set, aux the gen set, then acc every def.
            for (int i = f.blockStart(b), end = f.blockEnd(b); i < end; i++) {
                for (int k = 0, c = f.useCount(i); k < c; k++) {
                    int u = f.use(i, k);
                    long bit = 1L << u;
                    if ((acc.get(u >>> 6) & bit) == 0) {
                        aux.or(u >>> 6, bit);
                    }
                }
                if (InstrFlags.killsDefs(f.instrFlags(i))) {
                    for (int k = 0, c = f.defCount(i); k < c; k++) {
                        int d = f.def(i, k);
                        acc.or(d >>> 6, 1L << d);
                    }
                }
            }
            genI[b] = drainIndices(aux);
            genB[b] = aux.wordsAt(genI[b]);
            aux.clear();
            killI[b] = drainIndices(acc);
            killB[b] = acc.wordsAt(killI[b]);
            acc.clear();
            for (int i = f.blockStart(b), end = f.blockEnd(b); i < end; i++) {
                for (int k = 0, c = f.defCount(i); k < c; k++) {
                    int d = f.def(i, k);
                    acc.or(d >>> 6, 1L << d);
                }
            }
            defI[b] = drainIndices(acc);
            defB[b] = acc.wordsAt(defI[b]);
            acc.clear();
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

        int[][] inI = new int[n][];
        long[][] inB = new long[n][];
        int[][] outI = new int[n][];
        long[][] outB = new long[n][];
        java.util.Arrays.fill(inI, NO_INDICES);
        java.util.Arrays.fill(inB, NO_WORDS);
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
                // out = union of the successors' live-in (kept only after the fixed point, below).
                for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                    acc.or(inI[cfg.succ[e]], inB[cfg.succ[e]]);
                }
                // in = gen | (out & ~kill); a kill word the union did not touch stays zero.
                for (int j = 0; j < killI[b].length; j++) {
                    int x = killI[b][j];
                    acc.set(x, acc.get(x) & ~killB[b][j]);
                }
                acc.or(genI[b], genB[b]);
                int[] ni = drainIndices(acc);
                long[] nb = acc.wordsAt(ni);
                acc.clear();
                if (!java.util.Arrays.equals(ni, inI[b]) || !java.util.Arrays.equals(nb, inB[b])) {
                    inI[b] = ni;
                    inB[b] = nb;
                    any = true;
                    for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                        dirty[cfg.pred[e]] = true;
                    }
                }
            }
        }
        // The fixed point reached, each block's live-out is the union of its successors' live-in.
        for (int b = 0; b < n; b++) {
            for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                acc.or(inI[cfg.succ[e]], inB[cfg.succ[e]]);
            }
            outI[b] = drainIndices(acc);
            outB[b] = acc.wordsAt(outI[b]);
            acc.clear();
        }
        maskUndefined(cfg, rpo, acc, aux, inI, inB, outI, outB, defI, defB);
        return new Liveness(f, w, pack(inI, inB), pack(outI, outB));
    }

    private static final int[] NO_INDICES = new int[0];
    private static final long[] NO_WORDS = new long[0];

    /** The accumulated set's non-zero word indices, ascending (the accumulator is left as it is). */
    private static int[] drainIndices(WordAccumulator acc) {
        acc.sortTouched();
        return acc.nonZeroIndices();
    }

    /**
     * Keeps a vreg live only where some definition of it may already have run: {@code in &=
     * defined_in}, {@code out &= defined_out}, with {@code defined_out(b) = defined_in(b) U
     * defs(b)} (guarded defs included) and {@code defined_in(b) = U defined_out(p)} over
     * predecessors, empty at the entry. A value defined on some paths only and read after they
     * join is not held on the others, as in SSA form, where those paths bring an undefined
     * operand: ptxas keeps no register for it there.
     *
     * <p>The defined sets themselves grow with the function (every value defined so far), so this
     * solves the same equations restricted to the live sets: with {@code M(b) = out(b) &
     * defined_out(b)}, {@code M(b) = out(b) & ((in(b) & U M(p)) | defs(b))}. That holds for any
     * sets, since {@code in(b)} is within every predecessor's {@code out(p)} and {@code out(b) -
     * defs(b)} is within {@code in(b)}; so the least fixed points agree, and the masked sets are
     * {@code out(b) & M(b)}'s {@code M(b)} and {@code in(b) & U M(p)}, at a cost proportional to
     * the live sets.
     */
    private static void maskUndefined(Cfg cfg, int[] rpo, WordAccumulator acc, WordAccumulator aux,
            int[][] inI, long[][] inB, int[][] outI, long[][] outB, int[][] defI, long[][] defB) {
        int n = cfg.blocks;
        int[][] mI = new int[n][];
        long[][] mB = new long[n][];
        for (int b = 0; b < n; b++) {
            // M starts as out & defs (defined_out starts as defs).
            aux.or(defI[b], defB[b]);
            mI[b] = intersect(outI[b], outB[b], aux);
            mB[b] = wordsAnd(outI[b], outB[b], mI[b], aux);
            aux.clear();
        }
        // Reverse postorder, then the unreachable blocks in layout order, to a fixed point; a block
        // is revisited only when the M set of a predecessor grew.
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
                for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                    acc.or(mI[cfg.pred[e]], mB[cfg.pred[e]]);
                }
                // aux = (in & U M(p)) | defs, then M = out & aux.
                for (int k = 0; k < inI[b].length; k++) {
                    long x = inB[b][k] & acc.get(inI[b][k]);
                    if (x != 0) {
                        aux.or(inI[b][k], x);
                    }
                }
                aux.or(defI[b], defB[b]);
                int[] ni = intersect(outI[b], outB[b], aux);
                long[] nb = wordsAnd(outI[b], outB[b], ni, aux);
                acc.clear();
                aux.clear();
                if (!java.util.Arrays.equals(ni, mI[b]) || !java.util.Arrays.equals(nb, mB[b])) {
                    mI[b] = ni;
                    mB[b] = nb;
                    any = true;
                    for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                        dirty[cfg.succ[e]] = true;
                    }
                }
            }
        }
        // The fixed point reached: in &= U M(p) over predecessors, out = M.
        for (int b = 0; b < n; b++) {
            for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                acc.or(mI[cfg.pred[e]], mB[cfg.pred[e]]);
            }
            int[] ni = intersect(inI[b], inB[b], acc);
            inB[b] = wordsAnd(inI[b], inB[b], ni, acc);
            inI[b] = ni;
            acc.clear();
            outI[b] = mI[b];
            outB[b] = mB[b];
        }
    }

    /** The indices of {@code (index, bits)}'s words whose AND with {@code with} is non-zero, ascending. */
    private static int[] intersect(int[] index, long[] bits, WordAccumulator with) {
        int c = 0;
        for (int k = 0; k < index.length; k++) {
            if ((bits[k] & with.get(index[k])) != 0) {
                c++;
            }
        }
        int[] out = new int[c];
        c = 0;
        for (int k = 0; k < index.length; k++) {
            if ((bits[k] & with.get(index[k])) != 0) {
                out[c++] = index[k];
            }
        }
        return out;
    }

    /** The words {@code (index, bits) & with} at {@code kept}, a subsequence of {@code index}. */
    private static long[] wordsAnd(int[] index, long[] bits, int[] kept, WordAccumulator with) {
        long[] out = new long[kept.length];
        int c = 0;
        for (int k = 0; k < index.length && c < kept.length; k++) {
            if (index[k] == kept[c]) {
                out[c++] = bits[k] & with.get(index[k]);
            }
        }
        return out;
    }

    /** Flattens per-block sparse sets into one {@link BlockBitSets}. */
    private static BlockBitSets pack(int[][] index, long[][] bits) {
        int n = index.length;
        int[] start = new int[n + 1];
        for (int b = 0; b < n; b++) {
            start[b + 1] = start[b] + index[b].length;
        }
        int[] flatIndex = new int[start[n]];
        long[] flatBits = new long[start[n]];
        for (int b = 0; b < n; b++) {
            System.arraycopy(index[b], 0, flatIndex, start[b], index[b].length);
            System.arraycopy(bits[b], 0, flatBits, start[b], bits[b].length);
        }
        return new BlockBitSets(start, flatIndex, flatBits);
    }

    /**
     * This liveness as that of {@code changed}, a version of the function with the same blocks and
     * edges whose blocks have the same live-in and live-out sets: the caller vouches for it (the
     * same instructions reordered within their blocks along every register dependence, or values
     * added that are defined and read within one block, numbered after the existing vregs). The
     * sets are shared; new values only widen {@link #words()}.
     */
    public Liveness extendedTo(KernelFunction changed) {
        if (changed.blockCount() != function.blockCount() || changed.vregCount() < vregs) {
            throw new IllegalArgumentException("liveness extends only to the same blocks and at least the same vregs");
        }
        return new Liveness(changed, (changed.vregCount() + 63) >>> 6, liveIn, liveOut);
    }

    /** Whether {@code other} has the same live-in and live-out sets, block for block and vreg for vreg. */
    public boolean sameSets(Liveness other) {
        if (other.blockCount() != blockCount() || other.vregs != vregs) {
            return false;
        }
        return sameSets(liveIn, other.liveIn) && sameSets(liveOut, other.liveOut);
    }

    // Sparse sets hold only non-zero words, ascending: equal sets have equal storage, block by block.
    private boolean sameSets(BlockBitSets a, BlockBitSets b) {
        for (int blk = 0; blk < blockCount(); blk++) {
            if (a.end(blk) - a.start(blk) != b.end(blk) - b.start(blk)) {
                return false;
            }
            for (int k = a.start(blk), l = b.start(blk); k < a.end(blk); k++, l++) {
                if (a.index(k) != b.index(l) || a.bits(k) != b.bits(l)) {
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

    /** Longs of a bitset of the function's width: {@code (vregCount + 63) / 64}. */
    public int words() {
        return words;
    }

    /** The live-in sets, one sparse set per block: scan these rather than {@link #words()} words per block. */
    public BlockBitSets liveInSets() {
        return liveIn;
    }

    /** The live-out sets, one sparse set per block. */
    public BlockBitSets liveOutSets() {
        return liveOut;
    }

    public boolean isLiveIn(int b, int v) {
        return liveIn.contains(b, v);
    }

    public boolean isLiveOut(int b, int v) {
        return liveOut.contains(b, v);
    }

    /** Word {@code j} of the live-in set of block {@code b}. */
    public long liveInWord(int b, int j) {
        return liveIn.word(b, j);
    }

    /** Word {@code j} of the live-out set of block {@code b}. */
    public long liveOutWord(int b, int j) {
        return liveOut.word(b, j);
    }

    /** Copies the live-in set of {@code b} into {@code dst[0 .. words())}. */
    public void copyLiveIn(int b, long[] dst) {
        java.util.Arrays.fill(dst, 0, words, 0L);
        liveIn.orInto(b, dst);
    }

    /** Copies the live-out set of {@code b} into {@code dst[0 .. words())}. */
    public void copyLiveOut(int b, long[] dst) {
        java.util.Arrays.fill(dst, 0, words, 0L);
        liveOut.orInto(b, dst);
    }

    /** Number of vregs live into block {@code b}. */
    public int liveInCount(int b) {
        return liveIn.count(b);
    }

    /** Number of vregs live out of block {@code b}. */
    public int liveOutCount(int b) {
        return liveOut.count(b);
    }
}
