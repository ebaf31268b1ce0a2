package dev.regtune.core.briggs;

import java.util.Arrays;

/**
 * The interference graph of one register class in one round (seed 002, phase 2): nodes are
 * values (or spill temporaries) with a width in 32-bit slots; an edge joins two nodes live at a
 * common program point. Adjacency is a bit matrix, so adding an edge twice is harmless and merges
 * are row unions.
 *
 * <p>Degrees count the constraint edges of seed 002 as weights ({@link #blocked}): a 64-bit node
 * can only start at an even slot, so it has {@code colours / 2} positions, and a wider neighbour
 * blocks several positions of a narrower node (the aliasing of registers of different widths).
 * A node is therefore colourable whenever its degree is below its positions.
 */
final class InterferenceGraph {
    private final int nodes;
    private final int words;
    private final long[] adj;
    private final int[] width;

    InterferenceGraph(int[] width) {
        this.nodes = width.length;
        this.words = (nodes + 63) >>> 6;
        this.adj = new long[Math.max(1, nodes * words)];
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
        adj[a * words + (b >>> 6)] |= 1L << b;
        adj[b * words + (a >>> 6)] |= 1L << a;
    }

    boolean adjacent(int a, int b) {
        return (adj[a * words + (b >>> 6)] & (1L << b)) != 0;
    }

    /** The neighbours of {@code n}, ascending. */
    int[] neighbours(int n) {
        int count = 0;
        for (int w = 0; w < words; w++) {
            count += Long.bitCount(adj[n * words + w]);
        }
        int[] out = new int[count];
        int k = 0;
        for (int w = 0; w < words; w++) {
            long bits = adj[n * words + w];
            while (bits != 0) {
                out[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
            }
        }
        return out;
    }

    /** Merges node {@code from} into node {@code into}: {@code into} takes every edge of {@code from}. */
    void merge(int into, int from) {
        for (int m : neighbours(from)) {
            adj[m * words + (from >>> 6)] &= ~(1L << from);
            addEdge(into, m);
        }
        Arrays.fill(adj, from * words, from * words + words, 0L);
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
                    addEdge(segNode[seg], segNode[other]);
                }
            }
            activeCount = kept;
            if (activeCount == active.length) {
                active = Arrays.copyOf(active, activeCount * 2);
            }
            active[activeCount++] = seg;
        }
    }
}
