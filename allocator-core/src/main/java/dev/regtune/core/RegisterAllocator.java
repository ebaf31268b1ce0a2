package dev.regtune.core;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.pipeline.Pipeline;

/**
 * A register allocator model. Implementations are pure functions of their inputs (same inputs,
 * same result, on any machine and thread) and hold no shared mutable state, so one instance
 * serves every thread of an executor.
 */
public interface RegisterAllocator {
    /** The allocator family's name as used on the command line ("fatpoint"). */
    String name();

    /** The family's stages, in the order they run. */
    Pipeline<?> pipeline();

    /**
     * Allocates one function, telling {@code listener} every decision.
     *
     * @param maxRegisters ptxas's {@code -maxrregcount}; 0 for no limit
     * @return the result; a function that cannot be allocated is an {@code ALLOC_FAILED} result, never an exception
     */
    AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
            AllocationListener listener);

    /** Allocates one function with nobody listening. */
    default AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters) {
        return allocate(fn, knobs, arch, maxRegisters, AllocationListener.NONE);
    }
}
