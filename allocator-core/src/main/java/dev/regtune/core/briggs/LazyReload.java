package dev.regtune.core.briggs;

import dev.regtune.core.ir.RegClass;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Phase 6 of seed 002, lazy reload with redundant-reload elimination: reloads sit immediately
 * before their use, and a reload is removed when an earlier occurrence of the same spilled value
 * that dominates it (its def, or a use that reloaded it, earlier in the same block) left the
 * value in a register that nothing else has taken since. The use then reads that register, which
 * stays occupied from the earlier occurrence to the use.
 *
 * <p>Works on the final placement: {@code occupancy} records, per class, slot and program point,
 * whether a register is taken; it is updated as reloads are removed, so later decisions see the
 * registers earlier ones kept busy.
 */
final class LazyReload {
    private final KernelFunction fn;
    private final int points;
    private final int words;
    /** Per class id: slot-major bit grid of taken (slot, point) pairs; null for classes without registers. */
    private final long[][] taken;

    LazyReload(KernelFunction fn, int[] classBudget) {
        this.fn = fn;
        this.points = 2 * fn.instrCount();
        this.words = (points + 63) >>> 6;
        taken = new long[RegClass.ID_LIMIT][];
        for (RegClass c : RegClass.values()) {
            taken[c.id()] = new long[Math.max(1, classBudget[c.id()]) * words];
        }
    }

    /**
     * Marks {@code width} slots from {@code slot} of class {@code c} taken over points [from, to],
     * a word of 64 points at a time (live segments span thousands of points on a large kernel).
     */
    void occupy(int c, int slot, int width, int from, int to) {
        if (from > to) {
            return;
        }
        long[] grid = taken[c];
        int first = from >>> 6;
        int last = to >>> 6;
        long head = -1L << from;
        long tail = -1L >>> (63 - (to & 63));
        for (int s = slot; s < slot + width; s++) {
            int base = s * words;
            if (first == last) {
                grid[base + first] |= head & tail;
                continue;
            }
            grid[base + first] |= head;
            Arrays.fill(grid, base + first + 1, base + last, -1L);
            grid[base + last] |= tail;
        }
    }

    private void release(int c, int slot, int width, int point) {
        for (int s = slot; s < slot + width; s++) {
            taken[c][s * words + (point >>> 6)] &= ~(1L << point);
        }
    }

    /** Whether {@code width} slots from {@code slot} of class {@code c} are free over points [from, to]. */
    boolean free(int c, int slot, int width, int from, int to) {
        if (from > to) {
            return true;
        }
        long[] grid = taken[c];
        int first = from >>> 6;
        int last = to >>> 6;
        long head = -1L << from;
        long tail = -1L >>> (63 - (to & 63));
        for (int s = slot; s < slot + width; s++) {
            int base = s * words;
            if (first == last) {
                if ((grid[base + first] & head & tail) != 0) {
                    return false;
                }
                continue;
            }
            if ((grid[base + first] & head) != 0 || (grid[base + last] & tail) != 0) {
                return false;
            }
            for (int w = first + 1; w < last; w++) {
                if (grid[base + w] != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Removes redundant reloads of the values {@code reloadable} marks, rewriting their use
     * operands' slots in {@code operandSlot} and setting {@code reused}. Returns the number removed.
     */
    int apply(int[] classOf, boolean[] reloadable, int[] operandSlot, boolean[] reused) {
        int n = fn.vregCount();
        int[] heldSlot = new int[n];
        int[] heldPoint = new int[n];
        int[] heldBlock = new int[n];
        Arrays.fill(heldBlock, -1);
        int removed = 0;
        for (int b = 0; b < fn.blockCount(); b++) {
            for (int i = fn.blockStart(b); i < fn.blockEnd(b); i++) {
                for (int k = 0; k < fn.useCount(i); k++) {
                    int op = fn.useOperand(i, k);
                    int v = fn.operandVreg(op);
                    if (!reloadable[v] || firstUseOf(i, k, v) != k) {
                        continue;
                    }
                    int c = classOf[v];
                    int w = fn.vregSlots(v);
                    int point = LiveRanges.readPoint(i);
                    if (heldBlock[v] == b && heldSlot[v] >= 0) {
                        int r = heldSlot[v];
                        release(c, operandSlot[op], w, point);
                        if (free(c, r, w, heldPoint[v] + 1, point)) {
                            occupy(c, r, w, heldPoint[v] + 1, point);
                            for (int j = k; j < fn.useCount(i); j++) {
                                if (fn.use(i, j) == v) {
                                    operandSlot[fn.useOperand(i, j)] = r;
                                    reused[fn.useOperand(i, j)] = true;
                                }
                            }
                            removed++;
                        } else {
                            occupy(c, operandSlot[op], w, point, point);
                        }
                    }
                    heldBlock[v] = b;
                    heldSlot[v] = operandSlot[op];
                    heldPoint[v] = point;
                }
                for (int k = 0; k < fn.defCount(i); k++) {
                    int op = fn.defOperand(i, k);
                    int v = fn.operandVreg(op);
                    if (reloadable[v]) {
                        heldBlock[v] = b;
                        heldSlot[v] = operandSlot[op];
                        heldPoint[v] = LiveRanges.writePoint(i);
                    }
                }
            }
        }
        return removed;
    }

    private int firstUseOf(int i, int k, int v) {
        for (int j = 0; j < k; j++) {
            if (fn.use(i, j) == v) {
                return j;
            }
        }
        return k;
    }
}
