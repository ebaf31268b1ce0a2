package dev.regtune.core.arch;

import java.util.Objects;

/**
 * How many blocks and warps of one kernel launch configuration are resident on one SM.
 *
 * @param activeBlocksPerSm resident blocks per SM; 0 means the configuration cannot launch
 * @param activeWarpsPerSm  resident warps per SM ({@code activeBlocksPerSm * warpsPerBlock})
 * @param occupancy         {@code activeWarpsPerSm / maxWarpsPerSm}, in [0, 1]
 * @param limiter           the resource that sets {@code activeBlocksPerSm}
 */
public record Occupancy(int activeBlocksPerSm, int activeWarpsPerSm, double occupancy, Limiter limiter) {

    /**
     * The resource that limits the number of resident blocks, as in NVIDIA's
     * {@code cudaOccLimitingFactor}. The constants are declared in the order of NVIDIA's bits
     * ({@code OCC_LIMIT_WARPS = 1}, {@code REGISTERS = 2}, {@code SHARED_MEMORY = 4},
     * {@code BLOCKS = 8}); when several limits tie, {@link OccupancyCalculator} names the first.
     */
    public enum Limiter {
        /** Warp slots per SM (or a block larger than the architecture allows). */
        WARPS,
        /** The register file: registers per warp, rounded up to the allocation unit. */
        REGISTERS,
        /** Shared memory per SM, including the driver's per-block reservation. */
        SHARED_MEMORY,
        /** The architecture's cap on resident blocks per SM. */
        BLOCKS
    }

    /** Checks the invariants; a violation is a bug in the calculator, reported as one sentence. */
    public Occupancy {
        Objects.requireNonNull(limiter, "limiter");
        if (activeBlocksPerSm < 0 || activeWarpsPerSm < 0) {
            throw new IllegalArgumentException("Occupancy needs non-negative blocks and warps but got "
                    + activeBlocksPerSm + " blocks and " + activeWarpsPerSm + " warps.");
        }
        if (!(occupancy >= 0.0 && occupancy <= 1.0)) {
            throw new IllegalArgumentException("Occupancy must be within [0, 1] but is " + occupancy + ".");
        }
    }
}
