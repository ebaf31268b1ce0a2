package dev.regtune.core.fatpoint;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.OccupancyCalculator;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.model.BudgetModel;
import dev.regtune.core.pipeline.Stage;

/**
 * The occupancy-aware budget model of seed 000: the threads per block the function runs with,
 * the active warps at the budget and at the architecture's maximum, and the interpolation (A/B/C)
 * the spill feasibility gate uses.
 */
final class OccupancyBudgetStage implements Stage<FatPointState> {
    private static final OccupancyCalculator OCCUPANCY = new OccupancyCalculator();

    @Override
    public String name() {
        return "budget";
    }

    @Override
    public void run(FatPointState s) {
        ArchProfile arch = s.arch();
        int bounded = s.function().launchBounds().threadsPerBlock();
        int threads = Math.min(bounded > 0 ? bounded : s.knobs().getInt(KnobCatalogue.DEFAULT_THREADS_PER_BLOCK),
                arch.maxThreadsPerBlock());
        BudgetModel model = BudgetModel.of(s.knobs(), threads, s.reserved());
        int minWarps = OCCUPANCY.compute(arch, arch.maxRegistersPerThread(), threads, 0).activeWarpsPerSm();
        int targetWarps = OCCUPANCY.compute(arch, s.budget().registers(), threads, 0).activeWarpsPerSm();
        double linear = model.linearFraction(targetWarps, minWarps, arch.maxWarpsPerSm());
        s.budgetModel(threads, model, linear);
        if (s.explaining()) {
            s.report(new AllocationEvent.BudgetChosen(s.maxRegisters(), s.budget().registers(), s.budget().source(),
                    s.reserved(), s.gprBudget(), threads, targetWarps, minWarps, linear));
        }
    }
}
