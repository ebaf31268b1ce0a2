package dev.regtune.core.analysis;

import dev.regtune.core.ir.KernelFunction;

/**
 * Immediate post-dominators of the blocks of one function: dominators of the reversed CFG rooted
 * at a virtual exit.
 *
 * <p>The virtual exit has an edge from every block without successors (returns, exits, a trailing
 * empty block). Blocks that cannot reach any such block (infinite loops, {@code bra} to self)
 * would otherwise have no post-dominator; for them, repeatedly, the unconnected block with the
 * highest layout index is also given an edge to the virtual exit, until every block reaches it.
 * This is deterministic and, for the usual "loop at the end of the kernel", picks the latch. So
 * every block, reachable from the entry or not, has an immediate post-dominator: another block,
 * or {@link #VIRTUAL_EXIT}.
 *
 * <p>Immutable and thread-safe; queries are O(1).
 */
public final class PostDominators {
    /** What {@link #ipdom} returns when a block's immediate post-dominator is the virtual exit. */
    public static final int VIRTUAL_EXIT = -1;

    private final int blocks;
    private final DominatorTree tree;
    private final boolean[] exitLinked;

    private PostDominators(int blocks, DominatorTree tree, boolean[] exitLinked) {
        this.blocks = blocks;
        this.tree = tree;
        this.exitLinked = exitLinked;
    }

    public static PostDominators compute(KernelFunction f) {
        return compute(Cfg.of(f));
    }

    static PostDominators compute(Cfg cfg) {
        int n = cfg.blocks;
        int exit = n;
        boolean[] linked = new boolean[n];
        boolean[] reached = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        for (int b = 0; b < n; b++) {
            if (cfg.succStart[b + 1] == cfg.succStart[b]) {
                linked[b] = true;
                reached[b] = true;
                queue[tail++] = b;
            }
        }
        int scan = n - 1;
        while (true) {
            while (head < tail) {
                int b = queue[head++];
                for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                    int p = cfg.pred[e];
                    if (!reached[p]) {
                        reached[p] = true;
                        queue[tail++] = p;
                    }
                }
            }
            while (scan >= 0 && reached[scan]) {
                scan--;
            }
            if (scan < 0) {
                break;
            }
            linked[scan] = true;
            reached[scan] = true;
            queue[tail++] = scan;
        }

        // Reversed graph with the virtual exit as node n: its successors are the forward
        // predecessors (exit -> linked blocks); its predecessors the forward successors (+ exit).
        int linkedCount = 0;
        for (int b = 0; b < n; b++) {
            if (linked[b]) {
                linkedCount++;
            }
        }
        int[] rSuccStart = new int[n + 2];
        int[] rPredStart = new int[n + 2];
        for (int b = 0; b < n; b++) {
            rSuccStart[b + 1] = rSuccStart[b] + (cfg.predStart[b + 1] - cfg.predStart[b]);
            rPredStart[b + 1] = rPredStart[b] + (cfg.succStart[b + 1] - cfg.succStart[b]) + (linked[b] ? 1 : 0);
        }
        rSuccStart[n + 1] = rSuccStart[n] + linkedCount;
        rPredStart[n + 1] = rPredStart[n];
        int[] rSucc = new int[rSuccStart[n + 1]];
        int[] rPred = new int[rPredStart[n + 1]];
        for (int b = 0; b < n; b++) {
            int s = rSuccStart[b];
            for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                rSucc[s++] = cfg.pred[e];
            }
            int p = rPredStart[b];
            for (int e = cfg.succStart[b], end = cfg.succStart[b + 1]; e < end; e++) {
                rPred[p++] = cfg.succ[e];
            }
            if (linked[b]) {
                rPred[p] = exit;
            }
        }
        // The exit's successors in descending layout order: for a plain kernel the last block comes
        // first, which keeps the numbering close to the layout.
        int s = rSuccStart[n];
        for (int b = n - 1; b >= 0; b--) {
            if (linked[b]) {
                rSucc[s++] = b;
            }
        }
        DominatorTree tree = DominatorTree.build(n + 1, exit, rSuccStart, rSucc, rPredStart, rPred);
        return new PostDominators(n, tree, linked);
    }

    public int blockCount() {
        return blocks;
    }

    /** The immediate post-dominator of {@code b}, or {@link #VIRTUAL_EXIT}. */
    public int ipdom(int b) {
        int d = tree.idom[b];
        return d == blocks ? VIRTUAL_EXIT : d;
    }

    /** Whether block {@code a} post-dominates block {@code b} (reflexive). */
    public boolean postDominates(int a, int b) {
        return tree.dominates(a, b);
    }

    /**
     * Whether {@code b} has an edge to the virtual exit: it has no successors, or it was chosen to
     * stand for an infinite loop.
     */
    public boolean isExitLinked(int b) {
        return exitLinked[b];
    }
}
