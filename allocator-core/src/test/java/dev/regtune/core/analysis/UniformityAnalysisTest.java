package dev.regtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

class UniformityAnalysisTest {

    @Test
    void sources_tidDivergent_ctaidAndParamUniform() {
        Ir ir = new Ir();
        int tid = ir.r("tid");
        int t2 = ir.r("t2");
        int cta = ir.r("ctaid");
        int ntid = ir.r("ntid");
        int base = ir.r("base");
        int rd1 = ir.rd("rd1");
        int rd2 = ir.rd("rd2");
        int val = ir.r("val");
        int c5 = ir.r("c5");
        int k = ir.r("k");
        int mixed = ir.r("mixed");
        int vote = ir.r("vote");
        int tex = ir.r("tex");
        ir.tid(tid);
        ir.alu(t2, tid);
        ir.ctaid(cta);
        ir.ctaid(ntid);
        ir.op(InstrKind.INT_MUL, base, cta, ntid);
        ir.op(InstrKind.LOAD_PARAM, rd1); // ld.param.u64 %rd1, [param]
        ir.op(InstrKind.CONVERT, rd2, rd1); // cvta.to.global
        ir.op(InstrKind.LOAD_GLOBAL, val, rd2); // uniform address, still a divergent kind
        ir.op(InstrKind.MOVE, c5); // mov.u32 %r, 5
        ir.op(InstrKind.LOAD_CONST, k, rd2); // ld.const with a uniform address
        ir.alu(mixed, base, tid);
        ir.op(InstrKind.WARP, vote, base);
        ir.op(InstrKind.TEXTURE, tex, base);
        ir.store(rd2, val, mixed, vote, tex, k, c5, t2);
        ir.ret();
        KernelFunction f = ir.build();
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        assertFalse(u.isUniform(tid));
        assertFalse(u.isUniform(t2));
        assertTrue(u.isUniform(cta));
        assertTrue(u.isUniform(base));
        assertTrue(u.isUniform(rd1));
        assertTrue(u.isUniform(rd2));
        assertFalse(u.isUniform(val));
        assertTrue(u.isUniform(c5));
        assertTrue(u.isUniform(k));
        assertFalse(u.isUniform(mixed));
        assertFalse(u.isUniform(vote));
        assertFalse(u.isUniform(tex));
        assertEquals(7, u.uniformCount());
        long[] bits = u.uniformBits();
        assertEquals(1, bits.length);
        assertEquals(7, Long.bitCount(bits[0]));
        for (int v = 0; v < f.vregCount(); v++) {
            assertEquals(u.isUniform(v), (bits[0] & (1L << v)) != 0);
        }
    }

    /** x = 0; if (p) x = 1; use x -- with p from tid (divergent) or from ctaid (uniform). */
    private static KernelFunction ifThen(boolean divergentCondition, boolean uniFlag) {
        Ir ir = new Ir();
        int src = ir.r("src");
        int p = ir.p("p");
        int x = ir.r("x");
        int y = ir.r("y");
        int z = ir.r("z");
        if (divergentCondition) {
            ir.tid(src);
        } else {
            ir.ctaid(src);
        }
        ir.alu(p, src);
        ir.alu(x);
        ir.b.branch("bra", InstrFlags.GUARDED | (uniFlag ? InstrFlags.UNIFORM_BRANCH : 0), new int[] {p},
                List.of("JOIN"), 0); // B0
        ir.alu(x); // B1: second def of x
        ir.alu(y); // B1: only def of y
        ir.label("JOIN");
        ir.alu(z); // B2: after the join, no longer control dependent
        ir.store(x, y, z);
        ir.ret();
        return ir.build();
    }

    @Test
    void valueDefinedUnderDivergentBranch_isDivergent() {
        KernelFunction f = ifThen(true, false);
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        int p = 1;
        int x = 2;
        int y = 3;
        int z = 4;
        assertFalse(u.isUniform(p));
        assertTrue(u.isDivergentBranch(0));
        assertTrue(u.isDivergentBlock(1));
        assertFalse(u.isDivergentBlock(2), "the immediate post-dominator ends the region");
        assertFalse(u.isDivergentBlock(0));
        assertFalse(u.isUniform(x), "two defs joined after a divergent branch");
        assertTrue(u.isUniform(y), "a single def in a divergent region: the executing threads agree");
        assertTrue(u.isUniform(z));
    }

    @Test
    void valueDefinedUnderUniformBranch_isUniform() {
        KernelFunction f = ifThen(false, false);
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        assertTrue(u.isUniform(1));
        assertTrue(u.isUniform(2));
        assertFalse(u.isDivergentBranch(0));
        assertFalse(u.isDivergentBlock(1));
        assertEquals(f.vregCount(), u.uniformCount());
    }

    @Test
    void uniBranch_isTrusted() {
        UniformityAnalysis u = UniformityAnalysis.compute(ifThen(true, true));
        assertFalse(u.isUniform(1));
        assertTrue(u.isUniform(2));
    }

    /** i = 0; do { i++; t = i * 2; w = base + 1; } while (i < bound); use t, i. */
    private static KernelFunction loop(boolean divergentBound) {
        Ir ir = new Ir();
        int bound = ir.r("bound");
        int base = ir.r("base");
        int i = ir.r("i");
        int t = ir.r("t");
        int w = ir.r("w");
        int p = ir.p("p");
        if (divergentBound) {
            ir.tid(bound);
        } else {
            ir.op(InstrKind.LOAD_PARAM, bound);
        }
        ir.ctaid(base);
        ir.alu(i); // B0
        ir.label("LOOP");
        ir.alu(i, i);
        ir.op(InstrKind.INT_MUL, t, i);
        ir.alu(w, base);
        ir.store(w);
        ir.alu(p, i, bound);
        ir.cbra(p, "LOOP"); // B1
        ir.store(t);
        ir.ret(); // B2
        return ir.build();
    }

    @Test
    void loopWithDivergentExit_temporalDivergence() {
        KernelFunction f = loop(true);
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        int i = 2;
        int t = 3;
        int w = 4;
        assertTrue(u.isDivergentBranch(1));
        assertTrue(u.hasDivergentExit(0));
        assertTrue(u.isDivergentBlock(1), "the loop is its own exit branch's region");
        assertFalse(u.isUniform(i), "loop-carried, defined in two blocks, one divergent");
        assertFalse(u.isUniform(t), "defined in the loop, used after its divergent exit");
        assertTrue(u.isUniform(w), "defined from uniform values and used only inside the loop");
        assertTrue(u.isUniform(1));
    }

    @Test
    void loopWithUniformExit_staysUniform() {
        KernelFunction f = loop(false);
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        assertFalse(u.hasDivergentExit(0));
        assertEquals(f.vregCount(), u.uniformCount());
    }

    @Test
    void divergenceFlowsAroundBackEdge() {
        // a is read before the (later in layout) divergent def of b reaches it through the back edge.
        Ir ir = new Ir();
        int a = ir.r("a");
        int b = ir.r("b");
        int c = ir.r("c");
        int p = ir.p("p");
        ir.alu(a);
        ir.alu(b);
        ir.ctaid(c);
        ir.label("LOOP");
        ir.alu(a, a, b);
        ir.tid(b);
        ir.alu(p, c);
        ir.cbra(p, "LOOP");
        ir.store(a);
        ir.ret();
        KernelFunction f = ir.build();
        UniformityAnalysis u = UniformityAnalysis.compute(f);
        assertFalse(u.isUniform(a));
        assertFalse(u.isUniform(b));
        assertTrue(u.isUniform(c));
        assertTrue(u.isUniform(p));
    }

    @Test
    void guardedDefUnderDivergentGuard_isDivergent() {
        Ir ir = new Ir();
        int t = ir.r("t");
        int p = ir.p("p");
        int q = ir.p("q");
        int x = ir.r("x");
        int y = ir.r("y");
        ir.tid(t);
        ir.alu(p, t);
        ir.ctaid(y);
        ir.alu(q, y);
        ir.guarded(p, x);
        ir.guarded(q, y, y);
        ir.store(x, y);
        ir.ret();
        UniformityAnalysis u = UniformityAnalysis.compute(ir.build());
        assertFalse(u.isUniform(p), "predicates are analysed too");
        assertFalse(u.isUniform(x));
        assertTrue(u.isUniform(q));
        assertTrue(u.isUniform(y));
    }

    @Test
    void paramsOfADeviceFunction_areDivergent() {
        Ir ir = new Ir(FunctionKind.FUNC);
        int a = ir.r("a");
        ir.op(InstrKind.LOAD_PARAM, a);
        ir.store(a);
        ir.ret();
        assertFalse(UniformityAnalysis.compute(ir.build()).isUniform(a));
    }

    @Test
    void divergentBranchLeavingNestedLoops_marksBothLoops() {
        Ir ir = new Ir();
        int tid = ir.r("tid");
        int p = ir.p("p");
        int q = ir.p("q");
        int inner = ir.r("inner");
        int outerOnly = ir.r("outerOnly");
        ir.tid(tid);
        ir.alu(p, tid);
        ir.ctaid(q); // B0 (q is uniform, defined by a uniform read)
        ir.label("OUTER");
        ir.alu(outerOnly); // B1
        ir.label("INNER");
        ir.alu(inner);
        ir.cbra(p, "OUT"); // B2: divergent break out of both loops
        ir.cbra(q, "INNER"); // B3
        ir.cbra(q, "OUTER"); // B4
        ir.label("OUT");
        ir.store(inner, outerOnly);
        ir.ret(); // B5
        KernelFunction f = ir.build();
        Dominators d = Dominators.compute(f);
        Loops loops = Loops.compute(d);
        assertEquals(2, loops.loopCount(), f.dump());
        UniformityAnalysis u = UniformityAnalysis.compute(d, PostDominators.compute(f), loops);
        assertTrue(u.hasDivergentExit(0));
        assertTrue(u.hasDivergentExit(1));
        assertFalse(u.isUniform(inner));
        assertFalse(u.isUniform(outerOnly));
        assertTrue(u.isUniform(q));
    }
}
