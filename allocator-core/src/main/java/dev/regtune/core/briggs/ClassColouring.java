package dev.regtune.core.briggs;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Phases 3 and 4 of seed 002 for one class in one round: conservative coalescing of copies with
 * the George criterion, then Briggs simplify/select with optimistic colouring. The package
 * documentation states how the seed's pseudo-code is read.
 */
final class ClassColouring {
    /** How simplify removed a node, in order of preference. */
    enum Tier {
        /** Degree below the node's threshold: it will colour. */
        LOW_DEGREE,
        /** The Briggs criterion: at least threshold neighbours of low effective degree. */
        BRIGGS,
        /** No safe node: the cheapest spill candidate by cost over degree, pushed optimistically. */
        POTENTIAL_SPILL
    }

    final InterferenceGraph graph;
    final ColouringParameters params;
    final int colours;
    /** Per node: the representative after coalescing. */
    final int[] rep;
    /** Per node: whether it is a representative still in the graph (phase 3) or not yet removed (phase 4). */
    final boolean[] present;
    final int[] degree;
    /** Per representative: its neighbours, ascending (kept current through merges). */
    final int[][] adj;
    /** Per node: its first slot, or -1 when select could not colour it. */
    final int[] slot;
    /** Per node: the tier simplify removed it by (null for non-representatives). */
    final Tier[] tier;
    /** Per node: its low-degree threshold ({@link ColouringParameters#threshold}), fixed by its width. */
    private final int[] thresholds;
    int merges;

    ClassColouring(InterferenceGraph graph, ColouringParameters params, int colours) {
        this.graph = graph;
        this.params = params;
        this.colours = colours;
        int n = graph.nodeCount();
        rep = new int[n];
        present = new boolean[n];
        degree = new int[n];
        slot = new int[n];
        tier = new Tier[n];
        adj = new int[n][];
        thresholds = new int[n];
        Arrays.fill(slot, -1);
        for (int x = 0; x < n; x++) {
            rep[x] = x;
            present[x] = true;
            thresholds[x] = params.threshold(graph, x, colours);
        }
        for (int x = 0; x < n; x++) {
            adj[x] = graph.neighbours(x);
        }
        System.arraycopy(graph.weightedDegrees(), 0, degree, 0, n);
    }

    /** The degree of {@code x} in its own positions, over the representatives still present. */
    private int degreeOf(int x) {
        int d = 0;
        int wx = graph.width(x);
        for (int m : adj[x]) {
            if (present[m]) {
                int wm = graph.width(m);
                d += wm > wx ? wm / wx : 1;
            }
        }
        return d;
    }

    int find(int x) {
        while (rep[x] != x) {
            rep[x] = rep[rep[x]];
            x = rep[x];
        }
        return x;
    }

    int threshold(int n) {
        return thresholds[n];
    }

    // ---- phase 3: conservative coalescing ----

    /**
     * The seed's {@code can_coalesce_george}: among the neighbours of {@code a} and {@code b},
     * count those whose effective degree (degree x factor) reaches their threshold; the merge is
     * safe when fewer than the merged node's threshold are that significant.
     */
    boolean georgeAllows(int a, int b) {
        int high = 0;
        for (int w : union(adj[a], adj[b])) {
            if (w != a && w != b && present[w] && degree[w] * params.factor() >= threshold(w)) {
                high++;
            }
        }
        return high < Math.min(threshold(a), threshold(b));
    }

    /**
     * Merges copy-related nodes, pass after pass over the copies in layout order, until a pass
     * merges nothing. A copy whose two nodes are merged is marked in {@code removedCopy}.
     *
     * @param valueNode per vreg, its value node in this class or -1
     */
    void coalesce(KernelFunction fn, int[] valueNode, boolean[] removedCopy) {
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < fn.instrCount(); i++) {
                if (!fn.instrHas(i, InstrFlags.COPY) || fn.instrHas(i, InstrFlags.GUARDED) || fn.defCount(i) != 1
                        || fn.useCount(i) != 1 || removedCopy[i]) {
                    continue;
                }
                int d = fn.def(i, 0);
                int s = fn.use(i, 0);
                if (d == s || valueNode[d] < 0 || valueNode[s] < 0) {
                    continue;
                }
                int a = find(valueNode[d]);
                int b = find(valueNode[s]);
                if (a == b) {
                    removedCopy[i] = true;
                    continue;
                }
                if (graph.adjacent(a, b) || graph.width(a) != graph.width(b) || !georgeAllows(a, b)) {
                    continue;
                }
                merge(Math.min(a, b), Math.max(a, b));
                removedCopy[i] = true;
                changed = true;
            }
        }
    }

    private void merge(int into, int from) {
        graph.merge(into, from);
        rep[from] = into;
        present[from] = false;
        merges++;
        adj[from] = new int[0];
        adj[into] = graph.neighbours(into);
        for (int m : adj[into]) {
            adj[m] = graph.neighbours(m);
        }
        degree[into] = degreeOf(into);
        for (int m : adj[into]) {
            degree[m] = degreeOf(m);
        }
    }

    // ---- phase 4: simplify and select ----

    /**
     * Removes every node in the order of {@link #selectNodeForRemoval}, then colours them in
     * reverse. With {@code optimistic} off, a potential spill is spilled at once instead of pushed
     * (unless it is a spill temporary, which cannot be spilled again).
     *
     * <p>Work is linear in the edges, plus a logarithm per spill-candidate queue operation: the
     * queues hold ints and longs in arrays ({@link NodeHeap}, {@link CandidateTree}) and the
     * thresholds and widths are read from arrays, since a dense graph of a large kernel has
     * millions of adjacency entries.
     *
     * @param cost spill cost per node (temporaries: infinity)
     */
    void simplifyAndSelect(double[] cost) {
        int n = graph.nodeCount();
        double factor = params.factor();
        boolean[] inGraph = present.clone();
        int[] deg = new int[n];
        boolean[] effLow = new boolean[n];
        int[] lowEff = new int[n];
        boolean[] queuedLow = new boolean[n];
        int[] width = new int[n];
        int[] low = new int[n];
        int lowTop = 0;
        NodeHeap briggs = new NodeHeap(n);
        int remaining = 0;
        for (int x = 0; x < n; x++) {
            width[x] = graph.width(x);
            if (inGraph[x]) {
                remaining++;
                deg[x] = degree[x];
                effLow[x] = deg[x] * factor < thresholds[x];
            }
        }
        // Counted from the side of the nodes of low effective degree, whose rows are short
        // (adjacency is symmetric), rather than over every row of a dense graph.
        for (int m = 0; m < n; m++) {
            if (inGraph[m] && effLow[m]) {
                for (int x : adj[m]) {
                    if (inGraph[x]) {
                        lowEff[x]++;
                    }
                }
            }
        }
        for (int x = 0; x < n; x++) {
            if (!inGraph[x]) {
                continue;
            }
            if (deg[x] < thresholds[x]) {
                queuedLow[x] = true;
                low[lowTop++] = x;
            }
            if (lowEff[x] >= thresholds[x]) {
                briggs.add(x);
            }
        }
        // Seed 002's select_spill_candidate: the lowest cost over degree first (then the lowest
        // index), kept in a queue rather than rescanned. A node's degree
        // only falls, so its ratio only rises: an entry holds a lower bound of its node's ratio,
        // and a stale one is re-queued with the current ratio when it comes up.
        // Built when simplify first needs a potential spill, over the nodes still in the graph then.
        CandidateTree candidates = null;
        int[] stack = new int[remaining];
        int top = 0;
        while (remaining > 0) {
            int x = -1;
            Tier t = null;
            while (x < 0 && lowTop > 0) {
                int c = low[--lowTop];
                if (inGraph[c]) {
                    x = c;
                    t = Tier.LOW_DEGREE;
                }
            }
            while (x < 0 && !briggs.isEmpty()) {
                int c = briggs.poll();
                if (inGraph[c] && lowEff[c] >= thresholds[c]) {
                    x = c;
                    t = Tier.BRIGGS;
                }
            }
            if (x < 0 && candidates == null) {
                candidates = CandidateTree.of(inGraph, cost, deg);
            }
            while (x < 0 && candidates != null) {
                int y = candidates.minNode();
                if (!inGraph[y]) {
                    candidates.poll();
                    continue;
                }
                long key = ratioKey(cost[y] / Math.max(deg[y], 1));
                if (candidates.minKey() == key) {
                    candidates.poll();
                    x = y;
                    t = Tier.POTENTIAL_SPILL;
                } else {
                    candidates.replaceMin(key);
                }
            }
            tier[x] = t;
            inGraph[x] = false;
            remaining--;
            if (t != Tier.POTENTIAL_SPILL || params.optimistic() || cost[x] == Double.POSITIVE_INFINITY) {
                stack[top++] = x;
            }
            int wx = width[x];
            boolean xEffLow = effLow[x];
            for (int m : adj[x]) {
                if (!inGraph[m]) {
                    continue;
                }
                int wm = width[m];
                int d = deg[m] - (wx > wm ? wx / wm : 1);
                deg[m] = d;
                if (xEffLow) {
                    lowEff[m]--;
                }
                int th = thresholds[m];
                if (!queuedLow[m] && d < th) {
                    queuedLow[m] = true;
                    low[lowTop++] = m;
                }
                if (!effLow[m] && d * factor < th) {
                    effLow[m] = true;
                    for (int w : adj[m]) {
                        if (inGraph[w] && ++lowEff[w] == thresholds[w]) {
                            briggs.add(w);
                        }
                    }
                }
            }
        }
        long[] used = new long[(colours + 63) >>> 6];
        while (top > 0) {
            select(stack[--top], used);
        }
    }

    /**
     * A long whose signed order is the order of {@link Double#compare} on doubles (negative ones,
     * -0.0 and NaN included), and equal for equal ratios.
     */
    static long ratioKey(double ratio) {
        long bits = Double.doubleToLongBits(ratio);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** A min-heap of node indices (repeats allowed): simplify's queue of Briggs-criterion nodes. */
    private static final class NodeHeap {
        private int[] heap;
        private int size;

        NodeHeap(int capacity) {
            heap = new int[Math.max(4, capacity)];
        }

        boolean isEmpty() {
            return size == 0;
        }

        void add(int x) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, size * 2);
            }
            int k = size++;
            while (k > 0) {
                int parent = (k - 1) >>> 1;
                if (heap[parent] <= x) {
                    break;
                }
                heap[k] = heap[parent];
                k = parent;
            }
            heap[k] = x;
        }

        int poll() {
            int result = heap[0];
            int last = heap[--size];
            int k = 0;
            int half = size >>> 1;
            while (k < half) {
                int child = 2 * k + 1;
                if (child + 1 < size && heap[child + 1] < heap[child]) {
                    child++;
                }
                if (last <= heap[child]) {
                    break;
                }
                heap[k] = heap[child];
                k = child;
            }
            heap[k] = last;
            return result;
        }
    }

    /**
     * Simplify's spill candidates: a tournament tree over the nodes still in the graph when the
     * first potential spill is needed, each leaf a node's {@code (cost / max(degree, 1), node)} entry, each inner position the least entry below it, ordered
     * by ratio ({@link Double#compare}) and then by node. A ratio is kept as a long that orders as
     * {@link Double#compare} does ({@link #ratioKey}). Re-keying or removing the least entry
     * replays the matches on its path to the root, one comparison a level: about half the work of
     * a binary heap's sift, which re-keys the least entry tens of thousands of times on a large
     * spilling kernel.
     */
    private static final class CandidateTree {
        /** Per leaf its node, ascending: on equal keys the left entry has the smaller node. */
        private final int[] nodeOfLeaf;
        /** Per tree position the leaf winning there, or -1; leaves at {@code [size, 2 size)}. */
        private final int[] winner;
        /** Per tree position the winner's key ({@code Long.MAX_VALUE} where there is none). */
        private final long[] key;
        private final int size;

        private CandidateTree(int[] nodeOfLeaf, long[] leafKey) {
            this.nodeOfLeaf = nodeOfLeaf;
            int s = 1;
            while (s < nodeOfLeaf.length) {
                s <<= 1;
            }
            size = s;
            winner = new int[2 * s];
            key = new long[2 * s];
            Arrays.fill(winner, -1);
            Arrays.fill(key, Long.MAX_VALUE);
            for (int leaf = 0; leaf < nodeOfLeaf.length; leaf++) {
                winner[s + leaf] = leaf;
                key[s + leaf] = leafKey[leaf];
            }
            for (int at = s - 1; at >= 1; at--) {
                play(at);
            }
        }

        /** The nodes still in the graph, each keyed by its cost over its current degree. */
        static CandidateTree of(boolean[] inGraph, double[] cost, int[] deg) {
            int count = 0;
            for (boolean in : inGraph) {
                count += in ? 1 : 0;
            }
            int[] nodes = new int[count];
            long[] keys = new long[count];
            int k = 0;
            for (int x = 0; x < inGraph.length; x++) {
                if (inGraph[x]) {
                    nodes[k] = x;
                    keys[k++] = ratioKey(cost[x] / Math.max(deg[x], 1));
                }
            }
            return new CandidateTree(nodes, keys);
        }

        /** The node of the least entry; the tree must not be empty. */
        int minNode() {
            return nodeOfLeaf[winner[1]];
        }

        /** The key of the least entry; the tree must not be empty. */
        long minKey() {
            return key[1];
        }

        /** Gives the least entry the larger key {@code k}. */
        void replaceMin(long k) {
            int at = size + winner[1];
            key[at] = k;
            replay(at);
        }

        /** Removes the least entry. */
        void poll() {
            int at = size + winner[1];
            winner[at] = -1;
            key[at] = Long.MAX_VALUE;
            replay(at);
        }

        private void replay(int leaf) {
            for (int at = leaf >>> 1; at >= 1; at >>>= 1) {
                play(at);
            }
        }

        /**
         * The match at {@code at}: the lesser of its two children, the left one on equal keys (its
         * node is the smaller; an empty child has the largest key and loses to any entry).
         */
        private void play(int at) {
            int left = 2 * at;
            int from = key[left] <= key[left + 1] && winner[left] >= 0 ? left : left + 1;
            winner[at] = winner[from];
            key[at] = key[from];
        }
    }

    /**
     * Gives node {@code x} the lowest aligned position its coloured neighbours leave free, or none.
     * The slots the neighbours take are one bit each in {@code used} (a word per 64 colours), so a
     * free aligned run of 1, 2 or 4 slots is found a word at a time; runs never cross a word, since
     * their starts are aligned to their width.
     */
    void select(int x, long[] used) {
        Arrays.fill(used, 0L);
        for (int m : adj[x]) {
            int s = slot[m];
            if (s >= 0) {
                int w = graph.width(m);
                if (w == 1) {
                    used[s >>> 6] |= 1L << s;
                } else {
                    for (int k = 0; k < w && s + k < colours; k++) {
                        used[(s + k) >>> 6] |= 1L << (s + k);
                    }
                }
            }
        }
        int w = graph.width(x);
        if (w == 1 || w == 2 || w == 4) {
            for (int word = 0; word < used.length; word++) {
                long free = ~used[word];
                if (w >= 2) {
                    free &= free >>> 1;
                }
                if (w == 4) {
                    free &= free >>> 2;
                }
                free &= w == 1 ? -1L : w == 2 ? 0x5555555555555555L : 0x1111111111111111L;
                if (free != 0) {
                    int p = (word << 6) + Long.numberOfTrailingZeros(free);
                    if (p + w <= colours) {
                        slot[x] = p;
                    }
                    return;
                }
            }
            return;
        }
        for (int p = 0; p + w <= colours; p += w) {
            boolean free = true;
            for (int k = 0; k < w && free; k++) {
                free = (used[(p + k) >>> 6] & (1L << (p + k))) == 0;
            }
            if (free) {
                slot[x] = p;
                return;
            }
        }
    }

    /** The slot of node {@code x}: its representative's. */
    int slotOf(int x) {
        return slot[find(x)];
    }

    private static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int k = 0;
        while (i < a.length || j < b.length) {
            int next = j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++];
            if (k == 0 || out[k - 1] != next) {
                out[k++] = next;
            }
        }
        return Arrays.copyOf(out, k);
    }
}
