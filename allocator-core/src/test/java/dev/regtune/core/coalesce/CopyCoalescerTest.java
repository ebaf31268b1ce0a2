package dev.regtune.core.coalesce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

/** CICC's copy coalescer (seed 003) on hand-built functions whose answers are known. */
class CopyCoalescerTest {
    private static final Knobs DEFAULTS = Knobs.defaults();

    @Test
    void mergesASameClassCopyWhoseSourceDiesThere() {
        Kernel k = new Kernel();
        int a = k.b32("%r1");
        int b = k.b32("%r2");
        KernelFunction fn = k.alu(a).mov(b, a).store(b).build();
        CoalescedFunction cf = Kernel.coalesce(fn, DEFAULTS);
        assertEquals(new CopyCoalescing(1, 1, 0, 1), cf.report());
        assertEquals(a, cf.representative()[b]);
        assertTrue(cf.removedCopy()[1]);
        // The allocator sees one register: the copy reads and writes the representative.
        assertEquals(a, cf.coalesced().def(1, 0));
        assertEquals(a, cf.coalesced().use(2, 0));
    }

    @Test
    void neverMergesAcrossTypedClassesEvenWhenTheRangesAreDisjoint() {
        Kernel k = new Kernel();
        int r = k.b32("%r1");
        int f = k.f32("%f1");
        int r2 = k.b32("%r2");
        int r3 = k.b32("%r3");
        // mov.b32 %f1, %r1 (Int32Regs -> Float32Regs) next to an identical same-class copy.
        KernelFunction fn = k.alu(r).mov(f, r).store(f).alu(r2).mov(r3, r2).store(r3).build();
        CoalescedFunction cf = Kernel.coalesce(fn, DEFAULTS);
        assertEquals(2, cf.report().copiesSeen());
        assertEquals(1, cf.report().copiesMerged());
        assertEquals(f, cf.representative()[f]);
        assertFalse(cf.removedCopy()[1], "the cross-class move survives");
        assertTrue(cf.removedCopy()[4]);
    }

    @Test
    void leavesACopyWhoseSourceStaysLive() {
        Kernel k = new Kernel();
        int a = k.b32("%r1");
        int b = k.b32("%r2");
        KernelFunction fn = k.alu(a).mov(b, a).store(a, b).build();
        CoalescedFunction cf = Kernel.coalesce(fn, DEFAULTS);
        assertEquals(new CopyCoalescing(1, 0, 1, 1), cf.report());
        assertTrue(cf.coalesced() == fn, "nothing merged, nothing renamed");
    }

    /**
     * x -> s -> d, with d numbered below s, so the copy into d comes off the heap first. d is
     * terminal (no other copy names it) and its source s still has the untried copy from x, so
     * the terminal rule defers it to the retry heap; the merge of x and s then lets the swapped
     * heap merge it in the second pass. Without the retry the deferred copy is left.
     */
    @Test
    void theRetryHeapMergesACopyThatAnEarlierMergeUnblocked() {
        Kernel k = new Kernel();
        int d = k.b32("%r1");
        int s = k.b32("%r2");
        int x = k.b32("%r3");
        KernelFunction fn = k.alu(x).mov(s, x).mov(d, s).store(d).build();

        CoalescedFunction cf = Kernel.coalesce(fn, DEFAULTS);
        assertEquals(new CopyCoalescing(2, 2, 0, 2), cf.report(), "two passes, both copies merged");
        assertArrayEquals(new int[] {d, d, d}, cf.representative());

        CoalescedFunction once = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.COALESCER_RETRY, 0));
        assertEquals(new CopyCoalescing(2, 1, 1, 1), once.report(), "without the retry the deferred copy is left");
        assertFalse(once.removedCopy()[2]);

        CoalescedFunction noRule = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.TERMINAL_RULE, 0));
        assertEquals(new CopyCoalescing(2, 2, 0, 1), noRule.report(), "without the terminal rule one pass does it");
    }

    @Test
    void copyLimitBoundsTheCandidatesAndCoalesceLimitTheMerges() {
        Kernel k = new Kernel();
        int[] v = new int[8];
        for (int i = 0; i < v.length; i++) {
            v[i] = k.b32("%r" + i);
        }
        for (int i = 0; i < v.length; i += 2) {
            k.alu(v[i]).mov(v[i + 1], v[i]).store(v[i + 1]);
        }
        KernelFunction fn = k.build();
        assertEquals(new CopyCoalescing(4, 4, 0, 1), Kernel.coalesce(fn, DEFAULTS).report());
        CoalescedFunction copies = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.COPY_LIMIT, 3));
        assertEquals(new CopyCoalescing(4, 3, 1, 1), copies.report());
        assertFalse(copies.removedCopy()[10], "the fourth copy in layout order is beyond copy_limit");
        CoalescedFunction merges = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.COALESCE_LIMIT, 2));
        assertEquals(2, merges.report().copiesMerged());
        CoalescedFunction off = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.JOIN_LIVEINTERVALS, 0));
        assertEquals(CopyCoalescing.NONE, off.report(), "join_liveintervals off: the pass does not run");
        assertTrue(off.coalesced() == fn);
    }

    @Test
    void theHeapBreaksTiesOnOneDestinationByWeight() {
        Kernel k = new Kernel();
        int p = k.pred("%p1");
        int d = k.b32("%r1");
        int light = k.b32("%r2");
        int heavy = k.b32("%r3");
        // PHI elimination's pattern: one copy into d on each path. Both could merge; with a
        // budget of one merge, the heavier (more used) source goes first.
        KernelFunction fn = k.alu(p).cbra(p, "other").alu(light).mov(d, light).bra("join")
                .label("other").alu(heavy).store(heavy, heavy, heavy).mov(d, heavy)
                .label("join").store(d).build();
        assertEquals(2, Kernel.coalesce(fn, DEFAULTS).report().copiesMerged());
        CoalescedFunction one = Kernel.coalesce(fn, DEFAULTS.with(KnobCatalogue.COALESCE_LIMIT, 1));
        assertEquals(1, one.report().copiesMerged());
        assertEquals(d, one.representative()[heavy], "the more-used source wins the tie on d");
        assertEquals(light, one.representative()[light]);
    }

    @Test
    void aLargeIntervalStopsJoiningAfterTheJoinThreshold() {
        Kernel k = new Kernel();
        int a = k.b32("%r1");
        int b = k.b32("%r2");
        int c = k.b32("%r3");
        // a has two definitions (two value numbers), so with a size threshold of 1 it is large.
        KernelFunction fn = k.alu(a).alu(a, a).mov(b, a).store(b).alu(c).mov(a, c).store(a).build();
        Knobs large = DEFAULTS.with(KnobCatalogue.LARGE_INTERVAL_SIZE_THRESHOLD, 1)
                .with(KnobCatalogue.LARGE_INTERVAL_FREQ_THRESHOLD, 1);
        assertEquals(2, Kernel.coalesce(fn, DEFAULTS).report().copiesMerged());
        assertEquals(1, Kernel.coalesce(fn, large).report().copiesMerged());
    }
}
