package dev.regtune.core.ir;

/**
 * What one instruction does with a function's {@code .local} array (see {@link LocalMemory}).
 *
 * @param array index into {@link LocalMemory#arrays()}
 * @param role load, store, or an instruction that only computes an address of the array
 * @param offset the byte offset from the array's start of a load or store, or {@link #DYNAMIC} when
 *     it is not a constant; 0 for {@link Role#ADDRESS}
 * @param elementBytes bytes of one element a load or store moves (4 for {@code ld.local.v4.f32})
 * @param elements elements a load or store moves (1, or 2/4/8 for vector forms)
 * @param registerMask bit k set when element k is a register: a load's defs and a store's data uses
 *     (its last uses) are those registers in order; a clear bit is a {@code _} sink or an immediate
 */
public record LocalAccess(int array, Role role, int offset, int elementBytes, int elements, int registerMask) {
    /** The offset of an access whose address is not a constant offset from the array's start. */
    public static final int DYNAMIC = Integer.MIN_VALUE;

    /** How the instruction uses the array. */
    public enum Role {
        LOAD, STORE,
        /** Computes an address of the array ({@code mov %SPL, __local_depot0}, {@code add.u64 %rd1, %SPL, 8}). */
        ADDRESS
    }

    /** Whether the access is at a constant offset. */
    public boolean constantOffset() {
        return offset != DYNAMIC;
    }

    /** Registers among the elements. */
    public int registerCount() {
        return Integer.bitCount(registerMask);
    }
}
