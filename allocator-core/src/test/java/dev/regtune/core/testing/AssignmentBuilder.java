package dev.regtune.core.testing;

import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.alloc.SpillSpace;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Writes {@link Assignment}s by hand for tests, or copies one to mutate it. Starts with every
 * vreg that occurs as an operand in its declared class, without a register, not spilled; every
 * operand slot -1; budgets R 255, R2 255, UR 63, UR4 63, P 7, T 255.
 */
public final class AssignmentBuilder {
    private final int[] vregClass;
    private final int[] vregSlot;
    private final byte[] spillSpace;
    private final int[] spillOffset;
    private final int[] operandSlot;
    private final int[] classBudget;
    private final boolean[] reloadReused;

    private AssignmentBuilder(int[] vregClass, int[] vregSlot, byte[] spillSpace, int[] spillOffset,
            int[] operandSlot, int[] classBudget, boolean[] reloadReused) {
        this.vregClass = vregClass;
        this.vregSlot = vregSlot;
        this.spillSpace = spillSpace;
        this.spillOffset = spillOffset;
        this.operandSlot = operandSlot;
        this.classBudget = classBudget;
        this.reloadReused = reloadReused;
    }

    public static AssignmentBuilder forFunction(KernelFunction fn) {
        int n = fn.vregCount();
        int[] cls = new int[n];
        for (int op = 0; op < fn.operandCount(); op++) {
            int v = fn.operandVreg(op);
            cls[v] = fn.vregClassId(v);
        }
        int[] slots = new int[n];
        Arrays.fill(slots, -1);
        int[] offsets = new int[n];
        Arrays.fill(offsets, -1);
        int[] opSlots = new int[fn.operandCount()];
        Arrays.fill(opSlots, -1);
        return new AssignmentBuilder(cls, slots, new byte[n], offsets, opSlots, new int[] {0, 255, 255, 63, 63, 7, 255},
                new boolean[opSlots.length]);
    }

    /** A copy of {@code a} (for a function with {@code a.vregCount()} vregs), to mutate. */
    public static AssignmentBuilder copyOf(Assignment a) {
        int n = a.vregCount();
        int[] cls = new int[n];
        int[] slots = new int[n];
        byte[] spaces = new byte[n];
        int[] offsets = new int[n];
        for (int v = 0; v < n; v++) {
            cls[v] = a.classOf(v);
            slots[v] = a.slotOf(v);
            spaces[v] = (byte) a.spillSpace(v).ordinal();
            offsets[v] = a.spillOffset(v);
        }
        int[] opSlots = new int[a.operandCount()];
        boolean[] reused = new boolean[opSlots.length];
        for (int op = 0; op < opSlots.length; op++) {
            opSlots[op] = a.operandSlot(op);
            reused[op] = a.reloadReused(op);
        }
        int[] budgets = new int[7];
        for (int c = 1; c <= 6; c++) {
            budgets[c] = a.classBudget(c);
        }
        return new AssignmentBuilder(cls, slots, spaces, offsets, opSlots, budgets, reused);
    }

    public AssignmentBuilder slot(int v, int slot) {
        vregSlot[v] = slot;
        return this;
    }

    public AssignmentBuilder classOf(int v, int classId) {
        vregClass[v] = classId;
        return this;
    }

    /** Spills {@code v} (its register becomes -1). */
    public AssignmentBuilder spill(int v, SpillSpace space, int offset) {
        spillSpace[v] = (byte) space.ordinal();
        spillOffset[v] = offset;
        vregSlot[v] = -1;
        return this;
    }

    public AssignmentBuilder operandSlot(int op, int slot) {
        operandSlot[op] = slot;
        return this;
    }

    /** Marks use operand {@code op} as reading an earlier reload's register instead of reloading. */
    public AssignmentBuilder reloadReused(int op, boolean reused) {
        reloadReused[op] = reused;
        return this;
    }

    public AssignmentBuilder budget(int classId, int slots) {
        classBudget[classId] = slots;
        return this;
    }

    public int slotOf(int v) {
        return vregSlot[v];
    }

    public Assignment build() {
        return new Assignment(vregClass.clone(), vregSlot.clone(), spillSpace.clone(), spillOffset.clone(),
                operandSlot.clone(), classBudget.clone(), reloadReused.clone());
    }
}
