package dev.regtune.core.ir;

/**
 * Constraint types of the fat-point interference builder (seed 000, "Constraint System",
 * operand bits 28..30). The ordinal is not the seed's number; {@link #seedType()} is.
 */
public enum ConstraintKind {
    /** 0: conflict at one program point ({@code a} = point). */
    POINT(0),
    /** 3: part of a paired (double-width) register; alignment is implied by the pair mode. */
    PAIRED(3),
    /** 4: physical slot {@code a} is excluded. */
    EXCLUDE_ONE(4),
    /** 5: only physical slot {@code a} is permitted. */
    EXCLUDE_ALL_BUT(5),
    /** 6: interference active below program point {@code a}. */
    BELOW_POINT(6),
    /** 7: interference over program points [{@code a}, {@code b}]. */
    RANGE(7),
    /** 8: the value is a PHI / CSSA web member. */
    PHI(8),
    /** 10: consecutive-register group of {@code b} slots starting with the vreg whose group leader is {@code a}. */
    VECTOR_GROUP(10);

    private final int seedType;

    ConstraintKind(int seedType) {
        this.seedType = seedType;
    }

    /** The constraint type number as the seed lists it. */
    public int seedType() {
        return seedType;
    }
}
