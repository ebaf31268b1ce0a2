package dev.regtune.core.model;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.LaunchBounds;

/**
 * The general-purpose register budget of one function and where it comes from.
 *
 * <p>ptxas takes the smallest of: the architecture's per-thread maximum, {@code -maxrregcount},
 * the function's {@code .maxnreg}, and the registers that let {@code .minnctapersm} blocks of
 * {@code .maxntid} (or {@code .reqntid}) threads fit in the register file. Real ptxas ignores
 * {@code -maxrregcount} when launch bounds are stricter, which taking the minimum models.
 *
 * @param registers the budget in registers per thread
 * @param source what set it: "arch", "maxrregcount", "maxnreg" or "launch-bounds"
 */
public record RegisterBudget(int registers, String source) {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    /**
     * @param maxRegisters {@code -maxrregcount}, 0 when not given
     */
    public static RegisterBudget of(ArchProfile arch, LaunchBounds bounds, int maxRegisters) {
        int budget = arch.maxRegistersPerThread();
        String source = "arch";
        if (maxRegisters > 0 && maxRegisters < budget) {
            budget = maxRegisters;
            source = "maxrregcount";
        }
        if (bounds.maxRegisters() > 0 && bounds.maxRegisters() < budget) {
            budget = bounds.maxRegisters();
            source = "maxnreg";
        }
        int threads = bounds.threadsPerBlock();
        if (threads > 0) {
            int cap = OCCUPANCY.maxRegistersForWarps(arch, Math.min(threads, arch.maxThreadsPerBlock()),
                    Math.max(1, bounds.minBlocksPerSm()));
            if (cap > 0 && cap < budget) {
                budget = cap;
                source = "launch-bounds";
            }
        }
        return new RegisterBudget(budget, source);
    }
}
