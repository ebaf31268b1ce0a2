package dev.regtune.core.briggs;

import java.util.Arrays;

/**
 * The interference graph of one register class in one round (seed 002, phase 2): nodes are
 * values (or spill temporaries) with a width in 32-bit slots; an edge joins two nodes live at a
 * common program point. Adjacency is one ascending int array per node (memory linear in the
 * edges; a dense bit matrix was n x n bits, 5.4 GB at 200k instructions); adding an edge twice is
 * harmless and merges are row unions.
 *
 * <p>Degrees count the constraint edges of seed 002 as weights ({@link #blocked}): a 64-bit node
 * can only start at an even slot, so it has {@code colours / 2} positions, and a wider neighbour
 * blocks several positions of a narrower node (the aliasing of registers of different widths).
 * A node is therefore colourable whenever its degree is below its positions.
 */
final class InterferenceGraph {
    private static final int[] NONE = new int[0];

    private final int nodes;
    /** Per node its neighbours, ascending in {@code row[n][0 .. size[n])}. */
    private final int[][] row;
    private final int[] size;
    private final int[] width;

    InterferenceGraph(int[] width) {
        this.nodes = width.length;
        this.row = new int[nodes][];
        Arrays.fill(row, NONE);
        this.size = new int[nodes];
        this.width = width;
    }

    int nodeCount() {
        return nodes;
    }

    int width(int n) {
        return width[n];
    }

    void addEdge(int a, int b) {
        if (a == b) {
            return;
        }
        insert(a, b);
        insert(b, a);
    }

    boolean adjacent(int a, int b) {
        int x = size[a] <= size[b] ? a : b;
        int y = x == a ? b : a;
        return Arrays.binarySearch(row[x], 0, size[x], y) >= 0;
    }

    /** The neighbours of {@code n}, ascending. */
    int[] neighbours(int n) {
        return Arrays.copyOf(row[n], size[n]);
    }

    /** Merges node {@code from} into node {@code into}: {@code into} takes every edge of {@code from}. */
    void merge(int into, int from) {
        for (int m : neighbours(from)) {
            remove(m, from);
            addEdge(into, m);
        }
        row[from] = NONE;
        size[from] = 0;
    }

    /** Adds {@code b} to the row of {@code a}, keeping it ascending; nothing when it is there. */
    private void insert(int a, int b) {
        int[] r = row[a];
        int n = size[a];
        int at = Arrays.binarySearch(r, 0, n, b);
        if (at >= 0) {
            return;
        }
        at = -at - 1;
        if (n == r.length) {
            r = row[a] = Arrays.copyOf(r, Math.max(4, n * 2));
        }
        System.arraycopy(r, at, r, at + 1, n - at);
        r[at] = b;
        size[a] = n + 1;
    }

    private void remove(int a, int b) {
        int[] r = row[a];
        int n = size[a];
        int at = Arrays.binarySearch(r, 0, n, b);
        if (at >= 0) {
            System.arraycopy(r, at + 1, r, at, n - at - 1);
            size[a] = n - 1;
        }
    }

    /** Positions of node {@code n} among {@code colours} slots: aligned starts that fit. */
    int positions(int n, int colours) {
        return colours / width[n];
    }

    /** How many positions of node {@code n} a neighbour {@code m} can block (seed 002's constraint edges). */
    int blocked(int n, int m) {
        return Math.max(1, width[m] / width[n]);
    }

    /**
     * Builds the edges of nodes given as point segments ({@code [a0, b0, a1, b1, ...]} per node)
     * by sweeping the segments in order of their first point: a segment interferes with every
     * earlier one that has not ended. This is the seed's backward walk over live sets, expressed
     * over the same liveness, and exact at every program point.
     */
    void addEdgesFromSegments(int[][] segments) {
        int total = 0;
        for (int[] s : segments) {
            total += s == null ? 0 : s.length / 2;
        }
        long[] order = new long[total];
        int[] segStart = new int[total];
        int[] segEnd = new int[total];
        int[] segNode = new int[total];
        int k = 0;
        for (int n = 0; n < segments.length; n++) {
            int[] s = segments[n];
            if (s == null) {
                continue;
            }
            for (int j = 0; j < s.length; j += 2) {
                segStart[k] = s[j];
                segEnd[k] = s[j + 1];
                segNode[k] = n;
                order[k] = ((long) s[j] << 32) | k;
                k++;
            }
        }
        Arrays.sort(order);
        // Edges are appended unsorted (a pair may repeat, once per pair of segments that meet)
        // and each row is sorted and made unique once at the end.
        int[][] pending = new int[nodes][];
        int[] pendingSize = new int[nodes];
        int[] active = new int[16];
        int activeCount = 0;
        for (long key : order) {
            int seg = (int) key;
            int start = segStart[seg];
            int kept = 0;
            for (int a = 0; a < activeCount; a++) {
                int other = active[a];
                if (segEnd[other] >= start) {
                    active[kept++] = other;
                    int x = segNode[seg];
                    int y = segNode[other];
                    if (x != y) {
                        append(pending, pendingSize, x, y);
                        append(pending, pendingSize, y, x);
                    }
                }
            }
            activeCount = kept;
            if (activeCount == active.length) {
                active = Arrays.copyOf(active, activeCount * 2);
            }
            active[activeCount++] = seg;
        }
        for (int n = 0; n < nodes; n++) {
            int[] p = pending[n];
            if (p == null) {
                continue;
            }
            for (int j = 0; j < size[n]; j++) {
                p = append(pending, pendingSize, n, row[n][j]);
            }
            int c = pendingSize[n];
            Arrays.sort(p, 0, c);
            int u = 0;
            for (int j = 0; j < c; j++) {
                if (u == 0 || p[u - 1] != p[j]) {
                    p[u++] = p[j];
                }
            }
            row[n] = p;
            size[n] = u;
        }
    }

    private static int[] append(int[][] rows, int[] sizes, int a, int b) {
        int[] r = rows[a];
        if (r == null) {
            r = rows[a] = new int[4];
        } else if (sizes[a] == r.length) {
            r = rows[a] = Arrays.copyOf(r, r.length * 2);
        }
        r[sizes[a]++] = b;
        return r;
    }
}
