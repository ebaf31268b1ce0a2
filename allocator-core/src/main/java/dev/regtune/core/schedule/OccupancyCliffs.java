package dev.regtune.core.schedule;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import java.util.Arrays;

/**
 * Without a register limit, the GPR slots of the occupancy cliff below a block's demand: ptxas
 * 13.0.88 reorders a block whose PTX order needs a little more than a cliff so that it fits under
 * it, without spilling (corpus-real: Montey's photon-transport kernels need 80 registers at
 * {@code -maxrregcount 128} and get 64 without a limit, no spill; 64 lets four blocks of 256
 * threads share an SM where 80 lets three).
 */
final class OccupancyCliffs {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();
    /** No cliff (a limit is given, or the knob is off): the scheduler keeps its other rules. */
    static final OccupancyCliffs NONE = new OccupancyCliffs(new int[0]);

    /** Per demand in GPR slots: the slots of the cliff below it, -1 for none. */
    private final int[] below;

    private OccupancyCliffs(int[] below) {
        this.below = below;
    }

    /** The cliffs of {@code arch} for blocks of {@code threadsPerBlock}, with {@code reserved} registers ptxas counts. */
    static OccupancyCliffs of(ArchProfile arch, int threadsPerBlock, int reserved) {
        int[] below = new int[arch.maxRegistersPerThread() + 1];
        Arrays.fill(below, -1);
        for (int slots = 1; slots + reserved <= arch.maxRegistersPerThread(); slots++) {
            int cliff = OCCUPANCY.cliffBelow(arch, slots + reserved, threadsPerBlock);
            below[slots] = cliff > reserved ? cliff - reserved : -1;
        }
        return new OccupancyCliffs(below);
    }

    /** The GPR slots of the cliff below a demand of {@code slots}, or -1 for none. */
    int below(int slots) {
        return slots >= 0 && slots < below.length ? below[slots] : -1;
    }
}
