package dev.regtune.core.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.testing.RandomKernels;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * The checker's liveness against a brute-force oracle that walks the graph of program points
 * backwards from every use, and the pressure profile of the random kernels.
 */
class LiveRangesTest {

    @Test
    void agreesWithAPointByPointSearchOnRandomKernels() {
        for (long seed = 0; seed < 300; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, 3 + (int) (seed * 37 % 300));
            LiveRanges live = LiveRanges.compute(fn);
            for (int v = 0; v < fn.vregCount(); v++) {
                boolean[] expected = oracle(fn, v);
                boolean[] actual = new boolean[2 * fn.instrCount()];
                for (int k = 0; k < live.intervalCount(v); k++) {
                    assertTrue(live.from(v, k) <= live.to(v, k));
                    if (k > 0) {
                        assertTrue(live.to(v, k - 1) + 1 < live.from(v, k), "intervals sorted, disjoint, merged");
                    }
                    for (int p = live.from(v, k); p <= live.to(v, k); p++) {
                        actual[p] = true;
                    }
                }
                int vreg = v;
                long s = seed;
                assertArrayEquals(expected, actual, () -> "seed " + s + ", " + fn.vregName(vreg) + "\n" + fn.dump());
            }
        }
    }

    /**
     * Live points of {@code v} by definition: every def occurrence's write point, and every point
     * from which a path of points leads to a use without passing a def that kills (an unguarded
     * one, a guarded one whose values are read under its guard only, or a guarded first def in a
     * block that no def of {@code v} reaches), crossing into a
     * predecessor block only where some def of {@code v} may have run by that block's end.
     */
    private static boolean[] oracle(KernelFunction fn, int v) {
        int n = fn.instrCount();
        boolean[] live = new boolean[2 * n];
        boolean[] reached = new boolean[2 * n];
        boolean[] definedAtEnd = definedAtEnd(fn, v);
        Deque<Integer> work = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < fn.defCount(i); k++) {
                if (fn.def(i, k) == v) {
                    live[2 * i + 1] = true;
                }
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                if (fn.use(i, k) == v) {
                    work.push(2 * i);
                }
            }
        }
        while (!work.isEmpty()) {
            int p = work.pop();
            if (reached[p]) {
                continue;
            }
            reached[p] = true;
            live[p] = true;
            int i = p / 2;
            if ((p & 1) == 1) {
                // Live after i: live before i too, unless i overwrites v for sure.
                boolean kills = false;
                for (int k = 0; k < fn.defCount(i); k++) {
                    kills |= fn.def(i, k) == v && (!fn.instrHas(i, InstrFlags.GUARDED)
                            || fn.instrHas(i, InstrFlags.GUARD_SCOPED_DEFS) || startsValue(fn, i, v, definedAtEnd));
                }
                if (!kills) {
                    work.push(2 * i);
                }
            } else if (i > fn.blockStart(fn.blockOf(i))) {
                work.push(2 * i - 1);
            } else {
                pushPredecessorEnds(fn, fn.blockOf(i), work, new boolean[fn.blockCount()], definedAtEnd);
            }
        }
        return live;
    }

    /**
     * Whether guarded instruction {@code i} is the first def of {@code v} in its block and no def
     * of {@code v} may have run by the block's entry: there is no old value for the guard to keep.
     */
    private static boolean startsValue(KernelFunction fn, int i, int v, boolean[] definedAtEnd) {
        int b = fn.blockOf(i);
        for (int j = fn.blockStart(b); j < i; j++) {
            for (int k = 0; k < fn.defCount(j); k++) {
                if (fn.def(j, k) == v) {
                    return false;
                }
            }
        }
        return !definedAtEntry(fn, b, definedAtEnd);
    }

    /** Whether some def of {@code v} may have run by the entry of block {@code b}: by the end of a predecessor. */
    private static boolean definedAtEntry(KernelFunction fn, int b, boolean[] definedAtEnd) {
        for (int k = 0; k < fn.predCount(b); k++) {
            int q = fn.pred(b, k);
            if (definedAtEnd[q]) {
                return true;
            }
        }
        return false;
    }

    /** Pushes the write point of the last instruction of every predecessor, looking through empty blocks. */
    private static void pushPredecessorEnds(KernelFunction fn, int b, Deque<Integer> work, boolean[] seen,
            boolean[] definedAtEnd) {
        for (int k = 0; k < fn.predCount(b); k++) {
            int q = fn.pred(b, k);
            if (!definedAtEnd[q]) {
                continue;
            }
            if (fn.blockEnd(q) > fn.blockStart(q)) {
                work.push(2 * (fn.blockEnd(q) - 1) + 1);
            } else if (!seen[q]) {
                seen[q] = true;
                pushPredecessorEnds(fn, q, work, seen, definedAtEnd);
            }
        }
    }

    /** Per block, whether a path from some def of {@code v} reaches the block's end: a forward search. */
    private static boolean[] definedAtEnd(KernelFunction fn, int v) {
        boolean[] at = new boolean[fn.blockCount()];
        Deque<Integer> work = new ArrayDeque<>();
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.defCount(i); k++) {
                if (fn.def(i, k) == v) {
                    work.push(fn.blockOf(i));
                }
            }
        }
        while (!work.isEmpty()) {
            int b = work.pop();
            if (at[b]) {
                continue;
            }
            at[b] = true;
            for (int k = 0; k < fn.succCount(b); k++) {
                work.push(fn.succ(b, k));
            }
        }
        return at;
    }

    @Test
    void randomKernelsRangeFromTinyToFarAbove255LiveValues() {
        int tiny = 0;
        int above255 = 0;
        for (long seed = 0; seed < 60; seed++) {
            KernelFunction fn = RandomKernels.generate(seed, 1500);
            int max = maxLiveSlots(fn, RegClass.R);
            if (max <= 32) {
                tiny++;
            }
            if (max > 255) {
                above255++;
            }
        }
        assertTrue(tiny >= 5, "kernels with tiny pressure: " + tiny);
        assertTrue(above255 >= 5, "kernels with more than 255 live R slots: " + above255);
    }

    /** The most 32-bit slots of declared class {@code cls} live at one point. */
    static int maxLiveSlots(KernelFunction fn, RegClass cls) {
        LiveRanges live = LiveRanges.compute(fn);
        int[] delta = new int[live.pointCount() + 1];
        for (int v = 0; v < fn.vregCount(); v++) {
            if (fn.vregClass(v) != cls) {
                continue;
            }
            for (int k = 0; k < live.intervalCount(v); k++) {
                delta[live.from(v, k)] += fn.vregSlots(v);
                delta[live.to(v, k) + 1] -= fn.vregSlots(v);
            }
        }
        int max = 0;
        int cur = 0;
        for (int d : delta) {
            cur += d;
            max = Math.max(max, cur);
        }
        return max;
    }
}
