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
    /**
     * Reads a special register whose value is the same for every thread of a warp ({@code %ctaid},
     * {@code %nctaid}, {@code %ntid}, {@code %gridid}, {@code %clusterid}, ...). Set by the front end;
     * the uniformity analysis treats such a read like a constant.
     */
    public static final int READS_UNIFORM_SPECIAL = 0x100;
    /**
     * Reads a special register whose value differs between the threads of a warp or over time
     * ({@code %tid}, {@code %laneid}, {@code %clock}, {@code %warpid}, {@code %smid}, ...). Set by the
     * front end; every value such an instruction defines is divergent.
     */
    public static final int READS_DIVERGENT_SPECIAL = 0x200;
    /**
     * A load or store with memory-ordering semantics ({@code ld.volatile}, {@code st.relaxed.gpu},
     * {@code ld.acquire}, ...). Set by the front end; ptxas's pre-allocation scheduler moves no
     * instruction across it (probed: 40 volatile loads ahead of their readers keep 48 registers,
     * plain loads are sunk to 30).
     */
    public static final int ORDERED_MEMORY = 0x400;
    /**
     * A copy of a loop body that unrolling added (the second and later copies): the same dynamic
     * instructions as the first copy's, so time estimates count them once.
     */
    public static final int UNROLLED_COPY = 0x800;
    /**
     * The first instruction after a {@code .pragma "nounroll"} in a function body: the loop it
     * opens must not be unrolled (nvcc marks the remainder loops of loops it unrolled itself so).
     */
    public static final int NO_UNROLL = 0x1000;
    /**
     * A global load, store or atomic whose address is a module-scope variable ({@code st.global.u64
     * [graph], %rd1}): no register in PTX, but SASS has no 64-bit absolute address, so ptxas loads
     * the variable's address from constant bank 4 into a register pair ({@code LDC.64 R6,
     * c[0x4][0x0]; STG.E.64 [R6.64], R20}). Set by the front end.
     */
    public static final int SYMBOL_ADDRESS = 0x2000;
    /**
     * A guarded instruction whose results are read only under the same guard (if-converted code:
     * a block a branch skipped, now predicated, whose values do not leave it). Its defs end the old
     * values as an unguarded instruction's do: no read can see what the guard would have kept.
     */
    public static final int GUARD_SCOPED_DEFS = 0x4000;
    /**
     * Reads a special register that SASS reads from the constant bank ({@code %ntid}, {@code
     * %nctaid}: {@code c[0x0][0x0]} to {@code c[0x0][0x14]}), as an operand of the instruction using
     * it ({@code IMAD R0, R0, c[0x0][0x0], R3}) rather than through an {@code S2R} into a register.
     * Set by the front end with {@link #READS_UNIFORM_SPECIAL}.
     */
    public static final int READS_CONSTANT_BANK_SPECIAL = 0x8000;

    /** Whether an instruction with {@code flags} ends the old values of the registers it defines. */
    public static boolean killsDefs(int flags) {
        return (flags & GUARDED) == 0 || (flags & GUARD_SCOPED_DEFS) != 0;
    }
}
