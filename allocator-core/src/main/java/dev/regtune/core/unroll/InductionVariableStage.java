package dev.regtune.core.unroll;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Keeps one register for induction variables that step together ({@link InductionVariableMerging}),
 * after loop unrolling and before the scheduler; knob {@code RegTuneMergeInductionVariables}.
 */
public final class InductionVariableStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "induction variable merging";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.MERGE_INDUCTION_VARIABLES);
    }

    @Override
    public void run(AllocationState s) {
        InductionVariableMerging.Merged m = InductionVariableMerging.apply(s.function(), s.analyses().loops());
        if (m.variables() > 0) {
            s.transform(m.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.InductionVariablesMerged(m.variables()));
        }
    }
}
