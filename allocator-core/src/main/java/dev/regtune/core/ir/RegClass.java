package dev.regtune.core.ir;

/**
 * The register classes the ptxas allocator processes (seed 000, "Register Classes"). Class 0 is
 * the unified cross-class bucket and is never allocated; barrier registers (reg_type 9) are
 * handled outside the allocator and have no class here.
 */
public enum RegClass {
    /** Class 1: 32-bit general-purpose registers R0..R254. */
    R(1, "R", false),
    /** Class 2: GPR variant (RZ sentinel / stat collector alternate). */
    R_ALT(2, "R2", false),
    /** Class 3: uniform general-purpose registers UR0..UR62 (sm_75 and later). */
    UR(3, "UR", true),
    /** Class 4: uniform GPR variant (extended uniform). */
    UR_EXT(4, "UR4", true),
    /** Class 5: predicate registers P0..P6 (uniform predicates UP share the class id). */
    P(5, "P", false),
    /** Class 6: tensor / accumulator registers. */
    TENSOR(6, "T", false);

    /**
     * One more than the highest class id: the length of an array indexed by class id, whose
     * element 0 (the cross-class bucket) stays unused.
     */
    public static final int ID_LIMIT = 7;

    private static final RegClass[] BY_ID = {null, R, R_ALT, UR, UR_EXT, P, TENSOR};

    private final int id;
    private final String prefix;
    private final boolean uniform;

    RegClass(int id, String prefix, boolean uniform) {
        this.id = id;
        this.prefix = prefix;
        this.uniform = uniform;
    }

    /** The seed's class id (1..6), the allocator's bucket index. */
    public int id() {
        return id;
    }

    /** Physical register name prefix, as in {@code R12} or {@code UR3}. */
    public String prefix() {
        return prefix;
    }

    /** Whether the class lives in the uniform register file. */
    public boolean uniform() {
        return uniform;
    }

    /** The class with the given seed id (1..6). */
    public static RegClass ofId(int id) {
        if (id < 1 || id > 6) {
            throw new IllegalArgumentException("register class id " + id + " is not an allocatable class (1..6)");
        }
        return BY_ID[id];
    }
}
