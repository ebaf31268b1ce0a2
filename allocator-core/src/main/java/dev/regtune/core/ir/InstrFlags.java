package dev.regtune.core.ir;

/** Per-instruction flag bits. */
public final class InstrFlags {
    private InstrFlags() {
    }

    /** Executed under a guard predicate ({@code @%p} or {@code @!%p}); the guard is the first use. */
    public static final int GUARDED = 0x1;
    /** The guard is negated ({@code @!%p}). */
    public static final int GUARD_NEGATED = 0x2;
    /** Control never falls through to the next instruction (unconditional branch, ret, exit). */
    public static final int NO_FALLTHROUGH = 0x4;
    /** A branch; its target block is recorded. */
    public static final int BRANCH = 0x8;
    /** A call to another function (the ABI is in use). */
    public static final int CALL = 0x10;
    /** Leaves the function (ret or exit). */
    public static final int RETURN = 0x20;
    /** A register-to-register copy of the same class (a coalescing candidate). */
    public static final int COPY = 0x40;
    /** The branch is marked {@code .uni} (uniform control). */
    public static final int UNIFORM_BRANCH = 0x80;
}
