package dev.regtune.core.fatpoint;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.SpillUsage;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.jspecify.annotations.Nullable;

/**
 * Without a register limit ptxas 13.0.88 lands on the occupancy cliff below an entry's demand
 * when it can get there without spilling to memory: of the 469 corpus-real entries on sm_90, 35
 * use exactly 32 registers (64 warps per SM) and 3 use 33 to 35, 12 use 48 and 11 use 64. The
 * model allocates the entry without a limit first; while the count is at most {@code
 * RegTuneOccupancyCliffReach} registers above the cliff below it (the next count with more active
 * warps, blocks of the entry's threads), it allocates again with the cliff as the budget and keeps
 * that allocation when it stores and loads nothing (rematerialized constants, parameters reloaded
 * from the constant bank and uniform values moved to UR cost no memory), up to {@code
 * RegTuneOccupancyCliffSteps} cliffs down. A cliff whose allocation does store is passed for the
 * next one down ({@code RegTuneOccupancyCliffPastSpills}): the scheduler keeps pressure lower under
 * a lower budget, so the model can fit at 40 where it spills at 48. Entries that make calls keep
 * their count: the ABI's registers around a call are charged after the allocation (see {@code
 * dev.regtune.core.calls}).
 */
final class OccupancyCliffLanding {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    private OccupancyCliffLanding() {
    }

    /**
     * Allocates {@code fn} at {@code budget} registers; the landing's trials tell nobody. Null
     * when the allocation is known, before it is finished, to store to memory or to fail: one the
     * landing would reject.
     */
    interface Allocation {
        @Nullable AllocationResult at(int budget);
    }

    /**
     * The allocation to report for {@code fn}: {@code unlimited} itself, or the allocation at the
     * lowest cliff reached without memory spills.
     *
     * @param unlimited the allocation without a register limit
     * @param threadsPerBlock threads per block the occupancy is computed for
     */
    static AllocationResult land(KernelFunction fn, Knobs knobs, ArchProfile arch, AllocationResult unlimited,
            int threadsPerBlock, Allocation allocate) {
        int steps = knobs.getInt(KnobCatalogue.OCCUPANCY_CLIFF_STEPS);
        int reach = knobs.getInt(KnobCatalogue.OCCUPANCY_CLIFF_REACH);
        if (steps == 0 || fn.kind() != FunctionKind.ENTRY || fn.usesAbi() || unlimited.status() != AllocationStatus.OK) {
            return unlimited;
        }
        SpillUsage own = unlimited.spills();
        if (own.storeBytes() > 0 || own.loadBytes() > 0) {
            return unlimited;
        }
        boolean pastSpills = knobs.getBool(KnobCatalogue.OCCUPANCY_CLIFF_PAST_SPILLS);
        AllocationResult best = unlimited;
        int from = best.registers();
        for (int step = 0; step < steps; ) {
            int cliff = OCCUPANCY.cliffBelow(arch, from, threadsPerBlock);
            if (cliff <= 0 || unlimited.registers() - cliff > reach) {
                break;
            }
            AllocationResult trial = allocate.at(cliff);
            if (trial == null || !lands(trial, own, best)) {
                if (!pastSpills) {
                    break;
                }
                from = cliff;
                continue;
            }
            best = trial;
            from = trial.registers();
            step++;
        }
        return best;
    }

    private static boolean lands(AllocationResult trial, SpillUsage own, AllocationResult best) {
        SpillUsage s = trial.spills();
        return trial.status() == AllocationStatus.OK && s.storeBytes() == 0 && s.loadBytes() == 0
                && s.smemBytes() <= own.smemBytes() && trial.registers() < best.registers();
    }
}
