package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Simplify's spill-candidate queue against a scan of every node: between polls, nodes are removed
 * and degrees lowered at random, as simplify does, and each poll must name the node the scan
 * names (the least cost over degree, the least node on equal ratios).
 */
class SpillCandidatesTest {
    /** The reference: seed 002's select_spill_candidate as a scan. */
    private static int scan(boolean[] inGraph, double[] cost, int[] deg) {
        int best = -1;
        for (int x = 0; x < inGraph.length; x++) {
            if (inGraph[x] && (best < 0 || Double.compare(cost[x] / Math.max(deg[x], 1),
                    cost[best] / Math.max(deg[best], 1)) < 0)) {
                best = x;
            }
        }
        return best;
    }

    /**
     * Costs from a few values (many nodes share one, as real costs do) or all distinct, with the
     * edge cases whose ratios tie across degrees (0, -0.0, infinity, NaN, the least double) and
     * ratios equal across costs (1 and 2 at degrees 2 and 4); degrees from 0 up, lowered by 1 to 4
     * between polls, nodes removed besides the polled ones.
     */
    @Test
    void everyPollNamesTheNodeAScanNames() {
        double[] special = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NaN, Double.MIN_VALUE, 1.0, 2.0, 1e300};
        Random random = new Random(2_026);
        for (int trial = 0; trial < 600; trial++) {
            int n = 1 + random.nextInt(trial < 300 ? 12 : 400);
            boolean[] inGraph = new boolean[n];
            double[] cost = new double[n];
            int[] deg = new int[n];
            int kinds = 1 + random.nextInt(6);
            double[] palette = new double[kinds];
            for (int k = 0; k < kinds; k++) {
                palette[k] = random.nextInt(3) == 0 ? special[random.nextInt(special.length)]
                        : 20 * (1 + random.nextInt(5)) * Math.pow(1.5, random.nextInt(3));
            }
            boolean distinct = trial % 5 == 4;
            int maxDegree = 1 + random.nextInt(trial % 3 == 0 ? 3 : 300);
            for (int x = 0; x < n; x++) {
                inGraph[x] = random.nextInt(8) != 0;
                cost[x] = distinct ? random.nextDouble() * 1000 : palette[random.nextInt(kinds)];
                deg[x] = random.nextInt(maxDegree + 1);
            }
            SpillCandidates candidates = SpillCandidates.of(inGraph, cost, deg);
            while (true) {
                int expected = scan(inGraph, cost, deg);
                assertEquals(expected, candidates.poll(), "trial " + trial + ": " + Arrays.toString(cost));
                if (expected < 0) {
                    break;
                }
                inGraph[expected] = false;
                int changes = random.nextInt(1 + n / 2);
                for (int c = 0; c < changes; c++) {
                    int x = random.nextInt(n);
                    if (random.nextInt(10) == 0) {
                        inGraph[x] = false;
                    } else {
                        deg[x] = Math.max(0, deg[x] - 1 - random.nextInt(4));
                    }
                }
            }
        }
    }

    @Test
    void noNodeInTheGraphMeansNoCandidate() {
        assertEquals(-1, SpillCandidates.of(new boolean[0], new double[0], new int[0]).poll());
        assertEquals(-1, SpillCandidates.of(new boolean[] {false, false}, new double[] {1, 2}, new int[] {3, 4}).poll());
    }

    /** One node, then the equal ratios of a tie: the least node first, whatever the cost group. */
    @Test
    void equalRatiosGoByNode() {
        boolean[] inGraph = {true, true, true, true};
        double[] cost = {4, 2, 4, 2};
        int[] deg = {4, 2, 4, 2};
        SpillCandidates candidates = SpillCandidates.of(inGraph, cost, deg);
        for (int expected = 0; expected < 4; expected++) {
            assertEquals(expected, candidates.poll());
            inGraph[expected] = false;
        }
        assertEquals(-1, candidates.poll());
    }

    @Test
    void aNegativeCostIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> SpillCandidates.of(new boolean[] {true}, new double[] {-1}, new int[] {1}));
    }

    /** Simplify's queue compares ratios as longs: the same order as Double.compare, ties equal. */
    @Test
    void ratioKeysOrderAsDoubleCompare() {
        double[] values = {Double.NEGATIVE_INFINITY, -3.5, -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, 1e-300,
            0.4, 2.5, 2.5000000000000004, 1e300, Double.POSITIVE_INFINITY, Double.NaN};
        for (double a : values) {
            for (double b : values) {
                assertEquals(Integer.signum(Double.compare(a, b)),
                        Long.signum(Long.compare(SpillCandidates.ratioKey(a), SpillCandidates.ratioKey(b))), a + " vs " + b);
            }
        }
    }

    /**
     * A cost said to have distinct ratios gives a different key at every degree from 1 to its
     * highest (so that its buckets are its degrees), down to costs whose last ratio is barely
     * normal; costs whose ratios may tie are not said to.
     */
    @Test
    void distinctRatiosAreDistinct() {
        double[] costs = {1.0, 20.0, 45.0, 1e300, Double.MAX_VALUE, Double.MIN_NORMAL * 1000, Double.MIN_NORMAL * 2048,
            Math.nextUp(Double.MIN_NORMAL * 2048), 3 * Double.MIN_NORMAL};
        int[] maxDegrees = {0, 1, 2, 17, 1000, 2048, 4096};
        for (double cost : costs) {
            for (int maxDegree : maxDegrees) {
                if (!SpillCandidates.distinctRatios(cost, maxDegree)) {
                    continue;
                }
                for (int d = 1; d < maxDegree; d++) {
                    assertTrue(SpillCandidates.ratioKey(cost / d) > SpillCandidates.ratioKey(cost / (d + 1)),
                            cost + " at " + d);
                }
            }
        }
        for (double cost : new double[] {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NaN, Double.MIN_VALUE}) {
            assertFalse(SpillCandidates.distinctRatios(cost, 4), "cost " + cost);
        }
        assertFalse(SpillCandidates.distinctRatios(Double.MIN_NORMAL, 2));
    }
}
