package dev.regtune.core.analysis;

import dev.regtune.core.ir.KernelFunction;

/**
 * Immediate dominators of the blocks of one function, computed with the Cooper-Harvey-Kennedy
 * iterative algorithm on reverse postorder. Block 0 is the entry.
 *
 * <p>Blocks not reachable from the entry have no dominator ({@link #idom} = -1), are not in
 * {@link #reversePostorder()}, and neither dominate nor are dominated by any block. The entry's
 * {@code idom} is -1 as well; use {@link #isReachable} to tell the two apart.
 *
 * <p>Immutable and thread-safe once computed. All queries are O(1) and allocation-free except
 * {@link #reversePostorder()}, which returns a copy.
 */
public final class Dominators {
    private final KernelFunction function;
    private final Cfg cfg;
    private final DominatorTree tree;

    private Dominators(KernelFunction function, Cfg cfg, DominatorTree tree) {
        this.function = function;
        this.cfg = cfg;
        this.tree = tree;
    }

    /** Computes the dominators of {@code f}'s CFG. */
    public static Dominators compute(KernelFunction f) {
        Cfg cfg = Cfg.of(f);
        DominatorTree tree = DominatorTree.build(cfg.blocks, 0, cfg.succStart, cfg.succ, cfg.predStart, cfg.pred);
        return new Dominators(f, cfg, tree);
    }

    public KernelFunction function() {
        return function;
    }

    /**
     * These dominators as those of {@code g}, a function with the same CFG (see {@link
     * FunctionAnalyses#afterTransform}): the tree and the CFG arrays are shared, not recomputed.
     */
    Dominators withFunction(KernelFunction g) {
        return new Dominators(g, cfg, tree);
    }

    public int blockCount() {
        return cfg.blocks;
    }

    /** The immediate dominator of {@code b}; -1 for the entry and for unreachable blocks. */
    public int idom(int b) {
        return tree.idom[b];
    }

    /** Whether {@code a} dominates {@code b}; reflexive; false if either block is unreachable. */
    public boolean dominates(int a, int b) {
        return tree.dominates(a, b);
    }

    /** Whether {@code a} dominates {@code b} and differs from it. */
    public boolean strictlyDominates(int a, int b) {
        return a != b && tree.dominates(a, b);
    }

    public boolean isReachable(int b) {
        return tree.reachable(b);
    }

    /** The reachable blocks in reverse postorder (entry first); a fresh copy each call. */
    public int[] reversePostorder() {
        return tree.rpo.clone();
    }

    /** Number of reachable blocks, the length of {@link #reversePostorder()}. */
    public int reachableCount() {
        return tree.rpo.length;
    }

    /** The {@code k}-th block in reverse postorder, without copying. */
    public int rpoBlock(int k) {
        return tree.rpo[k];
    }

    /** Position of {@code b} in reverse postorder, or -1 when unreachable. */
    public int rpoIndex(int b) {
        return tree.rpoIndex[b];
    }

    /** Whether the CFG has an edge {@code from -> to}. */
    public boolean hasEdge(int from, int to) {
        return cfg.hasEdge(from, to);
    }

    Cfg cfg() {
        return cfg;
    }
}
