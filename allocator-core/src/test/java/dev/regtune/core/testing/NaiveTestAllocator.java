package dev.regtune.core.testing;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import java.util.SplittableRandom;

/**
 * A trivially valid allocator for tests: every value that occurs gets its own registers, distinct
 * from every other value's, aligned as its pair mode demands, with a budget exactly as large as
 * that needs. Nothing interferes because nothing shares, so the checker must accept the result
 * whatever the liveness is; tests then break it on purpose.
 */
public final class NaiveTestAllocator {
    private NaiveTestAllocator() {
    }

    /** Spills nothing. */
    public static Assignment allocate(KernelFunction fn) {
        return allocate(fn, 0.0, 0L);
    }

    /**
     * Spills about {@code spillFraction} of the values (chosen with {@code seed}) to local memory,
     * each at its own offset, and gives each spilled value one register of its own for all its
     * operand occurrences. Still trivially valid.
     */
    public static Assignment allocate(KernelFunction fn, double spillFraction, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        AssignmentBuilder b = AssignmentBuilder.forFunction(fn);
        boolean[] occurs = new boolean[fn.vregCount()];
        for (int op = 0; op < fn.operandCount(); op++) {
            occurs[fn.operandVreg(op)] = true;
        }
        int[] next = new int[7];
        int[] ownSlot = new int[fn.vregCount()];
        int offset = 0;
        for (int v = 0; v < fn.vregCount(); v++) {
            if (!occurs[v]) {
                continue;
            }
            int c = fn.vregClassId(v);
            int slot = align(next[c], fn.pairMode(v));
            next[c] = slot + fn.vregSlots(v);
            ownSlot[v] = slot;
            if (spillFraction > 0 && rnd.nextDouble() < spillFraction) {
                b.spill(v, SpillSpace.LMEM, offset);
                offset += 4 * fn.vregSlots(v);
            } else {
                b.slot(v, slot);
            }
        }
        Assignment noOperands = b.build();
        for (int op = 0; op < fn.operandCount(); op++) {
            int v = fn.operandVreg(op);
            if (noOperands.isSpilled(v)) {
                b.operandSlot(op, ownSlot[v]);
            }
        }
        for (int c = 1; c <= 6; c++) {
            b.budget(c, next[c]);
        }
        return b.build();
    }

    /** The first slot at or after {@code slot} that {@code mode} accepts. */
    public static int align(int slot, PairMode mode) {
        int s = slot;
        while (!mode.accepts(s)) {
            s++;
        }
        return s;
    }
}
