package dev.regtune.core.alloc;

import java.util.Arrays;

/**
 * The physical placement of every value of one function.
 *
 * <p>A value that is not spilled holds one slot (its first slot; pairs and quads take the
 * following ones too) over its whole live range. A spilled value lives in memory and needs a
 * register only at its own defs and uses: each such operand occurrence gets a slot in
 * {@link #operandSlot(int)} (occurrences of the same value at the same instruction share it).
 * Coalesced values simply carry the same slot.
 *
 * <p>Arrays are owned by this object and never exposed.
 */
public final class Assignment {
    private final int[] vregClass;
    private final int[] vregSlot;
    private final byte[] spillSpace;
    private final int[] spillOffset;
    private final int[] operandSlot;
    private final int[] classBudget;
    private final boolean[] reloadReused;

    /**
     * @param vregClass effective class id (1..6) per vreg, 0 for a vreg that never appears
     * @param vregSlot first physical slot per vreg, -1 when spilled or never live
     * @param spillSpace {@link SpillSpace} ordinal per vreg
     * @param spillOffset byte offset of the spill slot per spilled vreg, -1 otherwise
     * @param operandSlot slot per operand occurrence of a spilled value, -1 otherwise
     * @param classBudget slots available per class id (index 0 unused)
     */
    public Assignment(int[] vregClass, int[] vregSlot, byte[] spillSpace, int[] spillOffset, int[] operandSlot,
            int[] classBudget) {
        this(vregClass, vregSlot, spillSpace, spillOffset, operandSlot, classBudget, new boolean[operandSlot.length]);
    }

    /**
     * An assignment in which some uses of spilled values are not reloaded from memory: {@code
     * reloadReused[op]} says that use {@code op} reads the register an earlier occurrence of the
     * same value in the same block (its def, or a use that reloaded it) still holds. The
     * register is then occupied from that occurrence to this use (see the checker's rules).
     */
    public Assignment(int[] vregClass, int[] vregSlot, byte[] spillSpace, int[] spillOffset, int[] operandSlot,
            int[] classBudget, boolean[] reloadReused) {
        int n = vregClass.length;
        if (vregSlot.length != n || spillSpace.length != n || spillOffset.length != n || classBudget.length != 7
                || reloadReused.length != operandSlot.length) {
            throw new IllegalArgumentException("assignment arrays disagree in length");
        }
        this.reloadReused = reloadReused;
        this.vregClass = vregClass;
        this.vregSlot = vregSlot;
        this.spillSpace = spillSpace;
        this.spillOffset = spillOffset;
        this.operandSlot = operandSlot;
        this.classBudget = classBudget;
    }

    public int vregCount() {
        return vregClass.length;
    }

    public int classOf(int v) {
        return vregClass[v];
    }

    public int slotOf(int v) {
        return vregSlot[v];
    }

    public SpillSpace spillSpace(int v) {
        return SPACES[spillSpace[v]];
    }

    public boolean isSpilled(int v) {
        return spillSpace[v] != 0;
    }

    public int spillOffset(int v) {
        return spillOffset[v];
    }

    public int operandCount() {
        return operandSlot.length;
    }

    public int operandSlot(int op) {
        return operandSlot[op];
    }

    /** Whether use operand {@code op} of a spilled value reuses a register loaded earlier instead of reloading. */
    public boolean reloadReused(int op) {
        return reloadReused[op];
    }

    public int classBudget(int classId) {
        return classBudget[classId];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Assignment a && Arrays.equals(vregClass, a.vregClass) && Arrays.equals(vregSlot, a.vregSlot)
                && Arrays.equals(spillSpace, a.spillSpace) && Arrays.equals(spillOffset, a.spillOffset)
                && Arrays.equals(operandSlot, a.operandSlot) && Arrays.equals(classBudget, a.classBudget)
                && Arrays.equals(reloadReused, a.reloadReused);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(vregSlot) * 31 + Arrays.hashCode(operandSlot);
    }

    private static final SpillSpace[] SPACES = SpillSpace.values();
}
