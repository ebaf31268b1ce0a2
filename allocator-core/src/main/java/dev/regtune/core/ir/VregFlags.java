package dev.regtune.core.ir;

/**
 * Static per-vreg flag bits. Bits that the seed names keep the seed's masks (vreg+48) so that
 * debugging output reads like the reverse-engineering notes; bits the seed does not have use
 * the low byte, which the seed leaves unnamed.
 */
public final class VregFlags {
    private VregFlags() {
    }

    /** The value is the same for every thread of a warp (uniform-register candidate). */
    public static final int UNIFORM = 0x1;
    /** Part of an {@code mma}/{@code wmma}/{@code ldmatrix} operand fragment. */
    public static final int MMA_FRAGMENT = 0x2;
    /** Holds a 64-bit address (used as the base of an address operand). */
    public static final int ADDRESS = 0x4;
    /** Defined by a load of a kernel parameter ({@code ld.param}). */
    public static final int FROM_PARAM = 0x8;
    /** Member of a vector operand group ({@code {%r1, %r2, ...}}). */
    public static final int VECTOR_MEMBER = 0x10;
    /**
     * An immediate the instruction reading it cannot take as an operand (an {@code IMAD.WIDE}
     * whose constant-bank addend takes the operand slot): its {@code MOV} is not folded away.
     */
    public static final int REGISTER_IMMEDIATE = 0x20;
    /** Seed 0x200: pre-assigned / fixed register. */
    public static final int PRE_ASSIGNED = 0x200;
    /** Seed 0x400: coalesced source. */
    public static final int COALESCED_SOURCE = 0x400;
    /** Seed 0x800: coalesced target. */
    public static final int COALESCED_TARGET = 0x800;
    /** Seed 0x80000: forces the vreg onto the High list. */
    public static final int HIGH_PRIORITY = 0x80000;
    /** Seed 0x400000: constrained to the architecture limit. */
    public static final int ARCH_LIMITED = 0x400000;
    /** Seed 0x800000: high half of a pair. */
    public static final int HI_HALF = 0x800000;
    /** Seed 0x8000000: special handling. */
    public static final int SPECIAL = 0x8000000;

    /** Whether {@code flags} has every bit of {@code mask}. */
    public static boolean has(int flags, int mask) {
        return (flags & mask) == mask;
    }
}
