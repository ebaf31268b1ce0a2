package dev.regtune.core.briggs;

import java.util.Arrays;

/**
 * Simplify's spill candidates (seed 002's {@code select_spill_candidate}): among the nodes still
 * in the graph, the one with the least {@code cost / max(degree, 1)} ({@link Double#compare}'s
 * order), the least node on equal ratios. Simplify lowers degrees and removes nodes between two
 * queries; the queue reads both from the caller's arrays and is told nothing.
 *
 * <p>Why not one queue entry per node: each potential spill lowers the degree of hundreds of
 * neighbours, most of them near the top of such a queue, so a queue of per-node ratios re-keys
 * dozens of stale entries per pick (267,341 re-keys for 4,562 picks on the bundled
 * {@code attention_fwd_tile}). Costs take few distinct values (defs x uses x latency x
 * base^depth), and among the nodes of one cost the ratio depends on the degree alone, falling as
 * the degree rises. So the nodes are grouped by cost, and within a group kept in buckets by
 * degree (degrees whose ratios are equal share a bucket): a group's best node is the least node of
 * its highest non-empty bucket. A queue over the groups (a tournament tree, each leaf a lower
 * bound of its group's best entry, re-keyed when it comes up stale) picks among the groups.
 *
 * <p>Buckets are kept lazily, so that lowering a degree costs nothing here: a node stays listed in
 * the bucket of an older, higher degree until that bucket becomes its group's highest. Then the
 * bucket is sorted once, its nodes of a lower degree now move down to their bucket, and removed
 * nodes are dropped. The highest bucket never receives nodes (no node of its group has a higher
 * degree, and degrees only fall), so once sorted it is read in order.
 */
final class SpillCandidates {
    private final boolean[] inGraph;
    /** A node's degree is the sum of its entries in these two arrays (see {@link #of(boolean[], double[], int[], int[])}). */
    private final int[] degLevel;
    private final int[] degOffset;

    /** Per node: the next node listed in the same bucket, or -1. */
    private final int[] next;
    /** Per group: its offset in {@link #head}, which holds degrees {@code 0 .. maxDegree}. */
    private final int[] base;
    private final double[] groupCost;
    private final int[] maxDegree;
    /**
     * Per group whose ratios are not all distinct ({@link #distinctRatios}): its offset in {@link
     * #keyAt} and {@link #bucketAt}, which hold degrees {@code 0 .. maxDegree}; -1 for the others.
     */
    private final int[] tableBase;
    /** Per tabled group and degree: the ratio key of the group's cost over {@code max(degree, 1)}. */
    private final long[] keyAt;
    /** Per tabled group and degree: the bucket of that degree, the highest degree of equal ratio key. */
    private final int[] bucketAt;
    /** Per group and bucket: the first node listed in it, or -1 (only bucket degrees are used). */
    private final int[] head;
    /** Per group: the bucket sorted into {@link #sorted}, or -1 when the group is empty. */
    private final int[] top;
    /** Per group: its region of {@link #sorted} starts here (as long as the group's size). */
    private final int[] regionStart;
    private final int[] regionEnd;
    /** Per group: the next position of its region to read. */
    private final int[] cursor;
    /** The sorted nodes of every group's highest bucket, a region per group. */
    private final int[] sorted;
    private final GroupTree tree;

    private SpillCandidates(boolean[] inGraph, int[] degLevel, int[] degOffset, int[] groupOf, double[] groupCost,
            int[] groupSize, int[] maxDegree) {
        this.inGraph = inGraph;
        this.degLevel = degLevel;
        this.degOffset = degOffset;
        int n = inGraph.length;
        int groups = groupCost.length;
        next = new int[n];
        base = new int[groups];
        regionStart = new int[groups];
        regionEnd = new int[groups];
        cursor = new int[groups];
        top = new int[groups];
        this.groupCost = groupCost;
        this.maxDegree = maxDegree;
        tableBase = new int[groups];
        int cells = 0;
        int tabled = 0;
        int members = 0;
        for (int g = 0; g < groups; g++) {
            base[g] = cells;
            cells += maxDegree[g] + 1;
            tableBase[g] = distinctRatios(groupCost[g], maxDegree[g]) ? -1 : tabled;
            tabled += tableBase[g] < 0 ? 0 : maxDegree[g] + 1;
            regionStart[g] = members;
            regionEnd[g] = members;
            cursor[g] = members;
            members += groupSize[g];
        }
        keyAt = new long[tabled];
        bucketAt = new int[tabled];
        head = new int[cells];
        sorted = new int[members];
        Arrays.fill(head, -1);
        for (int g = 0; g < groups; g++) {
            int b = tableBase[g];
            if (b >= 0) {
                double c = groupCost[g];
                for (int d = 0; d <= maxDegree[g]; d++) {
                    keyAt[b + d] = ratioKey(c / Math.max(d, 1));
                }
                bucketAt[b + maxDegree[g]] = maxDegree[g];
                for (int d = maxDegree[g] - 1; d >= 0; d--) {
                    bucketAt[b + d] = keyAt[b + d] == keyAt[b + d + 1] ? bucketAt[b + d + 1] : d;
                }
            }
            top[g] = bucket(g, maxDegree[g]);
        }
        // Listed in descending order so that each bucket's list is ascending (pushed at the front).
        for (int x = n - 1; x >= 0; x--) {
            int g = groupOf[x];
            if (g >= 0) {
                int at = base[g] + bucket(g, deg(x));
                next[x] = head[at];
                head[at] = x;
            }
        }
        tree = new GroupTree(groups);
        for (int g = 0; g < groups; g++) {
            load(g, top[g]);
            int y = best(g);
            tree.set(g, key(g, deg(y)), y);
        }
    }

    /**
     * Whether {@code cost / d} is a different double for every degree {@code d} from 1 to {@code
     * maxDegree}: so when the cost is positive and finite and its ratio at {@code maxDegree} is a
     * normal double. Two exact ratios at {@code d} and {@code d + 1} then differ by {@code 1 / d}
     * of the lower one, more than two units in the last place (degrees are ints, below
     * {@code 2^51}), so they round apart; a group of such a cost needs no table of keys and buckets ({@link #bucket}).
     */
    static boolean distinctRatios(double cost, int maxDegree) {
        return cost > 0 && cost < Double.POSITIVE_INFINITY && cost / Math.max(maxDegree, 1) >= Double.MIN_NORMAL;
    }

    /**
     * Group {@code g}'s bucket of {@code degree}: the highest degree whose ratio key equals that of
     * {@code degree}. With distinct ratios that is the degree itself, except that 0 shares 1's
     * ratio ({@code cost / max(degree, 1)}) when the group reaches 1.
     */
    private int bucket(int g, int degree) {
        int t = tableBase[g];
        return t < 0 ? Math.min(Math.max(degree, 1), maxDegree[g]) : bucketAt[t + degree];
    }

    /** Group {@code g}'s ratio key at {@code degree}. */
    private long key(int g, int degree) {
        int t = tableBase[g];
        return t < 0 ? ratioKey(groupCost[g] / Math.max(degree, 1)) : keyAt[t + degree];
    }

    /**
     * The candidates among the nodes with {@code inGraph} set, keyed by {@code cost} over their
     * degree in {@code deg}. Both arrays are kept and read at every {@link #poll}: between two
     * polls the caller may remove nodes and lower degrees, never add nodes or raise degrees.
     *
     * @param cost per node its spill cost; not negative (NaN and infinity are allowed)
     */
    static SpillCandidates of(boolean[] inGraph, double[] cost, int[] deg) {
        return of(inGraph, cost, new int[deg.length], deg);
    }

    /**
     * The same, with the degree of a node the sum of its entries in {@code degLevel} and {@code
     * degOffset} (simplify keeps a degree as its trigger level and the distance to it, so that
     * lowering it touches one array); both arrays are kept and read at every {@link #poll}.
     */
    static SpillCandidates of(boolean[] inGraph, double[] cost, int[] degLevel, int[] degOffset) {
        int n = inGraph.length;
        int count = 0;
        for (int x = 0; x < n; x++) {
            if (inGraph[x]) {
                if (cost[x] < 0) {
                    throw new IllegalArgumentException("negative spill cost " + cost[x] + " of node " + x);
                }
                count++;
            }
        }
        long[] bits = new long[count];
        int k = 0;
        for (int x = 0; x < n; x++) {
            if (inGraph[x]) {
                bits[k++] = Double.doubleToLongBits(cost[x]);
            }
        }
        Arrays.sort(bits);
        int groups = 0;
        for (int j = 0; j < count; j++) {
            if (j == 0 || bits[j] != bits[j - 1]) {
                bits[groups++] = bits[j];
            }
        }
        double[] groupCost = new double[groups];
        for (int g = 0; g < groups; g++) {
            groupCost[g] = Double.longBitsToDouble(bits[g]);
        }
        int[] groupOf = new int[n];
        int[] groupSize = new int[groups];
        int[] maxDegree = new int[groups];
        for (int x = 0; x < n; x++) {
            if (inGraph[x]) {
                int g = Arrays.binarySearch(bits, 0, groups, Double.doubleToLongBits(cost[x]));
                groupOf[x] = g;
                groupSize[g]++;
                maxDegree[g] = Math.max(maxDegree[g], degLevel[x] + degOffset[x]);
            } else {
                groupOf[x] = -1;
            }
        }
        return new SpillCandidates(inGraph, degLevel, degOffset, groupOf, groupCost, groupSize, maxDegree);
    }

    /** The current degree of node {@code y}. */
    private int deg(int y) {
        return degLevel[y] + degOffset[y];
    }

    /**
     * The node still in the graph with the least ratio (the least node on ties), or -1 when none
     * is left. The caller removes it from the graph before the next poll.
     */
    int poll() {
        while (!tree.isEmpty()) {
            int g = tree.minGroup();
            int y = best(g);
            if (y < 0) {
                tree.remove(g);
                continue;
            }
            long key = key(g, deg(y));
            if (key == tree.minKey() && y == tree.minNode()) {
                cursor[g]++;
                return y;
            }
            tree.set(g, key, y);
        }
        return -1;
    }

    /** Group {@code g}'s best node, or -1 when it has none left: the first current node of its highest bucket. */
    private int best(int g) {
        int b = base[g];
        while (top[g] >= 0) {
            int bucket = top[g];
            int c = cursor[g];
            int end = regionEnd[g];
            while (c < end) {
                int y = sorted[c];
                if (inGraph[y]) {
                    int now = bucket(g, deg(y));
                    if (now == bucket) {
                        cursor[g] = c;
                        return y;
                    }
                    push(b + now, y);
                }
                c++;
            }
            cursor[g] = c;
            int d = bucket - 1;
            while (d >= 0 && head[b + d] < 0) {
                d--;
            }
            top[g] = d;
            if (d >= 0) {
                load(g, d);
            }
        }
        return -1;
    }

    /**
     * Makes {@code bucket} group {@code g}'s sorted region: its nodes of that bucket, ascending;
     * nodes listed there whose degree has fallen move to their bucket, removed nodes are dropped.
     */
    private void load(int g, int bucket) {
        int b = base[g];
        int at = b + bucket;
        int y = head[at];
        head[at] = -1;
        int fill = regionStart[g];
        boolean ascending = true;
        while (y >= 0) {
            int following = next[y];
            if (inGraph[y]) {
                int now = bucket(g, deg(y));
                if (now == bucket) {
                    ascending &= fill == regionStart[g] || sorted[fill - 1] < y;
                    sorted[fill++] = y;
                } else {
                    push(b + now, y);
                }
            }
            y = following;
        }
        if (!ascending) {
            Arrays.sort(sorted, regionStart[g], fill);
        }
        cursor[g] = regionStart[g];
        regionEnd[g] = fill;
    }

    private void push(int at, int y) {
        next[y] = head[at];
        head[at] = y;
    }

    /**
     * A long whose signed order is the order of {@link Double#compare} on doubles (negative ones,
     * -0.0 and NaN included), and equal for equal ratios.
     */
    static long ratioKey(double ratio) {
        long bits = Double.doubleToLongBits(ratio);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /**
     * A tournament tree over the groups, each leaf a {@code (key, node)} entry or empty, each inner
     * position the least entry below it (by key, then node). Re-keying a leaf replays the matches
     * on its path to the root.
     */
    private static final class GroupTree {
        private final int size;
        /** Per tree position: the group winning there, or -1; leaves at {@code [size, 2 size)}. */
        private final int[] group;
        private final long[] key;
        private final int[] node;

        GroupTree(int groups) {
            int s = 1;
            while (s < groups) {
                s <<= 1;
            }
            size = s;
            group = new int[2 * s];
            key = new long[2 * s];
            node = new int[2 * s];
            Arrays.fill(group, -1);
        }

        boolean isEmpty() {
            return group[1] < 0;
        }

        int minGroup() {
            return group[1];
        }

        long minKey() {
            return key[1];
        }

        int minNode() {
            return node[1];
        }

        void set(int g, long k, int n) {
            int at = size + g;
            group[at] = g;
            key[at] = k;
            node[at] = n;
            replay(at);
        }

        void remove(int g) {
            int at = size + g;
            group[at] = -1;
            replay(at);
        }

        private void replay(int leaf) {
            for (int at = leaf >>> 1; at >= 1; at >>>= 1) {
                int left = 2 * at;
                int right = left + 1;
                int from = group[right] < 0 || group[left] >= 0 && (key[left] < key[right]
                        || key[left] == key[right] && node[left] < node[right]) ? left : right;
                group[at] = group[from];
                key[at] = key[from];
                node[at] = node[from];
            }
        }
    }
}
