package dev.regtune.core.ir;

/**
 * The typed register class a PTX register was declared in (seed 003, "Register Class
 * Constraints"): NVPTX's classes are disjoint, so a {@code .b32} register and an {@code .f32}
 * register are different storage even though both take one 32-bit slot. CICC's copy coalescer
 * merges within one class only; {@link #INT128} takes no part in coalescing at all.
 */
public enum NvptxRegClass {
    /** {@code .pred}: Int1Regs. */
    INT1,
    /** 8- and 16-bit integer and half types: Int16Regs. */
    INT16,
    /** {@code .b32 .u32 .s32} and packed 32-bit types: Int32Regs. */
    INT32,
    /** {@code .b64 .u64 .s64}: Int64Regs. */
    INT64,
    /** {@code .f32}: Float32Regs. */
    FLOAT32,
    /** {@code .f64}: Float64Regs. */
    FLOAT64,
    /** {@code .b128}: Int128Regs, excluded from the coalescing worklist. */
    INT128;

    /** Whether copies between registers of this class are coalescing candidates. */
    public boolean coalescable() {
        return this != INT128;
    }

    /** The class a register of the given allocator class and width has when its PTX type is not known. */
    public static NvptxRegClass of(RegClass cls, PairMode mode) {
        if (cls == RegClass.P) {
            return INT1;
        }
        return switch (mode) {
            case DOUBLE -> INT64;
            case QUAD -> INT128;
            default -> INT32;
        };
    }
}
