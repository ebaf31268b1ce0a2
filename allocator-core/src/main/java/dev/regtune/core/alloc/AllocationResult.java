package dev.regtune.core.alloc;

/**
 * The outcome of allocating one function: what {@code ptxas -v} would report, plus RegTune's
 * latency and occupancy estimates.
 *
 * @param function function name
 * @param arch architecture name, e.g. "sm_90"
 * @param status OK or ALLOC_FAILED
 * @param registers general-purpose registers per thread, as "Used N registers"
 * @param spillStoreBytes bytes of spill stores (static count of STL bytes, as ptxas -v counts)
 * @param spillLoadBytes bytes of spill loads (static count of LDL bytes)
 * @param stackFrameBytes per-thread stack frame: spill slots plus declared local memory
 * @param smemSpillBytes shared-memory spill bytes per block (knob 619)
 * @param uniformRegisters uniform registers used (UR)
 * @param predicateRegisters predicate registers used (P)
 * @param estLatencyCycles estimated cycles of one thread's execution, block-frequency weighted
 * @param occupancy active warps per SM over the architecture's maximum
 * @param activeWarps active warps per SM
 * @param registerBudget the GPR budget the allocator worked to (from -maxrregcount, .maxnreg, launch bounds)
 * @param attempts fat-point attempts made over all classes (NOSPILL counts as one); for briggs, build-colour-spill rounds
 * @param coalescedCopies copies removed by coalescing (CICC's copy coalescer and the allocator's own together)
 * @param copyCoalescing what CICC's copy coalescer saw, merged and left; {@link CopyCoalescing#NONE} when it did not run
 * @param message empty when OK; ptxas's failure message otherwise
 * @param assignment the placement, for the checker; null when allocation failed
 */
public record AllocationResult(String function, String arch, AllocationStatus status, int registers,
        int spillStoreBytes, int spillLoadBytes, int stackFrameBytes, int smemSpillBytes, int uniformRegisters,
        int predicateRegisters, long estLatencyCycles, double occupancy, int activeWarps, int registerBudget,
        int attempts, int coalescedCopies, CopyCoalescing copyCoalescing, String message, Assignment assignment) {

    /** ptxas's message for a function that cannot be allocated within {@code registerCount} registers. */
    public static String failureMessage(int registerCount) {
        return "Register allocation failed with register count of '" + registerCount
                + "'. Compile the program with a higher register target";
    }

    public boolean spills() {
        return spillStoreBytes > 0 || spillLoadBytes > 0 || smemSpillBytes > 0;
    }
}
