package dev.regtune.core.unroll;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Unrolls small innermost loops as ptxas does ({@link InnermostLoopUnrolling}), before the
 * pre-allocation scheduler orders the copies; knobs {@code RegTuneUnrollFactor} (1: off) and
 * {@code RegTuneUnrollBodyLimit}.
 */
public final class LoopUnrollingStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "loop unrolling";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getInt(KnobCatalogue.UNROLL_FACTOR) > 1;
    }

    @Override
    public void run(AllocationState s) {
        InnermostLoopUnrolling.Unrolled u = InnermostLoopUnrolling.apply(s.function(), () -> s.analyses().liveness(),
                s.knobs().getInt(KnobCatalogue.UNROLL_FACTOR), s.knobs().getInt(KnobCatalogue.UNROLL_BODY_LIMIT));
        s.transform(u.function());
        if (s.explaining()) {
            s.report(new AllocationEvent.LoopsUnrolled(u.loops(), s.knobs().getInt(KnobCatalogue.UNROLL_FACTOR)));
        }
    }
}
