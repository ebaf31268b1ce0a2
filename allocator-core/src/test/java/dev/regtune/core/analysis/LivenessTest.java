package dev.regtune.core.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import org.junit.jupiter.api.Test;

class LivenessTest {

    @Test
    void valueLiveAroundBackEdge() {
        Ir ir = new Ir();
        int i = ir.r("i");
        int s = ir.r("s");
        int n = ir.r("n"); // never defined: read before any def
        int p = ir.p("p");
        ir.alu(i);
        ir.alu(s); // B0
        ir.label("LOOP");
        ir.alu(s, s, i);
        ir.alu(i, i);
        ir.alu(p, i, n);
        ir.cbra(p, "LOOP"); // B1
        ir.store(s);
        ir.ret(); // B2
        KernelFunction f = ir.build();
        Liveness live = Liveness.compute(f);
        assertEquals(1, live.words());
        assertFalse(live.isLiveIn(0, n), "never defined: no register is held for it before its reads");
        assertFalse(live.isLiveIn(0, i));
        assertTrue(live.isLiveOut(0, i));
        assertTrue(live.isLiveIn(1, i));
        assertTrue(live.isLiveIn(1, s));
        assertTrue(live.isLiveOut(1, i), "i flows around the back edge");
        assertTrue(live.isLiveOut(1, s));
        assertFalse(live.isLiveOut(1, n), "no def of n reaches the back edge");
        assertFalse(live.isLiveOut(1, p), "p is consumed by the branch");
        assertTrue(live.isLiveIn(2, s));
        assertFalse(live.isLiveIn(2, i));
        assertFalse(live.isLiveOut(2, s));
        assertEquals(2, live.liveOutCount(1));
        long[] dst = new long[live.words()];
        live.copyLiveOut(1, dst);
        assertEquals((1L << i) | (1L << s), dst[0]);
        assertEquals(dst[0], live.liveOutWord(1, 0));
        live.copyLiveIn(2, dst);
        assertEquals(1L << s, dst[0]);

        Liveness viaDom = Liveness.compute(f, Dominators.compute(f));
        for (int b = 0; b < f.blockCount(); b++) {
            assertEquals(live.liveInWord(b, 0), viaDom.liveInWord(b, 0));
            assertEquals(live.liveOutWord(b, 0), viaDom.liveOutWord(b, 0));
        }
    }

    @Test
    void guardedDef_doesNotKill() {
        Ir ir = new Ir();
        int p = ir.p("p");
        int x = ir.r("x");
        int y = ir.r("y");
        ir.alu(x); // B0: the old x
        ir.alu(y);
        ir.label("B1");
        ir.alu(p);
        ir.guarded(p, x); // @p mov x
        ir.alu(y); // unguarded def of y kills
        ir.store(x, y);
        ir.ret();
        KernelFunction f = ir.build();
        Liveness live = Liveness.compute(f);
        assertTrue(live.isLiveIn(1, x), "the old x may survive the guarded def");
        assertFalse(live.isLiveIn(1, y));
        assertFalse(live.isLiveIn(1, p));
        assertFalse(live.isLiveIn(0, x), "no def of x has run at the entry: nothing to hold");
    }

    @Test
    void manyVregs_spanSeveralWords() {
        Ir ir = new Ir();
        int[] v = new int[150];
        for (int k = 0; k < v.length; k++) {
            v[k] = ir.r("v" + k);
        }
        ir.alu(v[0]);
        ir.alu(v[70]);
        ir.alu(v[130]);
        ir.label("A");
        ir.alu(v[149], v[0], v[70]);
        ir.label("B");
        ir.store(v[149], v[130]);
        ir.ret();
        KernelFunction f = ir.build();
        Liveness live = Liveness.compute(f);
        assertEquals(3, live.words());
        assertTrue(live.isLiveIn(1, v[0]));
        assertTrue(live.isLiveIn(1, v[70]));
        assertTrue(live.isLiveIn(1, v[130]));
        assertFalse(live.isLiveIn(1, v[149]));
        assertTrue(live.isLiveOut(1, v[149]));
        assertTrue(live.isLiveOut(1, v[130]));
        assertFalse(live.isLiveOut(1, v[70]));
        assertEquals(3, live.liveInCount(1));
        assertEquals(0, live.liveInCount(0), "nothing is defined before the entry");
    }

    // ---- LiveRanges ----

    static int[] segs(LiveRanges lr, int v) {
        int[] out = new int[2 * lr.segmentCount(v)];
        for (int k = 0; k < lr.segmentCount(v); k++) {
            out[2 * k] = lr.segStart(v, k);
            out[2 * k + 1] = lr.segEnd(v, k);
        }
        return out;
    }

    @Test
    void straightLine_exactPoints() {
        Ir ir = new Ir();
        int r0 = ir.r("r0");
        int r1 = ir.r("r1");
        int r2 = ir.rd("r2");
        int r3 = ir.r("r3");
        int unused = ir.r("unused");
        ir.alu(r0); // 0
        ir.alu(r1); // 1
        ir.alu(r2, r0, r1); // 2
        ir.alu(r3); // 3: dead def
        ir.store(r2, r0); // 4
        ir.ret(); // 5
        KernelFunction f = ir.build();
        LiveRanges lr = LiveRanges.compute(f, Liveness.compute(f));
        assertEquals(12, lr.pointCount());
        assertArrayEquals(new int[] {1, 8}, segs(lr, r0));
        assertArrayEquals(new int[] {3, 4}, segs(lr, r1));
        assertArrayEquals(new int[] {5, 8}, segs(lr, r2));
        assertArrayEquals(new int[] {7, 7}, segs(lr, r3));
        assertEquals(0, lr.segmentCount(unused));
        assertEquals(-1, lr.firstPoint(unused));
        assertEquals(1, lr.firstPoint(r0));
        assertEquals(8, lr.lastPoint(r0));
        assertEquals(8, lr.livePointCount(r0));
        assertTrue(lr.isLiveAt(r1, 4));
        assertFalse(lr.isLiveAt(r1, 5), "a use ends at the read point; the def at 2 may reuse the slot");
        assertFalse(lr.overlaps(r1, r2));
        assertTrue(lr.overlaps(r0, r2));
        assertEquals(4, lr.totalSegmentCount());

        // Pressure: r2 is 64-bit (2 slots); at point 7 r0 + r2 + r3 = 4 slots.
        int[] slots = new int[f.vregCount()];
        int[] cls = new int[f.vregCount()];
        for (int v = 0; v < f.vregCount(); v++) {
            slots[v] = f.vregSlots(v);
            cls[v] = f.vregClassId(v);
        }
        PressureProfile pp = PressureProfile.compute(lr, slots, cls);
        int[] expected = {0, 1, 1, 2, 2, 3, 3, 4, 3, 0, 0, 0};
        for (int pt = 0; pt < expected.length; pt++) {
            assertEquals(expected[pt], pp.pressureAt(1, pt), "point " + pt);
        }
        assertEquals(4, pp.maxPressure(1));
        assertEquals(7, pp.maxPoint(1));
        assertEquals(0, pp.maxPressure(5));
        assertEquals(-1, pp.maxPoint(5));
        assertEquals(0, pp.pressureAt(5, 3));

        // The caller re-classes r3 as a predicate and leaves r0 out.
        cls[r3] = 5;
        cls[r0] = 0;
        PressureProfile moved = PressureProfile.compute(lr, slots, cls);
        assertEquals(2, moved.maxPressure(1));
        assertEquals(5, moved.maxPoint(1)); // r1 alone is 1 slot; the 64-bit r2 first reaches 2
        assertEquals(1, moved.maxPressure(5));
        assertEquals(7, moved.maxPoint(5));
    }

    @Test
    void useAndDefOfSameVreg_mergeIntoOneSegment() {
        Ir ir = new Ir();
        int a = ir.r("a");
        int p = ir.p("p");
        ir.alu(a); // 0
        ir.alu(a, a); // 1: a = a + 1
        ir.alu(p); // 2
        ir.guarded(p, a, a); // 3: @p a = a (guarded: a stays live)
        ir.store(a); // 4
        ir.guarded(p, a); // 5: guarded dead def
        ir.ret(); // 6
        KernelFunction f = ir.build();
        LiveRanges lr = LiveRanges.compute(f, Liveness.compute(f));
        assertArrayEquals(new int[] {1, 8, 11, 11}, segs(lr, a));
        assertArrayEquals(new int[] {5, 10}, segs(lr, p));
    }

    @Test
    void guardedFirstDefOfValueLiveAfter_startsIt() {
        Ir ir = new Ir();
        int p = ir.p("p");
        int x = ir.r("x");
        ir.alu(p); // 0
        ir.guarded(p, x); // 1
        ir.store(x); // 2
        ir.ret(); // 3
        KernelFunction f = ir.build();
        LiveRanges lr = LiveRanges.compute(f, Liveness.compute(f));
        // No def of x may have run before instruction 1: there is no old value for the guard to
        // keep, so x lives from its write point, as an unguarded def's value would.
        assertArrayEquals(new int[] {3, 4}, segs(lr, x), "x starts at its first (guarded) def");
    }

    @Test
    void loop_segmentsAcrossBlocks() {
        Ir ir = new Ir();
        int i = ir.r("i");
        int s = ir.r("s");
        int t = ir.r("t");
        int p = ir.p("p");
        ir.alu(i); // 0
        ir.alu(s); // 1          B0 = [0,2)
        ir.label("LOOP");
        ir.alu(t, i); // 2
        ir.alu(s, s, t); // 3
        ir.alu(i, i); // 4
        ir.alu(p, i); // 5
        ir.cbra(p, "LOOP"); // 6  B1 = [2,7)
        ir.store(s); // 7
        ir.bra("END"); // 8      B2 = [7,9)
        ir.alu(t); // 9          B3 = [9,10) unreachable
        ir.label("END");
        ir.ret(); // 10          B4
        KernelFunction f = ir.build();
        assertEquals(5, f.blockCount(), f.dump());
        LiveRanges lr = LiveRanges.compute(f, Liveness.compute(f));
        assertEquals(22, lr.pointCount());
        // i: def at 0, live through B1 (live-out around the back edge) up to 2*7-1 = 13.
        assertArrayEquals(new int[] {1, 13}, segs(lr, i));
        // s: def at 1, live around the loop and into B2 up to its use at 7 -> point 14.
        assertArrayEquals(new int[] {3, 14}, segs(lr, s));
        // t: def 2 .. use 3, then a dead def in the unreachable block.
        assertArrayEquals(new int[] {5, 6, 19, 19}, segs(lr, t));
        assertArrayEquals(new int[] {11, 12}, segs(lr, p));
    }

    @Test
    void pressureProfile_rejectsBadInput() {
        KernelFunction f = DominatorsTest.diamond();
        LiveRanges lr = LiveRanges.compute(f, Liveness.compute(f));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PressureProfile.compute(lr, new int[1], new int[1]));
        int n = f.vregCount();
        int[] bad = new int[n];
        bad[0] = 7;
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PressureProfile.compute(lr, new int[n], bad));
        PressureProfile ok = PressureProfile.compute(lr, new int[n], new int[n]);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> ok.maxPressure(0));
        org.junit.jupiter.api.Assertions.assertThrows(IndexOutOfBoundsException.class,
                () -> ok.pressureAt(1, lr.pointCount()));
        assertEquals(0, ok.maxPressure(dev.regtune.core.ir.RegClass.R));
        assertEquals(InstrKind.STORE_GLOBAL, f.instrKind(f.blockStart(3)));
    }
}
