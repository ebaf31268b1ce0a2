package dev.regtune.core.ir;

/**
 * What an instruction does, as far as the latency model and the allocator care. The front end
 * classifies each PTX opcode into one kind; per-architecture latencies are keyed by kind.
 */
public enum InstrKind {
    /** Integer and logic arithmetic, comparisons into predicates, selects. */
    INT_ALU,
    /** 32-bit (and 16-bit) floating-point add/mul/fma. */
    FP32,
    /** 64-bit floating-point arithmetic. */
    FP64,
    /** Special-function unit: rcp, sqrt, ex2, lg2, sin, cos, and division expansions. */
    SFU,
    /** Type conversion. */
    CONVERT,
    /** Register move, including reads of special registers. */
    MOVE,
    /** Integer multiply and multiply-add (IMAD). */
    INT_MUL,
    LOAD_GLOBAL,
    LOAD_SHARED,
    LOAD_LOCAL,
    LOAD_CONST,
    LOAD_PARAM,
    STORE_GLOBAL,
    STORE_SHARED,
    STORE_LOCAL,
    STORE_PARAM,
    ATOMIC,
    /** Warp shuffles, votes and other warp-collective exchanges. */
    WARP,
    /** bar.sync, membar, fence. */
    BARRIER,
    /** Tensor-core matrix operations: mma, wmma, ldmatrix. */
    MMA,
    TEXTURE,
    BRANCH,
    CALL,
    RETURN,
    OTHER;

    /** Whether this kind reads memory (its result arrives after a memory latency). */
    public boolean isLoad() {
        return switch (this) {
            case LOAD_GLOBAL, LOAD_SHARED, LOAD_LOCAL, LOAD_CONST, LOAD_PARAM, TEXTURE, ATOMIC -> true;
            default -> false;
        };
    }
}
