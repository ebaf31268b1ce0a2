package dev.regtune.core.alloc;

/**
 * The registers one function uses, as {@code ptxas -v} reports them, and the budget the allocator
 * worked to.
 *
 * @param registers general-purpose registers per thread, as "Used N registers"
 * @param uniform uniform registers used (UR)
 * @param predicates predicate registers used (P)
 * @param budget the GPR budget the allocator worked to (from -maxrregcount, .maxnreg, launch bounds)
 */
public record RegisterUsage(int registers, int uniform, int predicates, int budget) {
    /** What a failed allocation reports: ptxas names the budget it could not meet. */
    public static RegisterUsage failedAt(int budget) {
        return new RegisterUsage(budget, 0, 0, budget);
    }
}
