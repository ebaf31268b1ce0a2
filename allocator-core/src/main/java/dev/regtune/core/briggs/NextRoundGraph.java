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
 * the surviving rows stay ascending and the result is the graph {@link
 * InterferenceGraph#addEdgesFromSegments} builds, row for row, in these numbers and with the
 * numbers left behind by spilled values in its rows.
 */
final class NextRoundGraph {
    private static final int[] NONE = new int[0];

    private NextRoundGraph() {
    }

    /**
     * The graph of {@code next} numbered after the previous round ({@link ClassNodes#keepingNumbers}):
     * a value keeps its row's values as they are, and a row's temporaries, which follow its values,
     * are renumbered (in order: old temporaries keep their order among themselves) and merged with
     * the new temporaries it meets. A row that meets no temporary whose number changed and no new
     * one is the same array, so that when every new temporary comes after the old ones nothing is
     * copied but the rows that meet a new temporary. The nodes left {@link ClassNodes#gone} keep
     * their rows too, renumbered alike, which keeps the rows symmetric; no colouring reads them as
     * nodes.
     *
     * @param previous the previous round's nodes of the same class
     * @param previousRows the previous round's rows as built, before any coalescing merged them
     * @param previousDegrees the previous round's weighted degrees as built
     * @param next this round's nodes in {@code previous}'s value numbers
     */
    static InterferenceGraph keepingNumbers(ClassNodes previous, int[][] previousRows, int[] previousDegrees,
            ClassNodes next) {
        int n = next.count;
        int old = previous.count;
        int values = previous.firstTemporary();
        // Per old number, its number now: values keep theirs, old temporaries (found through any of
        // their operands, which they keep) may move up past new ones.
        int[] number = new int[old];
        for (int o = 0; o < values; o++) {
            number[o] = o;
        }
        for (int op = 0; op < previous.operandTemp.length; op++) {
            int o = previous.operandTemp[op];
            if (o >= 0) {
                number[o] = next.operandTemp[op];
            }
        }
        boolean[] isNew = new boolean[n];
        Arrays.fill(isNew, values, n, true);
        boolean moved = false;
        for (int o = values; o < old; o++) {
            isNew[number[o]] = false;
            moved |= number[o] != o;
        }
        int fresh = 0;
        for (int y = values; y < n; y++) {
            fresh += isNew[y] ? 1 : 0;
        }
        long[] points = new long[fresh];
        int k = 0;
        for (int y = values; y < n; y++) {
            if (isNew[y]) {
                points[k++] = ((long) next.segments[y][0] << 32) | y;
            }
        }
        Arrays.sort(points);
        int[] @Nullable [] extra = new int[n][];
        int[] extraCount = new int[n];
        meetNewTemporaries(next, points, extra, extraCount);
        int[][] rows = new int[n][];
        int[] degrees = new int[n];
        for (int o = 0; o < old; o++) {
            degrees[number[o]] = previousDegrees[o];
        }
        // The weighted degree of a surviving node: its previous one, less what the nodes gone
        // since blocked (counted from their side), plus what the new temporaries it meets block.
        for (int o = 0; o < values; o++) {
            if (next.isGone(o) && !previous.isGone(o)) {
                int wo = previous.width[o];
                for (int m : previousRows[o]) {
                    int y = number[m];
                    if (!next.isGone(y)) {
                        int wm = previous.width[m];
                        degrees[y] -= wo > wm ? wo / wm : 1;
                    }
                }
            }
        }
        for (int o = 0; o < old; o++) {
            int y = number[o];
            int[] met = extra[y];
            int count = met == null ? 0 : InterferenceGraph.sortUnique(met, extraCount[y]);
            int[] row = previousRows[o];
            boolean same = count == 0 && (!moved || row.length == 0 || row[row.length - 1] < values);
            rows[y] = same ? row : renumbered(row, values, number, met, count);
            addBlocked(next.width, y, met, count, degrees);
        }
        for (int y = values; y < n; y++) {
            if (isNew[y]) {
                int[] met = extra[y];
                int count = met == null ? 0 : InterferenceGraph.sortUnique(met, extraCount[y]);
                rows[y] = met == null ? NONE : Arrays.copyOf(met, count);
                degrees[y] = 0;
                addBlocked(next.width, y, met, count, degrees);
            }
        }
        return new InterferenceGraph(next.width, rows, degrees);
    }

    /** Adds to node {@code y}'s degree what the nodes {@code met[0 .. count)} block of it. */
    private static void addBlocked(int[] width, int y, int @Nullable [] met, int count, int[] degrees) {
        int wy = width[y];
        for (int j = 0; j < count && met != null; j++) {
            int wt = width[met[j]];
            degrees[y] += wt > wy ? wt / wy : 1;
        }
    }

    /**
     * An old row in the new numbers: its values ({@code < values}) as they are, then its old
     * temporaries renumbered through {@code number} (which keeps their order), merged with the new
     * temporaries {@code met[0 .. count)} (ascending, none of them in the row).
     */
    private static int[] renumbered(int[] row, int values, int[] number, int @Nullable [] met, int count) {
        int split = row.length;
        while (split > 0 && row[split - 1] >= values) {
            split--;
        }
        int[] out = Arrays.copyOf(row, row.length + count);
        int i = split;
        int j = 0;
        int at = split;
        while (i < row.length || j < count) {
            int a = i < row.length ? number[row[i]] : Integer.MAX_VALUE;
            if (met != null && j < count && met[j] < a) {
                out[at++] = met[j++];
            } else {
                out[at++] = a;
                i++;
            }
        }
        return out;
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
}
