package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The interference graph finds the same edges, in the same order, through its bit matrix and
 * through its hash set of pairs, and both agree with a brute-force overlap test.
 */
class InterferenceGraphTest {
    @Test
    void theMatrixAndThePairSetFindTheEdgesOfOverlappingSegments() {
        Random random = new Random(15);
        for (int trial = 0; trial < 40; trial++) {
            int n = 1 + random.nextInt(300);
            int[] width = new int[n];
            int[][] segments = new int[n][];
            for (int x = 0; x < n; x++) {
                width[x] = 1 << random.nextInt(3);
                if (random.nextInt(10) == 0) {
                    continue; // a node without segments
                }
                int count = 1 + random.nextInt(6);
                int[] s = new int[2 * count];
                int at = random.nextInt(50);
                for (int k = 0; k < count; k++) {
                    s[2 * k] = at;
                    s[2 * k + 1] = at + random.nextInt(30);
                    at = s[2 * k + 1] + 2 + random.nextInt(40);
                }
                segments[x] = s;
            }
            InterferenceGraph dense = new InterferenceGraph(width, Integer.MAX_VALUE);
            InterferenceGraph sparse = new InterferenceGraph(width, 0);
            dense.addEdgesFromSegments(segments);
            sparse.addEdgesFromSegments(segments);
            int[] denseDegrees = dense.weightedDegrees();
            int[] sparseDegrees = sparse.weightedDegrees();
            for (int x = 0; x < n; x++) {
                int[] expected = bruteForce(segments, x);
                int weighted = 0;
                for (int m : expected) {
                    weighted += Math.max(1, width[m] / width[x]);
                }
                assertEquals(weighted, denseDegrees[x], "weighted degree counted while the matrix's rows are written, node " + x);
                assertEquals(weighted, sparseDegrees[x], "weighted degree counted over the rows, node " + x);
                assertArrayEquals(expected, dense.neighbours(x), "matrix, node " + x);
                assertArrayEquals(expected, sparse.neighbours(x), "pair set, node " + x);
                for (int y = 0; y < n; y++) {
                    assertEquals(Arrays.binarySearch(expected, y) >= 0, sparse.adjacent(x, y));
                }
            }
        }
    }

    /** The sweep's second half: a 64 x 64 bit transpose against the entry-by-entry one, on random and edge blocks. */
    @Test
    void transposeOfA64By64BitBlockMovesEveryEntry() {
        Random random = new Random(64);
        for (int trial = 0; trial < 200; trial++) {
            long[] m = new long[64];
            for (int r = 0; r < 64; r++) {
                m[r] = switch (trial) {
                    case 0 -> 0L;
                    case 1 -> -1L;
                    case 2 -> 1L << r;
                    case 3 -> Long.MIN_VALUE;
                    default -> random.nextInt(4) == 0 ? 0L : sparseBits(random);
                };
            }
            long[] expected = new long[64];
            for (int r = 0; r < 64; r++) {
                for (int c = 0; c < 64; c++) {
                    if ((m[r] >>> c & 1) != 0) {
                        expected[c] |= 1L << r;
                    }
                }
            }
            InterferenceGraph.transpose64(m);
            assertArrayEquals(expected, m, "trial " + trial);
        }
    }

    /**
     * Many nodes live together (a clique of 150 across three words of the matrix, a node whose
     * segments touch its own, nodes of one point): the matrix's rows written one side at a time and
     * completed by transposed blocks still agree with the pair set.
     */
    @Test
    void denseOverlapsAcrossMatrixWordsAgreeWithThePairSet() {
        Random random = new Random(150);
        for (int trial = 0; trial < 20; trial++) {
            int n = 60 + random.nextInt(200);
            int[] width = new int[n];
            int[][] segments = new int[n][];
            for (int x = 0; x < n; x++) {
                width[x] = 1 << random.nextInt(3);
                int start = random.nextInt(4) == 0 ? random.nextInt(20) : 10 + random.nextInt(200);
                int length = random.nextInt(3) == 0 ? 0 : random.nextInt(150);
                segments[x] = x % 7 == 3 ? new int[] {start, start + length, start + length, start + length + 5}
                        : new int[] {start, start + length};
            }
            InterferenceGraph dense = new InterferenceGraph(width, Integer.MAX_VALUE);
            InterferenceGraph sparse = new InterferenceGraph(width, 0);
            dense.addEdgesFromSegments(segments);
            sparse.addEdgesFromSegments(segments);
            assertArrayEquals(sparse.weightedDegrees(), dense.weightedDegrees(), "trial " + trial);
            for (int x = 0; x < n; x++) {
                assertArrayEquals(bruteForce(segments, x), dense.neighbours(x), "trial " + trial + ", node " + x);
                assertArrayEquals(sparse.neighbours(x), dense.neighbours(x), "trial " + trial + ", node " + x);
            }
        }
    }

    @Test
    void mergingMovesEveryEdgeAndKeepsRowsAscending() {
        InterferenceGraph g = new InterferenceGraph(new int[] {1, 1, 1, 1, 1}, 0);
        g.addEdge(0, 3);
        g.addEdge(1, 3);
        g.addEdge(1, 4);
        g.addEdge(2, 4);
        g.merge(0, 1);
        assertArrayEquals(new int[] {3, 4}, g.neighbours(0));
        assertArrayEquals(new int[] {}, g.neighbours(1));
        assertArrayEquals(new int[] {0}, g.neighbours(3));
        assertArrayEquals(new int[] {0, 2}, g.neighbours(4));
    }

    /** A word with about a quarter of its bits set. */
    private static long sparseBits(Random random) {
        long a = random.nextLong();
        long b = random.nextLong();
        return a & b;
    }

    private static int[] bruteForce(int[][] segments, int x) {
        return java.util.stream.IntStream.range(0, segments.length)
                .filter(y -> y != x && overlap(segments[x], segments[y])).toArray();
    }

    private static boolean overlap(int[] a, int[] b) {
        if (a == null || b == null) {
            return false;
        }
        for (int i = 0; i < a.length; i += 2) {
            for (int j = 0; j < b.length; j += 2) {
                if (a[i] <= b[j + 1] && b[j] <= a[i + 1]) {
                    return true;
                }
            }
        }
        return false;
    }
}
