package dev.regtune.core.alloc;

import dev.regtune.core.ir.KernelFunction;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of allocating one function: what {@code ptxas -v} would report, RegTune's
 * estimates, and what the allocator did.
 *
 * @param function function name
 * @param arch architecture name, e.g. "sm_90"
 * @param status OK or ALLOC_FAILED
 * @param message empty when OK; ptxas's failure message otherwise
 * @param usage registers used and the budget
 * @param spills spill bytes and the stack frame
 * @param estimates latency and occupancy estimates
 * @param stats counters of the allocator's work
 * @param copyCoalescing what CICC's copy coalescer saw, merged and left; {@link CopyCoalescing#NONE} when it did not run
 * @param assignment the placement of {@code allocatedFunction}, for the checker; null when allocation failed
 * @param allocatedFunction the function {@code assignment} places: the function as given, unless a
 *     stage changed its code (lowering, promotion, scheduling), then the changed one; null when
 *     allocation failed
 */
public record AllocationResult(String function, String arch, AllocationStatus status, String message,
        RegisterUsage usage, SpillUsage spills, Estimates estimates, AllocationStats stats,
        CopyCoalescing copyCoalescing, @Nullable Assignment assignment, @Nullable KernelFunction allocatedFunction) {

    /** The result of a function that cannot be allocated within {@code budget} registers. */
    public static AllocationResult failed(String function, String arch, int budget, AllocationStats stats,
            CopyCoalescing copyCoalescing) {
        return new AllocationResult(function, arch, AllocationStatus.ALLOC_FAILED, failureMessage(budget),
                RegisterUsage.failedAt(budget), SpillUsage.NONE, Estimates.NONE, stats, copyCoalescing, null, null);
    }

    /**
     * ptxas 13.0.88's fatal error for a module whose {@code .target} names a newer architecture than
     * the one it is compiled for ({@code .target sm_90} under {@code -arch=sm_80}): it compiles none of
     * the module's functions.
     */
    public static final String TARGET_NEWER_THAN_ARCH = "SM version specified by .target is higher than default SM "
            + "version assumed";

    /**
     * The result of a function of a module that ptxas does not compile for {@code arch} because the
     * module's {@code .target} is newer ({@link #TARGET_NEWER_THAN_ARCH}); {@code budget} as in
     * {@link #failed}.
     */
    public static AllocationResult targetNewerThanArch(String function, String arch, int budget) {
        return new AllocationResult(function, arch, AllocationStatus.ALLOC_FAILED, TARGET_NEWER_THAN_ARCH,
                RegisterUsage.failedAt(budget), SpillUsage.NONE, Estimates.NONE, AllocationStats.NONE,
                CopyCoalescing.NONE, null, null);
    }

    /** ptxas's message for a function that cannot be allocated within {@code registerCount} registers. */
    public static String failureMessage(int registerCount) {
        return "Register allocation failed with register count of '" + registerCount
                + "'. Compile the program with a higher register target";
    }

    /** This result with another register usage (tests and wrappers that perturb a figure). */
    public AllocationResult withUsage(RegisterUsage newUsage) {
        return new AllocationResult(function, arch, status, message, newUsage, spills, estimates, stats,
                copyCoalescing, assignment, allocatedFunction);
    }

    /** This result with another assignment of the same function (null for none). */
    public AllocationResult withAssignment(Assignment newAssignment) {
        return new AllocationResult(function, arch, status, message, usage, spills, estimates, stats,
                copyCoalescing, newAssignment, allocatedFunction);
    }

    /** Convenience: the registers as "Used N registers". */
    public int registers() {
        return usage.registers();
    }
}
