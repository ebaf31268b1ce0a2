package dev.regtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.KernelFunction;
import org.junit.jupiter.api.Test;

class DominatorsTest {

    /** B0 -> {B1, B2} -> B3. */
    static KernelFunction diamond() {
        Ir ir = new Ir();
        int p = ir.p("p");
        int a = ir.r("a");
        ir.tid(a);
        ir.alu(p, a);
        ir.cbra(p, "ELSE"); // B0
        ir.alu(a, a); // B1
        ir.bra("JOIN");
        ir.label("ELSE");
        ir.alu(a, a); // B2
        ir.label("JOIN");
        ir.store(a); // B3
        ir.ret();
        return ir.build();
    }

    @Test
    void diamond_dominatorsAndPostDominators() {
        KernelFunction f = diamond();
        assertEquals(4, f.blockCount(), f.dump());
        Dominators d = Dominators.compute(f);
        assertEquals(-1, d.idom(0));
        assertEquals(0, d.idom(1));
        assertEquals(0, d.idom(2));
        assertEquals(0, d.idom(3));
        assertTrue(d.dominates(0, 3));
        assertTrue(d.dominates(3, 3));
        assertFalse(d.dominates(1, 3));
        assertFalse(d.dominates(2, 3));
        assertFalse(d.strictlyDominates(3, 3));
        int[] rpo = d.reversePostorder();
        assertEquals(0, rpo[0]);
        assertEquals(3, rpo[3]);
        for (int k = 0; k < rpo.length; k++) {
            assertEquals(k, d.rpoIndex(rpo[k]));
        }

        PostDominators pd = PostDominators.compute(f);
        assertEquals(3, pd.ipdom(0));
        assertEquals(3, pd.ipdom(1));
        assertEquals(3, pd.ipdom(2));
        assertEquals(PostDominators.VIRTUAL_EXIT, pd.ipdom(3));
        assertTrue(pd.postDominates(3, 0));
        assertFalse(pd.postDominates(1, 0));
        assertTrue(pd.isExitLinked(3));
        assertFalse(pd.isExitLinked(0));
    }

    @Test
    void unreachableBlock_hasNoDominatorAndDominatesNothing() {
        Ir ir = new Ir();
        int a = ir.r("a");
        ir.alu(a);
        ir.bra("END"); // B0
        ir.alu(a, a); // B1: nothing branches here
        ir.label("END");
        ir.store(a); // B2
        ir.ret();
        KernelFunction f = ir.build();
        assertEquals(3, f.blockCount(), f.dump());
        Dominators d = Dominators.compute(f);
        assertFalse(d.isReachable(1));
        assertEquals(-1, d.idom(1));
        assertEquals(0, d.idom(2));
        assertFalse(d.dominates(1, 2));
        assertFalse(d.dominates(0, 1));
        assertFalse(d.dominates(1, 1));
        assertArrayEquals(new int[] {0, 2}, d.reversePostorder());

        PostDominators pd = PostDominators.compute(f);
        assertEquals(2, pd.ipdom(1)); // post-dominance is defined for unreachable blocks too
        assertEquals(2, pd.ipdom(0));

        Loops loops = Loops.compute(d);
        assertEquals(0, loops.loopCount());
        assertEquals(0, loops.depth(1));
    }

    @Test
    void irreducibleCycle_formsNoLoopAndDoesNotCrash() {
        // B0 -> {B1, B2}; B1 -> {B3, B2}; B2 -> B1: the cycle B1 <-> B2 has two entries.
        Ir ir = new Ir();
        int p = ir.p("p");
        int q = ir.p("q");
        int a = ir.r("a");
        ir.alu(a);
        ir.alu(p);
        ir.alu(q);
        ir.cbra(p, "L2"); // B0
        ir.label("L1");
        ir.alu(a, a);
        ir.cbra(q, "L3"); // B1
        ir.label("L2");
        ir.alu(a, a);
        ir.bra("L1"); // B2
        ir.label("L3");
        ir.ret(); // B3
        KernelFunction f = ir.build();
        assertEquals(4, f.blockCount(), f.dump());
        Dominators d = Dominators.compute(f);
        assertEquals(0, d.idom(1));
        assertEquals(0, d.idom(2));
        assertEquals(1, d.idom(3));
        Loops loops = Loops.compute(d);
        assertEquals(0, loops.loopCount());
        assertEquals(1, loops.irreducibleEdgeCount());
        assertFalse(loops.isBackEdge(2, 1));
        assertFalse(loops.isBackEdge(1, 2));
        for (int b = 0; b < 4; b++) {
            assertEquals(0, loops.depth(b));
            assertEquals(1.0, BlockFrequency.compute(loops, 8).freq(b));
        }
        PostDominators pd = PostDominators.compute(f);
        assertEquals(1, pd.ipdom(2));
        assertEquals(3, pd.ipdom(1));
        assertEquals(1, pd.ipdom(0));
        // Liveness over the irreducible cycle still reaches a fixed point.
        Liveness live = Liveness.compute(f);
        assertTrue(live.isLiveOut(0, a));
        assertTrue(live.isLiveIn(1, a));
        assertTrue(live.isLiveIn(2, a));
        assertTrue(live.isLiveOut(1, a));
    }

    @Test
    void infiniteLoops_areJoinedToTheVirtualExit() {
        // B0 -> {B1, B2}; B1 -> B1 (spins forever); B2 returns.
        Ir ir = new Ir();
        int p = ir.p("p");
        ir.alu(p);
        ir.cbra(p, "OUT"); // B0
        ir.label("SPIN");
        ir.bra("SPIN"); // B1
        ir.label("OUT");
        ir.ret(); // B2
        KernelFunction f = ir.build();
        PostDominators pd = PostDominators.compute(f);
        assertTrue(pd.isExitLinked(1));
        assertTrue(pd.isExitLinked(2));
        assertEquals(PostDominators.VIRTUAL_EXIT, pd.ipdom(0));
        assertEquals(PostDominators.VIRTUAL_EXIT, pd.ipdom(1));
        Loops loops = Loops.compute(Dominators.compute(f));
        assertEquals(1, loops.loopCount());
        assertTrue(loops.isBackEdge(1, 1));
        assertEquals(1, loops.depth(1));

        // A kernel with no exit at all: entry -> loop header -> latch -> header.
        Ir ir2 = new Ir();
        int a = ir2.r("a");
        ir2.alu(a);
        ir2.label("H");
        ir2.alu(a, a);
        ir2.label("T");
        ir2.alu(a, a);
        ir2.bra("H");
        KernelFunction g = ir2.build();
        assertEquals(3, g.blockCount(), g.dump());
        PostDominators pg = PostDominators.compute(g);
        assertTrue(pg.isExitLinked(2));
        assertEquals(1, pg.ipdom(0));
        assertEquals(2, pg.ipdom(1));
        assertEquals(PostDominators.VIRTUAL_EXIT, pg.ipdom(2));
    }

    @Test
    void nestedLoops_depthAndFrequency() {
        Ir ir = new Ir();
        int p = ir.p("p");
        int q = ir.p("q");
        int a = ir.r("a");
        ir.alu(a); // B0
        ir.label("OUTER");
        ir.alu(a, a); // B1
        ir.label("INNER");
        ir.alu(a, a);
        ir.alu(p, a);
        ir.cbra(p, "INNER"); // B2
        ir.alu(q, a);
        ir.cbra(q, "OUTER"); // B3
        ir.store(a);
        ir.ret(); // B4
        KernelFunction f = ir.build();
        assertEquals(5, f.blockCount(), f.dump());
        Dominators d = Dominators.compute(f);
        Loops loops = Loops.compute(d);
        assertEquals(2, loops.loopCount());
        assertEquals(1, loops.loopHeader(0));
        assertEquals(2, loops.loopHeader(1));
        assertEquals(-1, loops.loopParent(0));
        assertEquals(0, loops.loopParent(1));
        assertEquals(2, loops.loopDepth(1));
        assertEquals(3, loops.loopBlockCount(0));
        assertEquals(1, loops.loopBlock(0, 0));
        assertEquals(3, loops.loopBlock(0, 2));
        assertEquals(1, loops.loopBlockCount(1));
        assertArrayEquals(new int[] {0, 1, 2, 1, 0},
                new int[] {loops.depth(0), loops.depth(1), loops.depth(2), loops.depth(3), loops.depth(4)});
        assertEquals(-1, loops.header(0));
        assertEquals(1, loops.header(1));
        assertEquals(2, loops.header(2));
        assertEquals(1, loops.header(3));
        assertTrue(loops.isLoopHeader(1));
        assertTrue(loops.isLoopHeader(2));
        assertFalse(loops.isLoopHeader(3));
        assertTrue(loops.isBackEdge(3, 1));
        assertTrue(loops.isBackEdge(2, 2));
        assertFalse(loops.isBackEdge(1, 2));
        assertFalse(loops.isBackEdge(3, 2)); // no such edge, though 2 does not dominate 3 anyway
        assertTrue(loops.contains(0, 2));
        assertFalse(loops.contains(1, 3));
        assertEquals(0, loops.irreducibleEdgeCount());

        BlockFrequency bf = BlockFrequency.compute(loops, 10.0);
        assertEquals(1.0, bf.freq(0));
        assertEquals(10.0, bf.freq(1));
        assertEquals(100.0, bf.freq(2));
        assertEquals(10.0, bf.freq(3));
        assertEquals(1.0, bf.freq(4));

        BlockFrequency huge = BlockFrequency.compute(loops, 1e20);
        assertEquals(BlockFrequency.MAX_FREQUENCY, huge.freq(2));
        assertEquals(1e20, huge.freq(1));
    }

    @Test
    void blockFrequency_rejectsNonsenseIterationCounts() {
        Loops loops = Loops.compute(Dominators.compute(diamond()));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BlockFrequency.compute(loops, Double.NaN));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BlockFrequency.compute(loops, -1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> BlockFrequency.compute(loops, Double.POSITIVE_INFINITY));
    }

    @Test
    void multipleBackEdgesToOneHeader_mergeIntoOneLoop() {
        // H: @p bra A; B: @q bra H (back edge 1); A: @r bra H (back edge 2); exit.
        Ir ir = new Ir();
        int p = ir.p("p");
        ir.alu(p); // B0
        ir.label("H");
        ir.cbra(p, "A"); // B1
        ir.cbra(p, "H"); // B2
        ir.bra("X"); // B3
        ir.label("A");
        ir.cbra(p, "H"); // B4
        ir.label("X");
        ir.ret(); // B5
        KernelFunction f = ir.build();
        Loops loops = Loops.compute(Dominators.compute(f));
        assertEquals(1, loops.loopCount(), f.dump());
        assertEquals(1, loops.loopHeader(0));
        assertEquals(3, loops.loopBlockCount(0)); // H, B2, A (B3 leaves the loop)
        assertTrue(loops.contains(0, 4));
        assertFalse(loops.contains(0, 3));
    }

    @Test
    void deepChain_noStackOverflow() {
        Ir ir = new Ir();
        int p = ir.p("p");
        ir.alu(p);
        int n = 100_000;
        for (int k = 0; k < n; k++) {
            ir.label("L" + k);
            ir.cbra(p, "L" + k); // a self loop per block, and fall-through to the next
        }
        ir.ret();
        KernelFunction f = ir.build();
        Dominators d = Dominators.compute(f);
        assertEquals(f.blockCount() - 2, d.idom(f.blockCount() - 1));
        Loops loops = Loops.compute(d);
        assertEquals(n, loops.loopCount());
        PostDominators pd = PostDominators.compute(f);
        assertEquals(2, pd.ipdom(1));
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        assertTrue(u.isUniform(p));
    }
}
