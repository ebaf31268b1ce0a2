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
        boolean limited = s.maxRegisters() > 0;
        OccupancyCliffs cliffs = OccupancyCliffs.NONE;
        if (!limited && s.knobs().getBool(KnobCatalogue.SCHEDULE_TO_OCCUPANCY_CLIFF)) {
            int bounded = f.launchBounds().threadsPerBlock();
            int threads = Math.min(bounded > 0 ? bounded : s.knobs().getInt(KnobCatalogue.DEFAULT_THREADS_PER_BLOCK),
                    s.arch().maxThreadsPerBlock());
            cliffs = OccupancyCliffs.of(s.arch(), threads, s.reserved());
        }
        int[] order = new PressureScheduler(f, s.analyses().liveness(),
                SchedulingParameters.of(s.knobs(), s.gprBudget(), limited), cliffs).order();
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
}
