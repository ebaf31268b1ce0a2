package dev.regtune.core.ir;

/**
 * How many 32-bit physical slots a virtual register takes and how it must be aligned (seed 000:
 * vreg+48 bits 20..21, 0 = single, 1 = lo-half, 3 = double width; 128-bit values take four
 * slots, as ptxas places 128-bit vectors in aligned quads).
 */
public enum PairMode {
    SINGLE(0, 1, 1),
    /** The low half of a pair: one slot, which must be even. */
    LO_HALF(1, 1, 2),
    /** The high half of a pair: one slot, which must be odd (flag 0x800000 in the seed). */
    HI_HALF(2, 1, 2),
    /** A 64-bit value: two consecutive slots starting at an even slot. */
    DOUBLE(3, 2, 2),
    /** A 128-bit value: four consecutive slots starting at a multiple of four. */
    QUAD(4, 4, 4);

    private final int seedCode;
    private final int slots;
    private final int alignment;

    PairMode(int seedCode, int slots, int alignment) {
        this.seedCode = seedCode;
        this.slots = slots;
        this.alignment = alignment;
    }

    /** The pair-mode code as stored in the seed's flag bits (QUAD has no seed code; 4 here). */
    public int seedCode() {
        return seedCode;
    }

    /** Number of consecutive 32-bit slots the value occupies. */
    public int slots() {
        return slots;
    }

    /** The slot index must be a multiple of this (HI_HALF: odd, see {@link #accepts(int)}). */
    public int alignment() {
        return alignment;
    }

    /** Whether a value of this mode may start at physical slot {@code slot}. */
    public boolean accepts(int slot) {
        return switch (this) {
            case SINGLE -> true;
            case LO_HALF -> (slot & 1) == 0;
            case HI_HALF -> (slot & 1) == 1;
            case DOUBLE -> (slot & 1) == 0;
            case QUAD -> (slot & 3) == 0;
        };
    }

    /** The mode of a value of the given bit width in a 32-bit-slot register class. */
    public static PairMode forBits(int bits) {
        if (bits <= 32) {
            return SINGLE;
        }
        if (bits <= 64) {
            return DOUBLE;
        }
        if (bits <= 128) {
            return QUAD;
        }
        throw new IllegalArgumentException("a value of " + bits + " bits does not fit a register (at most 128)");
    }
}
