package dev.regtune.core.check;

/** What rule of the checker (see the package documentation) an assignment breaks. */
public enum ViolationKind {
    /** The assignment was made for a function with a different number of vregs or operands. */
    SHAPE_MISMATCH,
    /** A vreg that occurs as an operand has no register class 1..6. */
    MISSING_CLASS,
    /** A value that is neither spilled nor given a register although it is live. */
    MISSING_SLOT,
    /** A register (of a value or of a spilled operand) reaches beyond the class budget. */
    SLOT_OUT_OF_BUDGET,
    /** A register start that the value's pair mode does not accept (odd pair, unaligned quad). */
    MISALIGNED_SLOT,
    /** A spilled value that also claims a register for its whole live range. */
    SPILLED_WITH_SLOT,
    /** An LMEM or SMEM spill offset that is negative or not a multiple of 4. */
    BAD_SPILL_OFFSET,
    /** An operand occurrence of a spilled value without a register. */
    MISSING_OPERAND_SLOT,
    /** Occurrences of one spilled value at one program point in different registers. */
    OPERAND_SLOT_MISMATCH,
    /**
     * A use that claims to reuse an earlier reload, but no earlier occurrence of the value in its
     * block holds the value in the same register.
     */
    RELOAD_NOT_HELD,
    /** Two values of one class in overlapping registers at the same program point. */
    REGISTER_CONFLICT,
    /** Two spilled values with overlapping live ranges in overlapping bytes of the same memory. */
    SPILL_SLOT_CONFLICT
}
