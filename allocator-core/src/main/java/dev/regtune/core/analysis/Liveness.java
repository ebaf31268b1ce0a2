package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import org.jspecify.annotations.Nullable;

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
 * <p>Sets are bitsets of {@link #words()} longs per block (bit {@code v & 63} of word
 * {@code v >>> 6}), kept as {@link BlockBitSets} in one of two layouts with the same contents:
 * dense rows ({@link DenseLiveSets}) while blocks x words stays within a few words per instruction,
 * otherwise only the non-zero words of each block ({@link SparseLiveSets}), so that a function of
 * many blocks and many values does not cost blocks x vregs. Which layout a function gets changes
 * no set, only the cost. Immutable and thread-safe; no accessor allocates.
 */
public final class Liveness {
    private final KernelFunction function;
    private final int vregs;
    private final int words;
    private final BlockBitSets liveIn;
    private final BlockBitSets liveOut;
    /**
     * The dense layout's rows ({@code words} longs per block), read directly by the queries; null
     * when sparse. The queries run per operand in the scheduler, and a JVM that has seen both
     * layouts compiles their calls into {@link BlockBitSets} with both paths: reading the rows
     * here keeps the common, dense case one array access.
     */
    private final long @Nullable [] inRows;
    private final long @Nullable [] outRows;

    private Liveness(KernelFunction function, int words, BlockBitSets liveIn, BlockBitSets liveOut) {
        this.function = function;
        this.vregs = function.vregCount();
        this.words = words;
        this.liveIn = liveIn;
        this.liveOut = liveOut;
        this.inRows = liveIn.isDense() ? liveIn.rows() : null;
        this.outRows = liveOut.isDense() ? liveOut.rows() : null;
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

    /**
     * Dense rows cost {@code blocks x words} per pass; they are chosen while that stays within this
     * many words per instruction (or within {@link #DENSE_WORDS_ALWAYS}), so liveness is linear in
     * the function either way. Past it (many blocks and many values) the sparse sets, whose cost is
     * the live words, are cheaper; below it their per-block arrays, and their binary-searched
     * queries, cost more than whole rows. Measured on every corpus-real function and the synthetic
     * {@code predicated} kernels, liveness and live ranges in each layout: sparse costs 1.6 to 2
     * times dense up to 2 words per instruction, about the same from 2 to 8, 0.8 times at 8.2 (but
     * 1.5 times with a liveness query per operand, as the scheduler makes), a third at 16 and an
     * eighth at 53.
     */
    static final int DENSE_WORDS_PER_INSTRUCTION = 12;
    /** Functions whose rows hold at most this many words in all are always dense. */
    static final int DENSE_WORDS_ALWAYS = 4096;

    private static Liveness compute(KernelFunction f, Cfg cfg, int[] rpo) {
        int w = (f.vregCount() + 63) >>> 6;
        return compute(f, cfg, rpo, prefersDense(cfg.blocks, w, f.instrCount()));
    }

    private static Liveness compute(KernelFunction f, Cfg cfg, int[] rpo, boolean dense) {
        int w = (f.vregCount() + 63) >>> 6;
        Sets sets = dense ? DenseLiveSets.solve(f, cfg, rpo, w) : SparseLiveSets.solve(f, cfg, rpo, w);
        return new Liveness(f, w, sets.in(), sets.out());
    }

    /** Whether dense rows of {@code words} longs for {@code blocks} blocks are the cheaper layout. */
    static boolean prefersDense(int blocks, int words, int instructions) {
        long cells = (long) blocks * words;
        return cells <= DENSE_WORDS_ALWAYS || cells <= (long) DENSE_WORDS_PER_INSTRUCTION * instructions;
    }

    /** {@link #compute(KernelFunction)} in the layout given rather than the one it would choose (tests compare both). */
    static Liveness compute(KernelFunction f, boolean dense) {
        Cfg cfg = Cfg.of(f);
        int[] rpoIndex = new int[cfg.blocks];
        int[] rpo = DominatorTree.reversePostorder(cfg.blocks, 0, cfg.succStart, cfg.succ, rpoIndex);
        return compute(f, cfg, rpo, dense);
    }

    /** A solver's result: live-in and live-out sets in one layout. */
    record Sets(BlockBitSets in, BlockBitSets out) {
    }

    /**
     * The backward pass's visiting order: postorder of the reachable blocks (successors before
     * predecessors), then the unreachable ones in descending layout order.
     */
    static int[] backwardOrder(int n, int[] rpo) {
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
        return order;
    }

    /** The forward pass's visiting order: reverse postorder, then the unreachable blocks in layout order. */
    static int[] forwardOrder(int n, int[] rpo) {
        int[] order = java.util.Arrays.copyOf(rpo, n);
        if (rpo.length < n) {
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
        }
        return order;
    }

    /**
     * This liveness as that of {@code changed}, a version of the function with the same blocks and
     * edges whose blocks have the same live-in and live-out sets: the caller vouches for it (the
     * same instructions reordered within their blocks along every register dependence, or values
     * added that are defined and read within one block, numbered after the existing vregs). The
     * sets are shared, dense rows widened with zero words when the new values need more.
     */
    public Liveness extendedTo(KernelFunction changed) {
        if (changed.blockCount() != function.blockCount() || changed.vregCount() < vregs) {
            throw new IllegalArgumentException("liveness extends only to the same blocks and at least the same vregs");
        }
        int w = (changed.vregCount() + 63) >>> 6;
        return new Liveness(changed, w, liveIn.widenedTo(w), liveOut.widenedTo(w));
    }

    /** Whether {@code other} has the same live-in and live-out sets, block for block and vreg for vreg. */
    public boolean sameSets(Liveness other) {
        if (other.blockCount() != blockCount() || other.vregs != vregs) {
            return false;
        }
        return sameSets(liveIn, other.liveIn) && sameSets(liveOut, other.liveOut);
    }

    private boolean sameSets(BlockBitSets a, BlockBitSets b) {
        for (int blk = 0; blk < blockCount(); blk++) {
            if (!a.sameSet(blk, b)) {
                return false;
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
        long[] rows = inRows;
        return rows != null ? (rows[b * words + (v >>> 6)] & (1L << v)) != 0 : liveIn.contains(b, v);
    }

    public boolean isLiveOut(int b, int v) {
        long[] rows = outRows;
        return rows != null ? (rows[b * words + (v >>> 6)] & (1L << v)) != 0 : liveOut.contains(b, v);
    }

    /** Word {@code j} of the live-in set of block {@code b}. */
    public long liveInWord(int b, int j) {
        long[] rows = inRows;
        return rows != null ? rows[b * words + j] : liveIn.word(b, j);
    }

    /** Word {@code j} of the live-out set of block {@code b}. */
    public long liveOutWord(int b, int j) {
        long[] rows = outRows;
        return rows != null ? rows[b * words + j] : liveOut.word(b, j);
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
