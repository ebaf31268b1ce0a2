package dev.regtune.core.briggs;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

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
        this(graph, params, colours, null);
    }

    /**
     * A colouring of {@code graph}'s nodes but those {@code gone} marks ({@link ClassNodes#gone}:
     * numbers left behind, never present; null for none).
     */
    ClassColouring(InterferenceGraph graph, ColouringParameters params, int colours, boolean @Nullable [] gone) {
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
            present[x] = gone == null || !gone[x];
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
     * queues hold ints and longs in arrays ({@link NodeHeap}, {@link SpillCandidates}) and the
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
        // Per node in the graph: the highest degree at which it becomes of low degree or of low
        // effective degree (whichever comes first and has not happened), so that lowering a
        // degree tests one number; Integer.MIN_VALUE once neither can happen or the node is removed.
        // Once simplify starts, a node's degree is its trigger plus its slack (see arm): lowering
        // a degree writes the slack alone and the trigger fires when the slack reaches 0.
        int[] trigger = new int[n];
        int[] slack = new int[n];
        Arrays.fill(trigger, Integer.MIN_VALUE);
        Arrays.fill(slack, NEVER);
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
        // The same walk keeps each such node's neighbours still in the graph (at most its degree,
        // a handful where adj holds hundreds): the node's removal walks these instead (see below).
        LiveRows live = new LiveRows(n);
        for (int m = 0; m < n; m++) {
            if (inGraph[m] && effLow[m]) {
                int to = live.collect(m, adj[m], inGraph);
                for (int k = live.from(m); k < to; k++) {
                    lowEff[live.pool[k]]++;
                }
                live.close(m, adj[m].length);
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
            arm(x, trigger(queuedLow[x], effLow[x], thresholds[x], factor, deg[x]), deg[x], trigger, slack);
        }
        // Seed 002's select_spill_candidate, built when simplify first needs a potential spill,
        // over the nodes still in the graph then; it reads inGraph, trigger and slack as they change.
        SpillCandidates candidates = null;
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
            if (x < 0) {
                if (candidates == null) {
                    candidates = SpillCandidates.of(inGraph, cost, trigger, slack);
                }
                x = candidates.poll();
                t = Tier.POTENTIAL_SPILL;
            }
            tier[x] = t;
            inGraph[x] = false;
            remaining--;
            if (t != Tier.POTENTIAL_SPILL || params.optimistic() || cost[x] == Double.POSITIVE_INFINITY) {
                stack[top++] = x;
            }
            int wx = width[x];
            boolean xEffLow = effLow[x];
            arm(x, Integer.MIN_VALUE, 0, trigger, slack);
            // Every neighbour, removed or not, loses x's weight: a removed node's degree and
            // count are read no more, and its trigger never fires, so the loop needs no branch
            // on inGraph. Nothing else is read unless the degree reaches the trigger.
            // A node of low effective degree walks the neighbours it had in the graph when it
            // became one, ascending like adj (a superset of those it has now).
            int[] row = live.has(x) ? live.pool : adj[x];
            int from = live.has(x) ? live.from(x) : 0;
            int to = live.has(x) ? live.to(x) : row.length;
            if (wx == 1 && !xEffLow) {
                // The common case on a dense graph, a potential spill of one slot: the loop that
                // does most of simplify's work, kept to a read and a write of one array per neighbour.
                for (int k = lowerEach(row, from, to, slack); k < to; k = lowerEach(row, k + 1, to, slack)) {
                    int m = row[k];
                    lowTop = reached(m, trigger[m] + slack[m], factor, inGraph, slack, trigger, effLow, queuedLow, lowEff,
                            low, lowTop, briggs, live);
                }
                continue;
            }
            for (int k = from; k < to; k++) {
                int m = row[k];
                int left = slack[m] - (wx == 1 ? 1 : wx > width[m] ? wx / width[m] : 1);
                slack[m] = left;
                if (xEffLow) {
                    lowEff[m]--;
                }
                if (left <= 0) {
                    lowTop = reached(m, trigger[m] + left, factor, inGraph, slack, trigger, effLow, queuedLow, lowEff, low,
                            lowTop, briggs, live);
                }
            }
        }
        selectAll(stack, top, live);
    }

    /**
     * Lowers by one the degree of the nodes {@code row[from .. to)} (their slack) until one reaches
     * its trigger; returns that node's index in {@code row}, or {@code to}. A method of its own so
     * that the JIT compiles this loop, simplify's hottest, apart from simplify's many locals.
     */
    private static int lowerEach(int[] row, int from, int to, int[] slack) {
        for (int k = from; k < to; k++) {
            int m = row[k];
            int left = slack[m] - 1;
            slack[m] = left;
            if (left <= 0) {
                return k;
            }
        }
        return to;
    }

    /** The slack of a node whose trigger cannot fire: far above any fall of a degree. */
    private static final int NEVER = Integer.MAX_VALUE / 2;

    /**
     * Sets node {@code m}'s trigger to {@code level} at degree {@code d}: its slack is then {@code
     * d - level}, and its degree {@code trigger + slack} stays exact. A level at or above {@code d}
     * ({@link Integer#MAX_VALUE}: every degree is a trigger) is kept as {@code d} with no slack, so
     * that the next fall fires it; {@link Integer#MIN_VALUE} (never) gets the slack {@link #NEVER},
     * and the degree of such a node is read no more (it is removed, or queued as of low degree and
     * removed before the next potential spill).
     */
    private static void arm(int m, int level, int d, int[] trigger, int[] slack) {
        if (level == Integer.MIN_VALUE) {
            trigger[m] = Integer.MIN_VALUE;
            slack[m] = NEVER;
        } else if (level >= d) {
            trigger[m] = d;
            slack[m] = 0;
        } else {
            trigger[m] = level;
            slack[m] = d - level;
        }
    }

    /**
     * Node {@code m}'s degree fell to its trigger ({@code d}): queues it as of low degree, or
     * marks it of low effective degree and counts it for its neighbours (keeping them as its live
     * row), as its tests say, and sets its next trigger. Returns the new top of {@code low}.
     */
    private int reached(int m, int d, double factor, boolean[] inGraph, int[] slack, int[] trigger, boolean[] effLow,
            boolean[] queuedLow, int[] lowEff, int[] low, int lowTop, NodeHeap briggs, LiveRows live) {
        int top = lowTop;
        int th = thresholds[m];
        if (!queuedLow[m] && d < th) {
            queuedLow[m] = true;
            low[top++] = m;
        }
        if (!effLow[m] && d * factor < th) {
            effLow[m] = true;
            int to = live.collect(m, adj[m], inGraph);
            for (int k = live.from(m); k < to; k++) {
                int w = live.pool[k];
                if (++lowEff[w] == thresholds[w]) {
                    briggs.add(w);
                }
            }
            live.close(m, adj[m].length);
        }
        arm(m, trigger(queuedLow[m], effLow[m], th, factor, d), d, trigger, slack);
        return top;
    }

    /**
     * The highest degree {@code d <= degree} at which a node not yet {@code queuedLow} has {@code d
     * < threshold}, or one not yet {@code effLow} has {@code d * factor < threshold}; {@link
     * Integer#MIN_VALUE} when neither can happen. Both tests are monotone in {@code d} for a
     * positive factor; for any other factor every degree is a trigger (the tests then run on every
     * change, as they are written).
     */
    static int trigger(boolean queuedLow, boolean effLow, int threshold, double factor, int degree) {
        int level = queuedLow ? Integer.MIN_VALUE : Math.min(degree, threshold - 1);
        if (!effLow) {
            if (!(factor > 0)) {
                return Integer.MAX_VALUE;
            }
            // The largest d with d * factor < threshold, found near threshold / factor and then
            // settled with the very test simplify runs.
            long d = Math.min(degree, (long) Math.ceil(threshold / factor));
            while (d >= 0 && !(d * factor < threshold)) {
                d--;
            }
            while (d < degree && (d + 1) * factor < threshold) {
                d++;
            }
            level = Math.max(level, (int) d);
        }
        return level;
    }

    /**
     * Per node of low effective degree, its neighbours still in the graph when it became one, in
     * the order of its row: a region of one pool. A node's degree is then below its threshold over
     * the factor, so its region is short where its row of the graph holds hundreds of removed
     * nodes on a dense graph.
     */
    private static final class LiveRows {
        int[] pool;
        private int size;
        private final int[] start;
        private final int[] end;

        LiveRows(int n) {
            pool = new int[Math.max(16, n)];
            start = new int[n];
            end = new int[n];
            Arrays.fill(start, -1);
        }

        boolean has(int x) {
            return start[x] >= 0;
        }

        int from(int x) {
            return start[x];
        }

        int to(int x) {
            return end[x];
        }

        /**
         * Opens {@code x}'s row and fills it with the nodes of {@code row} still in the graph;
         * returns its end. Without a branch per node: a node of low effective degree has a
         * handful in the graph among hundreds, which a branch would guess wrong at each of them.
         */
        int collect(int x, int[] row, boolean[] inGraph) {
            start[x] = size;
            if (size + row.length > pool.length) {
                pool = Arrays.copyOf(pool, Math.max(pool.length * 2, size + row.length));
            }
            int[] p = pool;
            int at = size;
            for (int m : row) {
                p[at] = m;
                at += inGraph[m] ? 1 : 0;
            }
            size = at;
            return at;
        }

        /**
         * Ends {@code x}'s row, or drops it when it saves little over the node's row in the graph
         * ({@code rowLength}, on a sparse graph about the same): the pool then holds a fraction
         * of the edges at most.
         */
        void close(int x, int rowLength) {
            if (4 * (size - start[x]) > rowLength) {
                size = start[x];
                start[x] = -1;
                return;
            }
            end[x] = size;
        }
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
                for (int k = 0; k < w && s + k < colours; k++) {
                    used[(s + k) >>> 6] |= 1L << (s + k);
                }
            }
        }
        place(x, used);
    }

    /**
     * Select over the whole stack, top first. Each coloured node's slots are kept as one int, the
     * bits it takes within its word and the word ({@link #taken}), so that a neighbour costs one
     * read of one array; the positions found are those of {@link #select}. A node with a live row
     * ({@link LiveRows}) reads only that: its neighbours removed after it, the only ones coloured
     * before it, were in the graph when the row was taken.
     *
     * <p>Slots below 64, where lowest-first colouring puts most nodes (84% of the coloured
     * neighbours select reads on {@code attention_fwd_tile}, 52% on {@code sgemm_tile_8x16}), are
     * kept apart, as the word of bits itself, and ORed into a local: ORed into {@code used[0]} in
     * memory, each such neighbour waited for the last one's store, and its branch went wrong
     * wherever uncoloured and coloured neighbours alternate. Select alone, replayed on the stacks
     * and rows of both kernels' rounds: 9.0 -> 5.0 ms and 2.5 -> 2.0 ms.
     */
    private void selectAll(int[] stack, int top, LiveRows live) {
        int n = graph.nodeCount();
        long[] used = new long[(colours + 63) >>> 6];
        int[] taken = new int[n];
        int[] width = new int[n];
        boolean simple = true;
        for (int x = 0; x < n; x++) {
            width[x] = graph.width(x);
            simple &= width[x] == 1 || width[x] == 2 || width[x] == 4;
        }
        if (!simple) {
            while (top > 0) {
                select(stack[--top], used);
            }
            return;
        }
        Arrays.fill(taken, -1);
        // Per coloured node with a slot below 64: the bits it takes in the first word (and its
        // taken stays -1); 0 for the others.
        long[] firstWord = new long[n];
        while (top > 0) {
            int x = stack[--top];
            Arrays.fill(used, 0L);
            // The neighbours coloured by now are those simplify removed after x, all in the graph
            // when x went: a node with a live row finds them there (a handful, not hundreds).
            int[] row = live.has(x) ? live.pool : adj[x];
            int from = live.has(x) ? live.from(x) : 0;
            int to = live.has(x) ? live.to(x) : row.length;
            long first = 0;
            for (int k = from; k < to; k++) {
                int m = row[k];
                first |= firstWord[m];
                int t = taken[m];
                if (t >= 0) {
                    used[t >>> 14] |= bits(t);
                }
            }
            if (used.length > 0) {
                used[0] |= first;
            }
            place(x, used);
            int s = slot[x];
            if (s >= 64) {
                taken[x] = taken(s, width[x], colours);
            } else if (s >= 0) {
                firstWord[x] = bits(taken(s, width[x], colours));
            }
        }
    }

    /**
     * A coloured node's slots as one int: the word of {@code used} they fall in (bits 14 and up),
     * their position in it (bits 8 to 13) and the mask of the slots below {@code colours}, shifted
     * down to bit 0 (bits 0 to 3; widths are 1, 2 or 4 and aligned, so they never cross a word).
     */
    static int taken(int slot, int width, int colours) {
        int mask = 0;
        for (int k = 0; k < width && slot + k < colours; k++) {
            mask |= 1 << k;
        }
        return ((slot >>> 6) << 14) | ((slot & 63) << 8) | mask;
    }

    /** The slots of a {@link #taken} int as bits of their word. */
    private static long bits(int taken) {
        return (long) (taken & 0xF) << ((taken >>> 8) & 0x3F);
    }

    /** Gives node {@code x} the lowest aligned position free in {@code used}, or none. */
    private void place(int x, long[] used) {
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
