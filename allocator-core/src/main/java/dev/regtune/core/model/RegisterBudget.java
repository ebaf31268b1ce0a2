package dev.regtune.core.model;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.ir.RegClass;

/**
 * The general-purpose register budget of one function and where it comes from, as ptxas 13.0.88
 * sets it (measured on this project's corpus, see datasets/corpus/README.md):
 * <ul>
 *   <li>without launch bounds: {@code -maxrregcount}, raised to {@link #MIN_MAXRREGCOUNT} when
 *       lower ("adjusting per thread register count of N to lower bound of 24"), else the
 *       architecture's per-thread maximum;</li>
 *   <li>with {@code .maxntid}/{@code .reqntid}: the registers that let {@code .minnctapersm}
 *       (at least one) blocks of that many threads fit in the register file, and
 *       {@code -maxrregcount} is ignored ("Overriding global maxrregcount"), even when smaller;</li>
 *   <li>{@code .maxnreg} caps both.</li>
 * </ul>
 *
 * @param registers the budget in registers per thread
 * @param source what set it
 */
public record RegisterBudget(int registers, Source source) {
    /** What set a budget. */
    public enum Source {
        /** No limit: the architecture's per-thread maximum. */
        ARCH,
        /** {@code -maxrregcount}. */
        MAXRREGCOUNT,
        /** The function's {@code .maxnreg}. */
        MAXNREG,
        /** {@code .maxntid}/{@code .reqntid} with {@code .minnctapersm}. */
        LAUNCH_BOUNDS
    }

    /** Whether anything below the architecture's maximum limits the function. */
    public boolean limited() {
        return source != Source.ARCH;
    }

    /** The smallest {@code -maxrregcount} ptxas honours; smaller values are raised to it. */
    public static final int MIN_MAXRREGCOUNT = 24;

    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    /**
     * @param maxRegisters {@code -maxrregcount}, 0 when not given
     */
    public static RegisterBudget of(ArchProfile arch, LaunchBounds bounds, int maxRegisters) {
        int budget = arch.maxRegistersPerThread();
        Source source = Source.ARCH;
        int threads = bounds.threadsPerBlock();
        if (threads > 0) {
            int cap = OCCUPANCY.registerCapForLaunchBounds(arch, Math.min(threads, arch.maxThreadsPerBlock()),
                    Math.max(1, bounds.minBlocksPerSm()));
            if (cap > 0 && cap < budget) {
                budget = cap;
                source = Source.LAUNCH_BOUNDS;
            }
        } else if (maxRegisters > 0) {
            int requested = Math.max(MIN_MAXRREGCOUNT, maxRegisters);
            if (requested < budget) {
                budget = requested;
                source = Source.MAXRREGCOUNT;
            }
        }
        if (bounds.maxRegisters() > 0 && bounds.maxRegisters() < budget) {
            budget = Math.max(MIN_MAXRREGCOUNT, bounds.maxRegisters());
            source = Source.MAXNREG;
        }
        return new RegisterBudget(budget, source);
    }

    /**
     * Slots per register class (index = class id 1..6) for a GPR budget: the GPR classes share
     * it, the uniform classes have the architecture's uniform registers (at least one), the
     * predicate class its predicate registers. Every allocator family uses the same table.
     */
    public static int[] classBudgets(ArchProfile arch, int gprBudget) {
        int[] classBudget = new int[RegClass.ID_LIMIT];
        classBudget[RegClass.R.id()] = gprBudget;
        classBudget[RegClass.R_ALT.id()] = gprBudget;
        classBudget[RegClass.TENSOR.id()] = gprBudget;
        classBudget[RegClass.UR.id()] = Math.max(1, arch.uniformRegisters());
        classBudget[RegClass.UR_EXT.id()] = Math.max(1, arch.uniformRegisters());
        classBudget[RegClass.P.id()] = arch.predicateRegisters();
        return classBudget;
    }
}
