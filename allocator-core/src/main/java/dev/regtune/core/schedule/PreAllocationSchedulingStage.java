package dev.regtune.core.schedule;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * The fat-point pipeline's first stage: reorders every block as ptxas's pre-allocation scheduler
 * does ({@link PressureScheduler}) and hands the reordered function to the stages after it.
 * Switched by knob RegTuneScheduleBeforeAllocation.
 */
public final class PreAllocationSchedulingStage implements Stage<AllocationState> {

    @Override
    public String name() {
        return "schedule";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.SCHEDULE_BEFORE_ALLOCATION);
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        Setting setting = Setting.of(s);
        OccupancyCliffs cliffs = setting.cliffThreads() > 0
                ? OccupancyCliffs.of(s.arch(), setting.cliffThreads(), s.reserved()) : OccupancyCliffs.NONE;
        int[] order = new PressureScheduler(f, s.analyses().liveness(), setting.parameters(), cliffs).order();
        int moved = 0;
        for (int i = 0; i < order.length; i++) {
            if (order[i] != i) {
                moved++;
            }
        }
        if (moved > 0) {
            // The order keeps every register dependence within each block: the liveness carries over.
            s.transformWithinBlocks(f.withInstructionOrder(order));
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.BlocksScheduled(moved, f.instrCount()));
        }
    }

    /**
     * Whether this stage orders the code of {@code a} and {@code b}, two states of the same
     * function, knobs and architecture that differ in their budget, the same way: what it reads of
     * the budget (the register target, the occupancy cliffs without a limit) is the same for both.
     */
    public static boolean ordersAlike(AllocationState a, AllocationState b) {
        return Setting.of(a).equals(Setting.of(b));
    }

    /**
     * What the scheduler reads of a state besides its code: its parameters, and the threads per
     * block of the occupancy cliffs it reorders to (0: none).
     */
    private record Setting(SchedulingParameters parameters, int cliffThreads) {
        static Setting of(AllocationState s) {
            boolean limited = s.maxRegisters() > 0;
            int cliffThreads = 0;
            if (!limited && s.knobs().getBool(KnobCatalogue.SCHEDULE_TO_OCCUPANCY_CLIFF)) {
                int bounded = s.function().launchBounds().threadsPerBlock();
                cliffThreads = Math.min(bounded > 0 ? bounded
                        : s.knobs().getInt(KnobCatalogue.DEFAULT_THREADS_PER_BLOCK), s.arch().maxThreadsPerBlock());
            }
            return new Setting(SchedulingParameters.of(s.knobs(), s.gprBudget(), limited), cliffThreads);
        }
    }
}
