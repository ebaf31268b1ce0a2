package dev.regtune.core.fatpoint;

import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Lazy reloads (knob RegTuneReuseReloads): a use of a value spilled to memory reads the register
 * its previous occurrence in the same block left it in (the def's, before its store, or an earlier
 * reload's) when no other value takes that register in between, instead of loading it again.
 * ptxas 13.0.88 issues about 1.1 bytes of spill loads per byte of spill stores on corpus-real
 * (median over the runs where both spill, sm_80 and sm_90); reloading before every use gives 2.0.
 *
 * <p>Runs after the fat-point scan on its placement: it moves no unspilled value and adds no
 * register, it only lets a spilled value's use take the register of its previous occurrence, and
 * marks the use {@code reloadReused} for the measurement and the checker.
 */
final class LazyReloads {
    private LazyReloads() {
    }

    /**
     * Rewrites {@code operandSlot} and fills {@code reloadReused} for the uses of spilled values
     * that can read the register an earlier occurrence in their block holds.
     *
     * @param cls effective class per vreg
     * @param vregSlot slot per unspilled vreg (-1 when spilled)
     * @param space {@link SpillSpace} ordinal per vreg
     * @param operandSlot slot per operand of a spilled value; rewritten
     * @param reloadReused per operand: the use reads the register without a reload; filled
     * @return the number of reloads saved
     */
    static int apply(KernelFunction fn, LiveRanges ranges, int[] cls, int[] vregSlot,
            byte[] space, int[] operandSlot, boolean[] reloadReused) {
        int[] windows = candidateWindows(fn, cls, vregSlot, space, operandSlot);
        if (windows.length == 0) {
            return 0;
        }
        return reuse(fn, occupancy(fn, ranges, cls, vregSlot, operandSlot, windows), cls, vregSlot, space,
                operandSlot, reloadReused);
    }

    /**
     * Who holds each (class, slot) at each point of the blocks where a use may reuse a register
     * ({@code windows}): unspilled values over their live ranges, spilled ones at their operands.
     * Counts, so that a value's own occupancy can be lifted. The stage's loops over the function
     * live in methods of their own, so that C2 compiles each on its own instead of the whole stage
     * once per loop it enters by on-stack replacement.
     */
    private static Occupancy occupancy(KernelFunction fn, LiveRanges ranges, int[] cls, int[] vregSlot,
            int[] operandSlot, int[] windows) {
        int n = fn.vregCount();
        Occupancy occ = new Occupancy(2 * fn.instrCount() + 2);
        for (int v = 0; v < n; v++) {
            if (vregSlot[v] < 0 || cls[v] <= 0) {
                continue;
            }
            int[] segs = ranges.segments(v);
            for (int k = 0; k + 1 < segs.length; k += 2) {
                addClipped(occ, windows, cls[v], vregSlot[v], fn.vregSlots(v), segs[k], segs[k + 1]);
            }
        }
        // Occurrences of a value at one point share one register (the checker's rule): counted once.
        int[] seen = new int[n];
        Arrays.fill(seen, -1);
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.useCount(i); k++) {
                addOperand(fn, occ, windows, cls, vregSlot, operandSlot, fn.useOperand(i, k), 2 * i, seen);
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                addOperand(fn, occ, windows, cls, vregSlot, operandSlot, fn.defOperand(i, k), 2 * i + 1, seen);
            }
        }
        return occ;
    }

    /**
     * Lets each use of a value in memory read the register its last occurrence in the block holds
     * when {@code occ} says it stays free until then; returns the number of reloads saved.
     */
    private static int reuse(KernelFunction fn, Occupancy occ, int[] cls, int[] vregSlot, byte[] space,
            int[] operandSlot, boolean[] reloadReused) {
        int n = fn.vregCount();
        // The last occurrence of each value: its point, its slot and its block.
        int[] lastPoint = new int[n];
        int[] lastSlot = new int[n];
        int[] lastBlock = new int[n];
        Arrays.fill(lastBlock, -1);
        int[] seen = new int[n];
        Arrays.fill(seen, -1);
        int saved = 0;
        for (int i = 0; i < fn.instrCount(); i++) {
            int block = fn.blockOf(i);
            int read = 2 * i;
            for (int k = 0; k < fn.useCount(i); k++) {
                int op = fn.useOperand(i, k);
                int v = fn.operandVreg(op);
                if (!inMemory(v, vregSlot, space, cls) || operandSlot[op] < 0) {
                    continue;
                }
                if (seen[v] == i) {
                    continue; // another use of v at this instruction: handled with the first
                }
                seen[v] = i;
                int width = fn.vregSlots(v);
                int mine = operandSlot[op];
                int held = lastSlot[v];
                if (lastBlock[v] == block && held >= 0) {
                    occ.remove(cls[v], mine, width, read, read);
                    if (occ.free(cls[v], held, width, lastPoint[v] + 1, read)) {
                        occ.add(cls[v], held, width, lastPoint[v] + 1, read);
                        setUses(fn, i, v, held, operandSlot, reloadReused);
                        saved++;
                        mine = held;
                    } else {
                        occ.add(cls[v], mine, width, read, read);
                    }
                }
                lastPoint[v] = read;
                lastSlot[v] = mine;
                lastBlock[v] = block;
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                int op = fn.defOperand(i, k);
                int v = fn.operandVreg(op);
                if (!inMemory(v, vregSlot, space, cls) || operandSlot[op] < 0) {
                    continue;
                }
                lastPoint[v] = 2 * i + 1;
                lastSlot[v] = operandSlot[op];
                lastBlock[v] = block;
            }
        }
        return saved;
    }

    /**
     * The point ranges ({@code [start, end]} pairs, sorted, disjoint) of the blocks in which a use of
     * a value in memory follows another occurrence of it: the only places a reload can be reused.
     */
    private static int[] candidateWindows(KernelFunction fn, int[] cls, int[] vregSlot, byte[] space,
            int[] operandSlot) {
        int[] lastBlock = new int[fn.vregCount()];
        Arrays.fill(lastBlock, -1);
        boolean[] candidate = new boolean[fn.blockCount()];
        int count = 0;
        for (int i = 0; i < fn.instrCount(); i++) {
            int block = fn.blockOf(i);
            for (int k = 0; k < fn.useCount(i); k++) {
                int op = fn.useOperand(i, k);
                int v = fn.operandVreg(op);
                if (inMemory(v, vregSlot, space, cls) && operandSlot[op] >= 0) {
                    if (lastBlock[v] == block && !candidate[block]) {
                        candidate[block] = true;
                        count++;
                    }
                    lastBlock[v] = block;
                }
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                int op = fn.defOperand(i, k);
                int v = fn.operandVreg(op);
                if (inMemory(v, vregSlot, space, cls) && operandSlot[op] >= 0) {
                    lastBlock[v] = block;
                }
            }
        }
        int[] out = new int[2 * count];
        int w = 0;
        for (int b = 0; b < fn.blockCount(); b++) {
            if (candidate[b] && fn.blockEnd(b) > fn.blockStart(b)) {
                out[w++] = 2 * fn.blockStart(b);
                out[w++] = 2 * fn.blockEnd(b) - 1;
            }
        }
        return Arrays.copyOf(out, w);
    }

    /** Adds {@code [from, to]} of slots {@code [slot, slot + width)} where it meets the windows. */
    private static void addClipped(Occupancy occ, int[] windows, int cls, int slot, int width, int from, int to) {
        // The first window that ends at or after from: windows are sorted by start and by end.
        int lo = 0;
        int hi = windows.length / 2;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (windows[2 * mid + 1] < from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int k = lo; k < windows.length / 2 && windows[2 * k] <= to; k++) {
            occ.add(cls, slot, width, Math.max(from, windows[2 * k]), Math.min(to, windows[2 * k + 1]));
        }
    }

    private static boolean inMemory(int v, int[] vregSlot, byte[] space, int[] cls) {
        if (vregSlot[v] >= 0 || cls[v] <= 0) {
            return false;
        }
        SpillSpace sp = SpillSpace.values()[space[v]];
        return sp == SpillSpace.LMEM || sp == SpillSpace.SMEM;
    }

    /** Every use of {@code v} at {@code i} reads {@code slot} without a reload. */
    private static void setUses(KernelFunction fn, int i, int v, int slot, int[] operandSlot,
            boolean[] reloadReused) {
        for (int k = 0; k < fn.useCount(i); k++) {
            int op = fn.useOperand(i, k);
            if (fn.operandVreg(op) == v) {
                operandSlot[op] = slot;
                reloadReused[op] = true;
            }
        }
    }

    private static void addOperand(KernelFunction fn, Occupancy occ, int[] windows, int[] cls, int[] vregSlot,
            int[] operandSlot, int op, int point, int[] seen) {
        int v = fn.operandVreg(op);
        if (vregSlot[v] >= 0 || cls[v] <= 0 || operandSlot[op] < 0 || seen[v] == point) {
            return;
        }
        seen[v] = point;
        addClipped(occ, windows, cls[v], operandSlot[op], fn.vregSlots(v), point, point);
    }

    /** How many values hold each slot of each class at each point (slots of one class are independent). */
    private static final class Occupancy {
        private final int points;
        private final Map<Long, int[]> count = new HashMap<>();

        Occupancy(int points) {
            this.points = points;
        }

        private int[] of(int cls, int slot) {
            return count.computeIfAbsent(((long) cls << 32) | slot, k -> new int[points]);
        }

        void add(int cls, int slot, int from, int to) {
            int[] c = of(cls, slot);
            for (int p = from; p <= to; p++) {
                c[p]++;
            }
        }

        void add(int cls, int slot, int width, int from, int to) {
            for (int s = 0; s < width; s++) {
                add(cls, slot + s, from, to);
            }
        }

        void remove(int cls, int slot, int width, int from, int to) {
            for (int s = 0; s < width; s++) {
                int[] c = of(cls, slot + s);
                for (int p = from; p <= to; p++) {
                    c[p]--;
                }
            }
        }

        boolean free(int cls, int slot, int width, int from, int to) {
            for (int s = 0; s < width; s++) {
                int[] c = count.get(((long) cls << 32) | (slot + s));
                if (c == null) {
                    continue;
                }
                for (int p = from; p <= to; p++) {
                    if (c[p] > 0) {
                        return false;
                    }
                }
            }
            return true;
        }
    }
}
