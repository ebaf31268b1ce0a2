package dev.regtune.core.coalesce;

import dev.regtune.core.ir.RegClass;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.ir.KernelFunction;

/**
 * A function after CICC's copy coalescer: the function the allocator then sees ({@link
 * #coalesced()}: merged registers renamed to their representative, merged copies turned into
 * copies of a register to itself) and the way back to the original function's registers.
 *
 * @param original the function as parsed
 * @param coalesced the function the allocator allocates; same instructions and operand indices
 * @param representative per vreg of the original, the vreg it was merged into (itself when not merged)
 * @param removedCopy per instruction, whether the coalescer removed it (a merged copy)
 * @param report copies seen, merged and left
 */
public record CoalescedFunction(KernelFunction original, KernelFunction coalesced, int[] representative,
        boolean[] removedCopy, CopyCoalescing report) {

    /** The function unchanged: the coalescer did not run. */
    public static CoalescedFunction unchanged(KernelFunction fn) {
        int[] rep = new int[fn.vregCount()];
        for (int v = 0; v < rep.length; v++) {
            rep[v] = v;
        }
        return new CoalescedFunction(fn, fn, rep, new boolean[fn.instrCount()], CopyCoalescing.NONE);
    }

    /**
     * The assignment of the original function that {@code a}, an assignment of {@link
     * #coalesced()}, stands for: every register takes its representative's placement (merged
     * registers never overlap, so they share it safely); operand slots are unchanged, because
     * operand indices are.
     */
    public Assignment lift(Assignment a) {
        if (coalesced == original) {
            return a;
        }
        int n = original.vregCount();
        boolean[] occurs = new boolean[n];
        for (int op = 0; op < original.operandCount(); op++) {
            occurs[original.operandVreg(op)] = true;
        }
        int[] cls = new int[n];
        int[] slot = new int[n];
        byte[] space = new byte[n];
        int[] offset = new int[n];
        for (int v = 0; v < n; v++) {
            int r = representative[v];
            cls[v] = occurs[v] ? a.classOf(r) : 0;
            slot[v] = occurs[v] ? a.slotOf(r) : -1;
            space[v] = occurs[v] ? (byte) a.spillSpace(r).ordinal() : 0;
            offset[v] = occurs[v] ? a.spillOffset(r) : -1;
        }
        int ops = a.operandCount();
        int[] operandSlot = new int[ops];
        boolean[] reused = new boolean[ops];
        int[] budget = new int[RegClass.ID_LIMIT];
        for (int op = 0; op < ops; op++) {
            operandSlot[op] = a.operandSlot(op);
            reused[op] = a.reloadReused(op);
        }
        for (RegClass c : RegClass.values()) {
            budget[c.id()] = a.classBudget(c.id());
        }
        return new Assignment(cls, slot, space, offset, operandSlot, budget, reused);
    }
}
