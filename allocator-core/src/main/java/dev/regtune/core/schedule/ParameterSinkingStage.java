package dev.regtune.core.schedule;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Moves each kernel parameter read to the block that uses it ({@link ParameterLoadSinking}),
 * before the scheduler orders the blocks. Knobs {@code RegTuneSinkParameterLoads} and
 * {@code RegTuneSinkParameterLoadsIntoLoops}.
 */
public final class ParameterSinkingStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "parameter sinking";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.SINK_PARAMETER_LOADS);
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        ParameterLoadSinking.Sunk sunk = ParameterLoadSinking.apply(f, s.analyses().loops(),
                s.knobs().getBool(KnobCatalogue.SINK_PARAMETER_LOADS_INTO_LOOPS));
        if (sunk.moved() > 0) {
            s.transform(sunk.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ParametersSunk(sunk.moved()));
        }
    }
}
