package dev.regtune.core.analysis;

/**
 * The Cooper-Harvey-Kennedy dominator computation ("A Simple, Fast Dominance Algorithm", 2001)
 * over a graph given as flat CSR arrays, shared by {@link Dominators} (forward CFG) and
 * {@link PostDominators} (reversed CFG plus a virtual exit).
 *
 * <p>Nodes are {@code 0..n-1}; {@code root} is the start node. {@code succ} edges are followed for
 * the depth-first search that yields the reverse postorder; {@code pred} edges are intersected.
 * Nodes not reachable from the root get immediate dominator -1 and take no part in the tree. The
 * dominator tree is numbered by an iterative depth-first walk so that {@link #dominates} is an O(1)
 * interval test. Nothing here recurses, so arbitrarily deep CFGs do not overflow the stack.
 */
final class DominatorTree {
    /** Immediate dominator per node; -1 for the root and for unreachable nodes. */
    final int[] idom;
    /** Reachable nodes in reverse postorder (root first). */
    final int[] rpo;
    /** Position of each node in {@link #rpo}, -1 for unreachable nodes. */
    final int[] rpoIndex;
    /** Preorder / postorder numbers of the dominator tree; -1 for unreachable nodes. */
    private final int[] pre;
    private final int[] post;

    private DominatorTree(int[] idom, int[] rpo, int[] rpoIndex, int[] pre, int[] post) {
        this.idom = idom;
        this.rpo = rpo;
        this.rpoIndex = rpoIndex;
        this.pre = pre;
        this.post = post;
    }

    static DominatorTree build(int n, int root, int[] succStart, int[] succ, int[] predStart, int[] pred) {
        if (n == 0) {
            return new DominatorTree(new int[0], new int[0], new int[0], new int[0], new int[0]);
        }
        int[] rpoIndex = new int[n];
        int[] rpo = reversePostorder(n, root, succStart, succ, rpoIndex);
        int count = rpo.length;

        // CHK works on postorder numbers: po(b) = count - 1 - rpoIndex(b); a node's dominators have
        // larger postorder numbers, so "walk up the smaller one" converges on the common ancestor.
        int[] doms = new int[n];
        java.util.Arrays.fill(doms, -1);
        doms[root] = root;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int k = 1; k < count; k++) {
                int b = rpo[k];
                int newIdom = -1;
                for (int e = predStart[b], end = predStart[b + 1]; e < end; e++) {
                    int p = pred[e];
                    if (doms[p] < 0) {
                        continue; // not processed yet, or unreachable
                    }
                    newIdom = newIdom < 0 ? p : intersect(p, newIdom, doms, rpoIndex);
                }
                if (newIdom >= 0 && doms[b] != newIdom) {
                    doms[b] = newIdom;
                    changed = true;
                }
            }
        }
        doms[root] = -1;

        // Dominator tree children in CSR form, children in reverse-postorder (deterministic).
        int[] childStart = new int[n + 1];
        for (int k = 1; k < count; k++) {
            childStart[doms[rpo[k]] + 1]++;
        }
        for (int b = 0; b < n; b++) {
            childStart[b + 1] += childStart[b];
        }
        int[] children = new int[Math.max(0, count - 1)];
        int[] fill = java.util.Arrays.copyOf(childStart, n);
        for (int k = 1; k < count; k++) {
            int b = rpo[k];
            children[fill[doms[b]]++] = b;
        }
        int[] pre = new int[n];
        int[] post = new int[n];
        java.util.Arrays.fill(pre, -1);
        java.util.Arrays.fill(post, -1);
        if (count > 0) {
            int[] stack = new int[count];
            int[] next = new int[n];
            int sp = 0;
            int preCounter = 0;
            int postCounter = 0;
            stack[sp++] = root;
            pre[root] = preCounter++;
            next[root] = childStart[root];
            while (sp > 0) {
                int b = stack[sp - 1];
                if (next[b] < childStart[b + 1]) {
                    int c = children[next[b]++];
                    pre[c] = preCounter++;
                    next[c] = childStart[c];
                    stack[sp++] = c;
                } else {
                    post[b] = postCounter++;
                    sp--;
                }
            }
        }
        return new DominatorTree(doms, rpo, rpoIndex, pre, post);
    }

    private static int intersect(int b1, int b2, int[] doms, int[] rpoIndex) {
        // Larger rpoIndex = smaller postorder number: climb from the node deeper in RPO.
        while (b1 != b2) {
            while (rpoIndex[b1] > rpoIndex[b2]) {
                b1 = doms[b1];
            }
            while (rpoIndex[b2] > rpoIndex[b1]) {
                b2 = doms[b2];
            }
        }
        return b1;
    }

    /**
     * Iterative depth-first search from {@code root}; successors are visited in edge order.
     * Fills {@code rpoIndex} (-1 for unreachable) and returns the reachable nodes in reverse postorder.
     */
    static int[] reversePostorder(int n, int root, int[] succStart, int[] succ, int[] rpoIndex) {
        java.util.Arrays.fill(rpoIndex, -1);
        if (n == 0) {
            return new int[0];
        }
        int[] postorder = new int[n];
        int poCount = 0;
        int[] stack = new int[n];
        int[] next = new int[n];
        boolean[] visited = new boolean[n];
        int sp = 0;
        stack[sp++] = root;
        visited[root] = true;
        next[root] = succStart[root];
        while (sp > 0) {
            int b = stack[sp - 1];
            if (next[b] < succStart[b + 1]) {
                int s = succ[next[b]++];
                if (!visited[s]) {
                    visited[s] = true;
                    next[s] = succStart[s];
                    stack[sp++] = s;
                }
            } else {
                postorder[poCount++] = b;
                sp--;
            }
        }
        int[] rpo = new int[poCount];
        for (int k = 0; k < poCount; k++) {
            int b = postorder[poCount - 1 - k];
            rpo[k] = b;
            rpoIndex[b] = k;
        }
        return rpo;
    }

    boolean reachable(int b) {
        return rpoIndex[b] >= 0;
    }

    /** Whether {@code a} dominates {@code b} (reflexive); false when either is unreachable. */
    boolean dominates(int a, int b) {
        return pre[a] >= 0 && pre[b] >= 0 && pre[a] <= pre[b] && post[b] <= post[a];
    }
}
