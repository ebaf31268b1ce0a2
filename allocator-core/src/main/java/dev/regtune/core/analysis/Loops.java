package dev.regtune.core.analysis;

import java.util.Arrays;

/**
 * Natural loops of one function, found from back edges: an edge {@code t -> h} is a back edge when
 * {@code h} dominates {@code t}. All back edges into one header form one loop whose body is the
 * header plus every block that reaches a back-edge tail without passing through the header. Loops
 * with distinct headers are disjoint or nested (this holds for any CFG), which gives the loop tree.
 *
 * <p>Loops are numbered in reverse postorder of their headers, so a loop's parent always has a
 * smaller number than the loop. Loop depth counts the loops containing a block: 0 outside loops,
 * 1 in an outermost loop.
 *
 * <p>Irreducible cycles (entered at more than one block) have a retreating edge whose target does
 * not dominate its source. Such an edge forms no natural loop: the blocks of the cycle get no
 * extra depth from it (only from natural loops around them). {@link #irreducibleEdgeCount()} says
 * how many such edges there are, so that a consumer can tell the estimate is optimistic.
 * Unreachable blocks are never in a loop.
 *
 * <p>Immutable and thread-safe; per-block queries are O(1), {@link #contains} is O(depth).
 */
public final class Loops {
    private final Dominators dom;
    private final int[] loopHeader;
    private final int[] loopParent;
    private final int[] loopDepth;
    /** CSR: blocks of loop l (ascending) are loopBlocks[loopBlockStart[l] .. loopBlockStart[l+1]). */
    private final int[] loopBlockStart;
    private final int[] loopBlocks;
    private final int[] innermost;
    private final int[] depth;
    private final int irreducibleEdges;

    private Loops(Dominators dom, int[] loopHeader, int[] loopParent, int[] loopDepth, int[] loopBlockStart,
            int[] loopBlocks, int[] innermost, int[] depth, int irreducibleEdges) {
        this.dom = dom;
        this.loopHeader = loopHeader;
        this.loopParent = loopParent;
        this.loopDepth = loopDepth;
        this.loopBlockStart = loopBlockStart;
        this.loopBlocks = loopBlocks;
        this.innermost = innermost;
        this.depth = depth;
        this.irreducibleEdges = irreducibleEdges;
    }

    public static Loops compute(Dominators dom) {
        Cfg cfg = dom.cfg();
        int n = cfg.blocks;
        int[] innermost = new int[n];
        Arrays.fill(innermost, -1);
        int[] depth = new int[n];
        int[] stamp = new int[n];
        Arrays.fill(stamp, -1);
        int[] work = new int[n];

        int[] header = new int[4];
        int[] parent = new int[4];
        int[] ldepth = new int[4];
        int[] blockStart = new int[5];
        int[] blocks = new int[Math.max(4, n)];
        int loops = 0;
        int irreducible = 0;

        for (int k = 0, rc = dom.reachableCount(); k < rc; k++) {
            int h = dom.rpoBlock(k);
            int hIndex = k;
            boolean isHeader = false;
            for (int e = cfg.predStart[h], end = cfg.predStart[h + 1]; e < end; e++) {
                int p = cfg.pred[e];
                int pIndex = dom.rpoIndex(p);
                if (pIndex < 0 || pIndex < hIndex) {
                    continue; // unreachable source, or a forward edge
                }
                if (dom.dominates(h, p)) {
                    isHeader = true;
                } else {
                    irreducible++;
                }
            }
            if (!isHeader) {
                continue;
            }
            int l = loops++;
            if (l == header.length) {
                int m = l * 2;
                header = Arrays.copyOf(header, m);
                parent = Arrays.copyOf(parent, m);
                ldepth = Arrays.copyOf(ldepth, m);
                blockStart = Arrays.copyOf(blockStart, m + 1);
            }
            header[l] = h;
            parent[l] = innermost[h];
            ldepth[l] = parent[l] < 0 ? 1 : ldepth[parent[l]] + 1;

            // Body: backward walk from the back-edge tails, stopping at the header.
            int count = 0;
            stamp[h] = l;
            work[count++] = h;
            int top = count;
            for (int e = cfg.predStart[h], end = cfg.predStart[h + 1]; e < end; e++) {
                int p = cfg.pred[e];
                if (dom.isReachable(p) && stamp[p] != l && dom.dominates(h, p)) {
                    stamp[p] = l;
                    work[count++] = p;
                }
            }
            while (top < count) {
                int b = work[top++];
                for (int e = cfg.predStart[b], end = cfg.predStart[b + 1]; e < end; e++) {
                    int p = cfg.pred[e];
                    if (stamp[p] != l && dom.isReachable(p)) {
                        stamp[p] = l;
                        work[count++] = p;
                    }
                }
            }
            int base = blockStart[l];
            if (base + count > blocks.length) {
                blocks = Arrays.copyOf(blocks, Math.max(base + count, blocks.length * 2));
            }
            for (int j = 0; j < count; j++) {
                int b = work[j];
                blocks[base + j] = b;
                depth[b]++;
                innermost[b] = l;
            }
            Arrays.sort(blocks, base, base + count);
            blockStart[l + 1] = base + count;
        }
        return new Loops(dom, Arrays.copyOf(header, loops), Arrays.copyOf(parent, loops), Arrays.copyOf(ldepth, loops),
                Arrays.copyOf(blockStart, loops + 1), Arrays.copyOf(blocks, blockStart[loops]), innermost, depth,
                irreducible);
    }

    public Dominators dominators() {
        return dom;
    }

    /** This loop nest over {@code d}, the dominators of a function with the same CFG: every array is shared. */
    Loops withDominators(Dominators d) {
        return new Loops(d, loopHeader, loopParent, loopDepth, loopBlockStart, loopBlocks, innermost, depth,
                irreducibleEdges);
    }

    public int blockCount() {
        return depth.length;
    }

    public int loopCount() {
        return loopHeader.length;
    }

    /** The header block of loop {@code l}. */
    public int loopHeader(int l) {
        return loopHeader[l];
    }

    /** The loop immediately enclosing loop {@code l}, or -1 for an outermost loop. */
    public int loopParent(int l) {
        return loopParent[l];
    }

    /** Nesting depth of loop {@code l}: 1 for an outermost loop. */
    public int loopDepth(int l) {
        return loopDepth[l];
    }

    /** Number of blocks in loop {@code l}, nested loops' blocks included. */
    public int loopBlockCount(int l) {
        return loopBlockStart[l + 1] - loopBlockStart[l];
    }

    /** The {@code k}-th block of loop {@code l}, in ascending block order. */
    public int loopBlock(int l, int k) {
        return loopBlocks[loopBlockStart[l] + k];
    }

    /** Whether block {@code b} belongs to loop {@code l} (directly or through a nested loop). */
    public boolean contains(int l, int b) {
        int target = loopDepth[l];
        for (int m = innermost[b]; m >= 0 && loopDepth[m] >= target; m = loopParent[m]) {
            if (m == l) {
                return true;
            }
        }
        return false;
    }

    /** The innermost loop containing {@code b}, or -1. */
    public int loopOf(int b) {
        return innermost[b];
    }

    /** The header of the innermost loop containing {@code b}, or -1 outside loops. */
    public int header(int b) {
        int l = innermost[b];
        return l < 0 ? -1 : loopHeader[l];
    }

    /** Loop nesting depth of block {@code b}; 0 outside loops. */
    public int depth(int b) {
        return depth[b];
    }

    public boolean isLoopHeader(int b) {
        int l = innermost[b];
        return l >= 0 && loopHeader[l] == b;
    }

    /** Whether {@code from -> to} is a CFG edge whose target dominates its source. */
    public boolean isBackEdge(int from, int to) {
        return dom.isReachable(from) && dom.dominates(to, from) && dom.hasEdge(from, to);
    }

    /** Retreating edges whose target does not dominate the source (irreducible control flow). */
    public int irreducibleEdgeCount() {
        return irreducibleEdges;
    }
}
