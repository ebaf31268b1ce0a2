package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Turns {@code cvta.to.global.u64} into a copy that value grouping can coalesce
 * ({@link GlobalConversionCopies}); knob {@code RegTuneGlobalConversionIsCopy}. Runs after
 * lowering, so the stages before it (parameter folding, sinking and rematerialization) still see
 * a parameter's conversion as part of its read.
 */
public final class GlobalConversionCopyStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "global conversion copies";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.GLOBAL_CONVERSION_IS_COPY);
    }

    @Override
    public void run(AllocationState s) {
        GlobalConversionCopies.Copied copied = GlobalConversionCopies.apply(s.function());
        if (copied.conversions() > 0) {
            s.transformWithinBlocks(copied.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.GlobalConversionsCopied(copied.conversions()));
        }
    }
}
