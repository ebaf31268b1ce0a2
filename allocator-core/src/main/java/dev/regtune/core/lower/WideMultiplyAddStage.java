package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Folds 64-bit products of {@code mul.wide} into the adds that read them, as ptxas's
 * {@code IMAD.WIDE} does ({@link WideMultiplyAddFusion}); knob {@code RegTuneFuseWideMultiplyAdd}.
 * Runs before pre-allocation scheduling, so the scheduler orders the fused instructions.
 */
public final class WideMultiplyAddStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "wide multiply-add fusion";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD);
    }

    @Override
    public void run(AllocationState s) {
        KernelFunction f = s.function();
        KernelFunction fused = WideMultiplyAddFusion.apply(f);
        int removed = f.instrCount() - fused.instrCount();
        if (fused != f) {
            s.transform(fused);
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.WideMultipliesFused(removed));
        }
    }
}
