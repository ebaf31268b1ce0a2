package dev.regtune.job.bench;

import dev.regtune.core.alloc.AllocationStatus;

/**
 * The timing of one function.
 *
 * @param file the PTX file as the user named it
 * @param function function name
 * @param instructions PTX instructions in the function
 * @param vregs virtual registers in the function
 * @param status the allocation's status (the benchmark times failures too)
 * @param registers registers of the result
 * @param batchSize allocations per timed batch
 * @param batches timed batches
 * @param medianNanosPerAllocation median over batches of (batch time / batch size)
 */
public record FunctionTiming(String file, String function, int instructions, int vregs, AllocationStatus status,
        int registers, int batchSize, int batches, double medianNanosPerAllocation) {

    /** Median nanoseconds per allocation divided by the instruction count. */
    public double nanosPerInstruction() {
        return medianNanosPerAllocation / Math.max(1, instructions);
    }
}
