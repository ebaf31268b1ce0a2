package dev.regtune.core.arch;

import java.util.Objects;

/**
 * One GPU architecture as the register allocator and the occupancy model see it.
 *
 * <p>The values are hardware facts, not knobs: they come from NVIDIA's
 * {@code cuda_occupancy.h} (register and shared-memory allocation granularities, sub-partitions,
 * block limits) and the CUDA programming guide's "Technical Specifications per Compute
 * Capability" table (warps, threads, register file, shared memory). Instances are normally
 * obtained from {@link ArchProfiles}; the canonical constructor checks that the values are
 * consistent so that a hand-made profile cannot silently produce nonsense occupancy.
 *
 * @param name                          architecture name as ptxas spells it, e.g. {@code "sm_90"}
 * @param smVersion                     compute capability times ten, e.g. {@code 90}
 * @param warpSize                      threads per warp (32 on every supported architecture)
 * @param registersPerSm                32-bit registers in one SM's register file
 * @param registersPerBlock             most registers one block may hold (the launch check)
 * @param maxRegistersPerThread         most registers ptxas gives one thread (255; R255 is RZ)
 * @param registerAllocationUnitSize    registers are handed to a <em>warp</em> in units of this
 *                                      many (256), so a thread's count is effectively rounded up
 *                                      to a multiple of {@code unit / warpSize} (8)
 * @param warpAllocationGranularity     number of SM sub-partitions (4): each has a quarter of the
 *                                      register file and warps are spread over them, so register
 *                                      capacity is counted per sub-partition
 * @param maxWarpsPerSm                 resident warps per SM
 * @param maxBlocksPerSm                resident blocks per SM
 * @param maxThreadsPerBlock            threads in one block (1024)
 * @param sharedMemoryPerSm             bytes of shared memory per SM at the largest carve-out
 * @param sharedMemoryPerBlock          bytes one block may use without opting in (48 KiB)
 * @param maxSharedMemoryPerBlockOptIn  bytes one block may use after opting in
 *                                      ({@code cudaFuncAttributeMaxDynamicSharedMemorySize})
 * @param sharedMemoryAllocationUnit    bytes; a block's shared memory is rounded up to this
 * @param reservedSharedMemoryPerBlock  bytes the driver reserves in every block (1 KiB on sm_80+)
 * @param uniformRegisters              usable uniform (warp-wide) registers: 63 on sm_75+ (UR0..UR62;
 *                                      UR63 is URZ), 0 before
 * @param predicateRegisters            usable predicate registers: 7 (P0..P6; P7 is PT)
 */
public record ArchProfile(
        String name,
        int smVersion,
        int warpSize,
        int registersPerSm,
        int registersPerBlock,
        int maxRegistersPerThread,
        int registerAllocationUnitSize,
        int warpAllocationGranularity,
        int maxWarpsPerSm,
        int maxBlocksPerSm,
        int maxThreadsPerBlock,
        int sharedMemoryPerSm,
        int sharedMemoryPerBlock,
        int maxSharedMemoryPerBlockOptIn,
        int sharedMemoryAllocationUnit,
        int reservedSharedMemoryPerBlock,
        int uniformRegisters,
        int predicateRegisters) {

    /** Validates the profile; every inconsistency is reported as one sentence naming the field. */
    public ArchProfile {
        Objects.requireNonNull(name, "name");
        if (!name.equals("sm_" + smVersion)) {
            throw new IllegalArgumentException(
                    "Architecture name '" + name + "' does not match its sm version " + smVersion + ".");
        }
        requirePositive(name, "warpSize", warpSize);
        requirePositive(name, "registersPerSm", registersPerSm);
        requirePositive(name, "registersPerBlock", registersPerBlock);
        requirePositive(name, "maxRegistersPerThread", maxRegistersPerThread);
        requirePositive(name, "registerAllocationUnitSize", registerAllocationUnitSize);
        requirePositive(name, "warpAllocationGranularity", warpAllocationGranularity);
        requirePositive(name, "maxWarpsPerSm", maxWarpsPerSm);
        requirePositive(name, "maxBlocksPerSm", maxBlocksPerSm);
        requirePositive(name, "maxThreadsPerBlock", maxThreadsPerBlock);
        requirePositive(name, "sharedMemoryPerSm", sharedMemoryPerSm);
        requirePositive(name, "sharedMemoryPerBlock", sharedMemoryPerBlock);
        requirePositive(name, "maxSharedMemoryPerBlockOptIn", maxSharedMemoryPerBlockOptIn);
        requirePositive(name, "sharedMemoryAllocationUnit", sharedMemoryAllocationUnit);
        requireNonNegative(name, "reservedSharedMemoryPerBlock", reservedSharedMemoryPerBlock);
        requireNonNegative(name, "uniformRegisters", uniformRegisters);
        requireNonNegative(name, "predicateRegisters", predicateRegisters);
        if (registerAllocationUnitSize % warpSize != 0) {
            throw new IllegalArgumentException("Architecture " + name + " has a register allocation unit of "
                    + registerAllocationUnitSize + " that is not a multiple of its warp size " + warpSize + ".");
        }
        if (registersPerSm % (warpAllocationGranularity * registerAllocationUnitSize) != 0) {
            throw new IllegalArgumentException("Architecture " + name + " has a register file of "
                    + registersPerSm + " that does not split into whole allocation units per sub-partition.");
        }
        if (maxThreadsPerBlock > maxWarpsPerSm * warpSize) {
            throw new IllegalArgumentException("Architecture " + name + " allows blocks of " + maxThreadsPerBlock
                    + " threads, more than its " + maxWarpsPerSm * warpSize + " threads per SM.");
        }
        if (sharedMemoryPerBlock > maxSharedMemoryPerBlockOptIn
                || maxSharedMemoryPerBlockOptIn + reservedSharedMemoryPerBlock > sharedMemoryPerSm) {
            throw new IllegalArgumentException("Architecture " + name + " has inconsistent shared memory limits: "
                    + sharedMemoryPerBlock + " default and " + maxSharedMemoryPerBlockOptIn
                    + " opt-in bytes per block plus " + reservedSharedMemoryPerBlock + " reserved must fit in "
                    + sharedMemoryPerSm + " bytes per SM.");
        }
    }

    /** Resident threads per SM ({@code maxWarpsPerSm * warpSize}). */
    public int maxThreadsPerSm() {
        return maxWarpsPerSm * warpSize;
    }

    /**
     * The step between register counts that occupy different amounts of the register file
     * ({@code registerAllocationUnitSize / warpSize}, 8): 33..40 registers per thread cost the same
     * as 40. ptxas's register caps for launch bounds are multiples of this (or the 255 maximum).
     */
    public int registerGranularityPerThread() {
        return registerAllocationUnitSize / warpSize;
    }

    /** Whether the architecture has uniform (warp-wide scalar) registers; true from sm_75 on. */
    public boolean hasUniformRegisters() {
        return uniformRegisters > 0;
    }

    private static void requirePositive(String arch, String field, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(
                    "Architecture " + arch + " needs a positive " + field + " but has " + value + ".");
        }
    }

    private static void requireNonNegative(String arch, String field, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(
                    "Architecture " + arch + " needs a non-negative " + field + " but has " + value + ".");
        }
    }
}
