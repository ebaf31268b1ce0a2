package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;

/**
 * {@link Liveness}'s equations solved on sparse per-block sets ({@link BlockBitSets#sparse}): every
 * set is built through a {@link WordAccumulator} and kept as its non-zero words, so the cost is
 * proportional to the live words of each block, not to blocks x vregs. Chosen for functions whose
 * dense rows would cost more words than their instructions justify (many blocks and many values);
 * the sets are the same as {@link DenseLiveSets}'s, only stored differently.
 */
final class SparseLiveSets {
    private SparseLiveSets() {
    }

    static Liveness.Sets solve(KernelFunction f, Cfg cfg, int[] rpo, int w) {
        int n = cfg.blocks;
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

        int[] order = Liveness.backwardOrder(n, rpo);

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
        return new Liveness.Sets(pack(inI, inB), pack(outI, outB));
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
        int[] order = Liveness.forwardOrder(n, rpo);
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
        return BlockBitSets.sparse(start, flatIndex, flatBits);
    }
}
