package dev.regtune.core.briggs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Phases 3 and 4 of seed 002 on hand-made interference graphs whose answers are known. */
class ClassColouringTest {
    private static ColouringParameters params(int threshold, double factor, boolean optimistic) {
        return new ColouringParameters(threshold, factor, true, optimistic);
    }

    private static InterferenceGraph graph(int nodes, int[][] edges) {
        int[] width = new int[nodes];
        Arrays.fill(width, 1);
        InterferenceGraph g = new InterferenceGraph(width);
        for (int[] e : edges) {
            g.addEdge(e[0], e[1]);
        }
        return g;
    }

    /**
     * Nodes 0 and 1 are copy-related; 0's neighbours 2 and 3 have degree 2 each (0 and a leaf).
     * With threshold 2, the seed's factor makes their effective degree 1.6, below the threshold,
     * so they are not significant and the merge is allowed; with a factor of 1 both reach it and
     * the merge is refused (2 significant neighbours is not fewer than 2).
     */
    @Test
    void georgeCriterionCountsNeighboursWhoseDegreeTimesTheFactorReachesTheThreshold() {
        int[][] edges = {{0, 2}, {0, 3}, {2, 4}, {3, 5}};
        assertTrue(new ClassColouring(graph(6, edges), params(2, 0.8, true), 16).georgeAllows(0, 1));
        assertFalse(new ClassColouring(graph(6, edges), params(2, 1.0, true), 16).georgeAllows(0, 1));
        // Degree 3 neighbours: 2.4 reaches 2 even with the factor.
        int[][] denser = {{0, 2}, {0, 3}, {2, 4}, {3, 5}, {2, 6}, {3, 7}};
        assertFalse(new ClassColouring(graph(8, denser), params(2, 0.8, true), 16).georgeAllows(0, 1));
        assertTrue(new ClassColouring(graph(8, denser), params(2, 0.6, true), 16).georgeAllows(0, 1));
    }

    /**
     * A 4-cycle under threshold 2 with 2 colours: every node has degree 2, so none is of low
     * degree. With the factor 0.8 every neighbour's effective degree is 1.6, so every node has 2
     * low-degree neighbours and the Briggs criterion removes node 0 as safe.
     */
    @Test
    void briggsCriterionRemovesANodeWithEnoughLowDegreeNeighbours() {
        int[][] cycle = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
        ClassColouring c = new ClassColouring(graph(4, cycle), params(2, 0.8, true), 2);
        c.simplifyAndSelect(new double[] {1, 1, 1, 1});
        assertEquals(ClassColouring.Tier.BRIGGS, c.tier[0]);
        for (int x = 0; x < 4; x++) {
            assertTrue(c.slotOf(x) >= 0, "node " + x + " coloured");
            assertTrue(c.tier[x] != ClassColouring.Tier.POTENTIAL_SPILL);
        }
        assertEquals(c.slotOf(0), c.slotOf(2));
        assertEquals(c.slotOf(1), c.slotOf(3));
    }

    /**
     * The same 4-cycle with a factor of 1: no node is safe, so simplify pushes the cheapest by
     * cost over degree (node 2) as a potential spill, and select still colours it: the cycle is
     * 2-colourable. Chaitin's pessimistic variant spills it instead.
     */
    @Test
    void optimisticSelectColoursANodeSimplifyPushedAsAPotentialSpill() {
        int[][] cycle = {{0, 1}, {1, 2}, {2, 3}, {3, 0}};
        double[] cost = {5, 5, 1, 5};
        ClassColouring briggs = new ClassColouring(graph(4, cycle), params(2, 1.0, true), 2);
        briggs.simplifyAndSelect(cost);
        assertEquals(ClassColouring.Tier.POTENTIAL_SPILL, briggs.tier[2]);
        for (int x = 0; x < 4; x++) {
            assertTrue(briggs.slotOf(x) >= 0, "node " + x + " coloured");
        }
        ClassColouring chaitin = new ClassColouring(graph(4, cycle), params(2, 1.0, false), 2);
        chaitin.simplifyAndSelect(cost);
        assertEquals(-1, chaitin.slotOf(2), "pessimistic colouring spills the candidate");
        assertTrue(chaitin.slotOf(0) >= 0 && chaitin.slotOf(1) >= 0 && chaitin.slotOf(3) >= 0);
    }

    /**
     * A triangle plus a pendant on node 0, 2 colours, a factor of 1 (no Briggs tier): the pendant
     * goes as low degree, then every node has degree 2 and the potential spill is the one with
     * the lowest cost over degree, the lowest index on ties.
     */
    @Test
    void thePotentialSpillHasTheLowestCostOverDegree() {
        int[][] edges = {{0, 1}, {1, 2}, {2, 0}, {0, 3}};
        ClassColouring tie = new ClassColouring(graph(4, edges), params(15, 1.0, true), 2);
        tie.simplifyAndSelect(new double[] {6, 5, 5, 100});
        assertEquals(ClassColouring.Tier.LOW_DEGREE, tie.tier[3]);
        assertEquals(ClassColouring.Tier.POTENTIAL_SPILL, tie.tier[1], "ratios 3, 2.5, 2.5: node 1 on the tie");
        ClassColouring cheap = new ClassColouring(graph(4, edges), params(15, 1.0, true), 2);
        cheap.simplifyAndSelect(new double[] {4, 5, 5, 100});
        assertEquals(ClassColouring.Tier.POTENTIAL_SPILL, cheap.tier[0], "ratios 2, 2.5, 2.5: node 0");
    }

    @Test
    void aPairCountsAsTwoBlockedSlotsForASingleAndTakesAnEvenSlot() {
        InterferenceGraph g = new InterferenceGraph(new int[] {2, 1, 1});
        g.addEdge(0, 1);
        g.addEdge(0, 2);
        ClassColouring c = new ClassColouring(g, params(15, 0.8, true), 4);
        assertEquals(2, c.degree[0], "two singles block two pair positions at most");
        assertEquals(2, c.degree[1], "a pair blocks two single positions");
        assertEquals(2, g.positions(0, 5), "a pair has two even starts among 5 slots");
        c.simplifyAndSelect(new double[] {1, 1, 1});
        assertEquals(0, c.slotOf(0) % 2);
        assertTrue(c.slotOf(1) < c.slotOf(0) || c.slotOf(1) >= c.slotOf(0) + 2);
        assertTrue(c.slotOf(2) < c.slotOf(0) || c.slotOf(2) >= c.slotOf(0) + 2);
    }

    /**
     * Select finds the lowest aligned free position a word of 64 colours at a time: against a
     * slot-by-slot reference, on neighbours of widths 1, 2 and 4 placed at random (runs at 62-65
     * straddle a word), for 1 to 200 colours, including when the only free run passes the last colour.
     */
    @Test
    void selectTakesTheLowestAlignedPositionTheNeighboursLeaveFree() {
        java.util.Random random = new java.util.Random(684);
        for (int round = 0; round < 2000; round++) {
            int colours = 1 + random.nextInt(200);
            int neighbours = random.nextInt(90);
            int[] width = new int[neighbours + 1];
            width[0] = 1 << random.nextInt(3);
            for (int m = 1; m <= neighbours; m++) {
                width[m] = 1 << random.nextInt(3);
            }
            InterferenceGraph g = new InterferenceGraph(width);
            for (int m = 1; m <= neighbours; m++) {
                g.addEdge(0, m);
            }
            ClassColouring c = new ClassColouring(g, params(15, 1.0, true), colours);
            boolean[] taken = new boolean[colours];
            for (int m = 1; m <= neighbours; m++) {
                int positions = colours / width[m];
                c.slot[m] = positions == 0 || random.nextInt(8) == 0 ? -1 : random.nextInt(positions) * width[m];
                for (int k = 0; c.slot[m] >= 0 && k < width[m]; k++) {
                    taken[c.slot[m] + k] = true;
                }
            }
            int expected = -1;
            for (int p = 0; p + width[0] <= colours && expected < 0; p += width[0]) {
                boolean free = true;
                for (int k = 0; k < width[0]; k++) {
                    free &= !taken[p + k];
                }
                expected = free ? p : -1;
            }
            c.select(0, new long[(colours + 63) >>> 6]);
            assertEquals(expected, c.slot[0], "round " + round + ": " + colours + " colours, width " + width[0]);
        }
    }

    /** Every aligned position of 1, 2 and 4 slots up to 200 colours, the slots below it all taken. */
    @Test
    void selectFindsEveryAlignedPositionAboveTakenSlots() {
        for (int colours : new int[] {64, 66, 128, 130, 200}) {
            for (int w = 1; w <= 4; w *= 2) {
                for (int p = 0; p <= colours; p += w) {
                    int[] width = new int[p + 1];
                    Arrays.fill(width, 1);
                    width[0] = w;
                    InterferenceGraph g = new InterferenceGraph(width);
                    for (int m = 1; m <= p; m++) {
                        g.addEdge(0, m);
                    }
                    ClassColouring c = new ClassColouring(g, params(15, 1.0, true), colours);
                    for (int m = 1; m <= p; m++) {
                        c.slot[m] = m - 1;
                    }
                    c.select(0, new long[(colours + 63) >>> 6]);
                    assertEquals(p + w <= colours ? p : -1, c.slot[0], colours + " colours, width " + w + ", " + p + " taken");
                }
            }
        }
    }

    /**
     * Simplify and select against a plain reading of them (every queue a scan, every node's
     * neighbours walked in full, select slot by slot) on random graphs: dense and sparse, widths 1,
     * 2 and 4, costs from a few values with ties and infinities, factors below, at and above 1, a
     * few colours or many, optimistic or not. Tiers and slots must agree node for node.
     */
    @Test
    void simplifyAndSelectAgreeWithAPlainReading() {
        java.util.Random random = new java.util.Random(15);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + random.nextInt(trial < 150 ? 20 : 160);
            int[] width = new int[n];
            for (int x = 0; x < n; x++) {
                width[x] = random.nextInt(4) == 0 ? 1 << random.nextInt(3) : 1;
            }
            double density = random.nextDouble();
            InterferenceGraph g = new InterferenceGraph(width);
            for (int x = 0; x < n; x++) {
                for (int y = x + 1; y < n; y++) {
                    if (random.nextDouble() < density) {
                        g.addEdge(x, y);
                    }
                }
            }
            double[] factors = {0.8, 1.0, 0.05, 1.7, 4.0};
            ColouringParameters p = params(1 + random.nextInt(20), factors[random.nextInt(factors.length)],
                    random.nextInt(4) != 0);
            int colours = 1 + random.nextInt(trial % 2 == 0 ? 16 : 80);
            double[] cost = new double[n];
            for (int x = 0; x < n; x++) {
                cost[x] = random.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : 20 * (1 + random.nextInt(4));
            }
            ClassColouring fast = new ClassColouring(g, p, colours);
            fast.simplifyAndSelect(cost);
            ClassColouring plain = new ClassColouring(g, p, colours);
            plainSimplifyAndSelect(plain, cost);
            for (int x = 0; x < n; x++) {
                assertEquals(plain.tier[x], fast.tier[x], "trial " + trial + ", tier of node " + x);
                assertEquals(plain.slotOf(x), fast.slotOf(x), "trial " + trial + ", slot of node " + x);
            }
        }
    }

    /**
     * Seed 002's phase 4 as the package documentation reads it: the low-degree nodes as a stack
     * (pushed as their degree falls below the threshold, in the order of the row that lowered it),
     * then the least node meeting the Briggs criterion, then the least cost over degree (least node
     * on ties); select gives the lowest aligned free position.
     */
    private static void plainSimplifyAndSelect(ClassColouring c, double[] cost) {
        int n = c.graph.nodeCount();
        double factor = c.params.factor();
        boolean[] in = c.present.clone();
        int[] deg = c.degree.clone();
        boolean[] queued = new boolean[n];
        java.util.ArrayDeque<Integer> low = new java.util.ArrayDeque<>();
        for (int x = 0; x < n; x++) {
            if (in[x] && deg[x] < c.threshold(x)) {
                queued[x] = true;
                low.push(x);
            }
        }
        java.util.ArrayDeque<Integer> stack = new java.util.ArrayDeque<>();
        while (true) {
            int x = -1;
            ClassColouring.Tier t = null;
            while (x < 0 && !low.isEmpty()) {
                int y = low.pop();
                if (in[y]) {
                    x = y;
                    t = ClassColouring.Tier.LOW_DEGREE;
                }
            }
            for (int y = 0; y < n && x < 0; y++) {
                if (in[y]) {
                    int lowNeighbours = 0;
                    for (int m : c.adj[y]) {
                        if (in[m] && deg[m] * factor < c.threshold(m)) {
                            lowNeighbours++;
                        }
                    }
                    if (lowNeighbours >= c.threshold(y)) {
                        x = y;
                        t = ClassColouring.Tier.BRIGGS;
                    }
                }
            }
            for (int y = 0; y < n && t == null; y++) {
                if (in[y] && (x < 0 || Double.compare(cost[y] / Math.max(deg[y], 1), cost[x] / Math.max(deg[x], 1)) < 0)) {
                    x = y;
                }
            }
            if (x < 0) {
                break;
            }
            if (t == null) {
                t = ClassColouring.Tier.POTENTIAL_SPILL;
            }
            c.tier[x] = t;
            in[x] = false;
            if (t != ClassColouring.Tier.POTENTIAL_SPILL || c.params.optimistic() || cost[x] == Double.POSITIVE_INFINITY) {
                stack.push(x);
            }
            for (int m : c.adj[x]) {
                if (in[m]) {
                    deg[m] -= c.graph.blocked(m, x);
                    if (!queued[m] && deg[m] < c.threshold(m)) {
                        queued[m] = true;
                        low.push(m);
                    }
                }
            }
        }
        while (!stack.isEmpty()) {
            int x = stack.pop();
            int w = c.graph.width(x);
            boolean[] taken = new boolean[c.colours];
            for (int m : c.adj[x]) {
                for (int k = 0; c.slot[m] >= 0 && k < c.graph.width(m) && c.slot[m] + k < c.colours; k++) {
                    taken[c.slot[m] + k] = true;
                }
            }
            for (int p = 0; p + w <= c.colours && c.slot[x] < 0; p += w) {
                boolean free = true;
                for (int k = 0; k < w; k++) {
                    free &= !taken[p + k];
                }
                c.slot[x] = free ? p : -1;
            }
        }
    }

    /** The trigger of a degree: the highest degree at or below it where one of the two tests first holds. */
    @Test
    void theTriggerIsTheHighestDegreeWhereATestFirstHolds() {
        double[] factors = {0.05, 0.3, 0.8, 1.0, 1.7, 4.0, 0.1 + 0.2};
        for (double factor : factors) {
            for (int threshold = 0; threshold <= 40; threshold++) {
                for (int degree = 0; degree <= 200; degree += degree < 40 ? 1 : 13) {
                    for (int flags = 0; flags < 4; flags++) {
                        boolean queuedLow = (flags & 1) != 0;
                        boolean effLow = (flags & 2) != 0;
                        int expected = Integer.MIN_VALUE;
                        for (int d = degree; d >= 0 && expected == Integer.MIN_VALUE; d--) {
                            if (!queuedLow && d < threshold || !effLow && d * factor < threshold) {
                                expected = d;
                            }
                        }
                        int got = ClassColouring.trigger(queuedLow, effLow, threshold, factor, degree);
                        if (expected == Integer.MIN_VALUE) {
                            assertTrue(got < 0, factor + " " + threshold + " " + degree + " " + flags + ": " + got);
                        } else {
                            assertEquals(expected, got, factor + " " + threshold + " " + degree + " " + flags);
                        }
                    }
                }
            }
        }
    }
}
