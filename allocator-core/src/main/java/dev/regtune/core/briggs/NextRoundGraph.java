package dev.regtune.core.briggs;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The interference graph of a class in the next round, from the previous round's graph and what
 * spilling changed, instead of sweeping every segment again: the function and its live ranges do
 * not change between rounds, so two nodes that survive (a value still not spilled, a temporary of
 * a value spilled before) interfere exactly as they did; a newly spilled value's node is gone; and
 * the temporaries of a newly spilled value, each live at one point, interfere with every node live
 * at that point. Node numbers keep their order (values by vreg, then temporaries by operand), so
 * the surviving rows stay ascending under the renumbering and the result is the graph {@link
 * InterferenceGraph#addEdgesFromSegments} builds, row for row.
 */
final class NextRoundGraph {
    private static final int[] NONE = new int[0];

    private NextRoundGraph() {
    }

    /**
     * The graph of {@code next}.
     *
     * @param previous the previous round's nodes of the same class
     * @param previousRows the previous round's rows as built, before any coalescing merged them
     * @param previousDegrees the previous round's weighted degrees as built ({@link InterferenceGraph#weightedDegrees})
     * @param next this round's nodes: the previous ones less the newly spilled values, plus their temporaries
     */
    static InterferenceGraph of(ClassNodes previous, int[][] previousRows, int[] previousDegrees, ClassNodes next) {
        int n = next.count;
        int[] map = new int[previous.count];
        boolean[] survives = new boolean[n];
        Arrays.fill(map, -1);
        for (int v = 0; v < previous.valueNode.length; v++) {
            int o = previous.valueNode[v];
            if (o >= 0 && next.valueNode[v] >= 0) {
                map[o] = next.valueNode[v];
            }
        }
        for (int op = 0; op < previous.operandTemp.length; op++) {
            int o = previous.operandTemp[op];
            if (o >= 0) {
                map[o] = next.operandTemp[op];
            }
        }
        for (int o = 0; o < previous.count; o++) {
            if (map[o] >= 0) {
                survives[map[o]] = true;
            }
        }
        // The new temporaries by their one point, ascending; then every node's segments meet them.
        int fresh = 0;
        for (int y = 0; y < n; y++) {
            fresh += survives[y] ? 0 : 1;
        }
        long[] points = new long[fresh];
        int k = 0;
        for (int y = 0; y < n; y++) {
            if (!survives[y]) {
                points[k++] = ((long) next.segments[y][0] << 32) | y;
            }
        }
        Arrays.sort(points);
        int[] @Nullable [] extra = new int[n][];
        int[] extraCount = new int[n];
        meetNewTemporaries(next, points, extra, extraCount);
        int[][] rows = new int[n][];
        int[] degrees = new int[n];
        // A surviving node's weighted degree is its previous one, less what its gone neighbours
        // blocked (counted from the side of the gone, a few nodes), plus what the new temporaries
        // it meets block: no walk over every row. Widths do not change (a node keeps its vreg).
        for (int o = 0; o < previous.count; o++) {
            int y = map[o];
            if (y >= 0) {
                degrees[y] = previousDegrees[o];
            }
        }
        for (int o = 0; o < previous.count; o++) {
            if (map[o] < 0 && !previous.isGone(o)) {
                int wo = previous.width[o];
                for (int m : previousRows[o]) {
                    int y = map[m];
                    if (y >= 0) {
                        int wm = previous.width[m];
                        degrees[y] -= wo > wm ? wo / wm : 1;
                    }
                }
            }
        }
        for (int o = 0; o < previous.count; o++) {
            int y = map[o];
            if (y >= 0) {
                rows[y] = merge(previousRows[o], map, extra[y], extraCount[y]);
                // merge left the new temporaries sorted; each counts once.
                int[] met = extra[y];
                int wy = next.width[y];
                for (int j = 0; j < extraCount[y] && met != null; j++) {
                    if (j == 0 || met[j] != met[j - 1]) {
                        int wt = next.width[met[j]];
                        degrees[y] += wt > wy ? wt / wy : 1;
                    }
                }
            }
        }
        for (int y = 0; y < n; y++) {
            if (!survives[y]) {
                rows[y] = merge(NONE, map, extra[y], extraCount[y]);
                degrees[y] = InterferenceGraph.weightedDegree(rows[y], next.width, y);
            }
        }
        return new InterferenceGraph(next.width, rows, degrees);
    }

    /**
     * The graph of {@code next} numbered as the previous round ({@link ClassNodes#keepingNumbers}):
     * a surviving node keeps its row as it was, the same array, with the new temporaries it meets
     * appended (their numbers follow every old one), so nothing is renumbered or copied but the
     * rows that meet a new temporary. The nodes left {@link ClassNodes#gone} keep their rows too,
     * which keeps the rows symmetric; no colouring reads them as nodes.
     *
     * @param previous the previous round's nodes of the same class
     * @param previousRows the previous round's rows as built, before any coalescing merged them
     * @param previousDegrees the previous round's weighted degrees as built
     * @param next this round's nodes in {@code previous}'s numbers
     */
    static InterferenceGraph keepingNumbers(ClassNodes previous, int[][] previousRows, int[] previousDegrees,
            ClassNodes next) {
        int n = next.count;
        int old = previous.count;
        long[] points = new long[n - old];
        for (int y = old; y < n; y++) {
            points[y - old] = ((long) next.segments[y][0] << 32) | y;
        }
        Arrays.sort(points);
        int[] @Nullable [] extra = new int[n][];
        int[] extraCount = new int[n];
        meetNewTemporaries(next, points, extra, extraCount);
        int[][] rows = Arrays.copyOf(previousRows, n);
        int[] degrees = Arrays.copyOf(previousDegrees, n);
        // The weighted degree of a surviving node: its previous one, less what the nodes gone
        // since blocked (counted from their side), plus what the new temporaries it meets block.
        for (int o = 0; o < old; o++) {
            if (next.isGone(o) && !previous.isGone(o)) {
                int wo = previous.width[o];
                for (int m : previousRows[o]) {
                    if (!next.isGone(m)) {
                        int wm = previous.width[m];
                        degrees[m] -= wo > wm ? wo / wm : 1;
                    }
                }
            }
        }
        for (int y = 0; y < n; y++) {
            if (y < old && extraCount[y] == 0) {
                continue;
            }
            int[] met = extra[y];
            int count = met == null ? 0 : InterferenceGraph.sortUnique(met, extraCount[y]);
            int[] base = y < old ? previousRows[y] : NONE;
            int[] row = Arrays.copyOf(base, base.length + count);
            if (count > 0) {
                System.arraycopy(met, 0, row, base.length, count);
            }
            rows[y] = row;
            int wy = next.width[y];
            if (y >= old) {
                degrees[y] = 0;
            }
            for (int j = 0; j < count; j++) {
                int wt = next.width[met[j]];
                degrees[y] += wt > wy ? wt / wy : 1;
            }
        }
        return new InterferenceGraph(next.width, rows, degrees);
    }

    /**
     * Appends to {@code extra}, both ways, every pair of a node of {@code next} (not gone) and a new
     * temporary whose one point ({@code points}: point << 32 | node, ascending) lies in its segments.
     */
    private static void meetNewTemporaries(ClassNodes next, long[] points, int[] @Nullable [] extra,
            int[] extraCount) {
        for (int x = 0; x < next.count; x++) {
            if (next.isGone(x)) {
                continue;
            }
            int[] segs = next.segments[x];
            for (int j = 0; j < segs.length; j += 2) {
                int from = lowerBound(points, segs[j]);
                for (int q = from; q < points.length && (int) (points[q] >>> 32) <= segs[j + 1]; q++) {
                    int t = (int) points[q];
                    if (t != x) {
                        append(extra, extraCount, x, t);
                        append(extra, extraCount, t, x);
                    }
                }
            }
        }
    }

    /** The first index of {@code points} whose point is at least {@code p}. */
    private static int lowerBound(long[] points, int p) {
        int lo = 0;
        int hi = points.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if ((int) (points[mid] >>> 32) < p) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static void append(int[] @Nullable [] lists, int[] counts, int at, int value) {
        int[] list = lists[at];
        if (list == null) {
            list = lists[at] = new int[4];
        } else if (counts[at] == list.length) {
            list = lists[at] = Arrays.copyOf(list, list.length * 2);
        }
        list[counts[at]++] = value;
    }

    /**
     * The previous row renumbered through {@code map} (dropping the nodes that are gone), merged
     * with the new temporaries it meets ({@code extra[0 .. count)}, in any order, repeats allowed):
     * ascending, without repeats, in an array of exactly its length.
     */
    private static int[] merge(int[] previousRow, int[] map, int @Nullable [] extra, int count) {
        int[] mapped = new int[previousRow.length];
        int kept = 0;
        for (int m : previousRow) {
            int y = map[m];
            if (y >= 0) {
                mapped[kept++] = y;
            }
        }
        if (count == 0 || extra == null) {
            return kept == mapped.length ? mapped : Arrays.copyOf(mapped, kept);
        }
        // A surviving node meets the new temporaries in the order of their points, which is their
        // order as nodes (numbered by operand): only a new temporary's own list needs the sort.
        boolean ascending = true;
        for (int k = 1; k < count && ascending; k++) {
            ascending = extra[k - 1] < extra[k];
        }
        if (!ascending) {
            Arrays.sort(extra, 0, count);
        }
        int[] out = new int[kept + count];
        int i = 0;
        int j = 0;
        int len = 0;
        while (i < kept || j < count) {
            int next = j >= count || (i < kept && mapped[i] < extra[j]) ? mapped[i++] : extra[j++];
            if (len == 0 || out[len - 1] != next) {
                out[len++] = next;
            }
        }
        return len == out.length ? out : Arrays.copyOf(out, len);
    }
}
