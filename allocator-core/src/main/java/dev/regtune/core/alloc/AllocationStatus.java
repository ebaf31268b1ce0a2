package dev.regtune.core.alloc;

/** How an allocation ended. */
public enum AllocationStatus {
    /** Every value has a register within the budget or a spill slot. */
    OK,
    /** The budget could not be met even after every retry; ptxas's failure message is in the result. */
    ALLOC_FAILED,
    /** The PTX could not be parsed (produced by callers that parse; the allocator never sees such input). */
    PARSE_ERROR
}
