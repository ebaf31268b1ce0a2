package dev.regtune.core.schedule;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Predicates the short blocks that conditional branches skip and merges them into the block before
 * them ({@link GuardedBlockMerging}), before the scheduler orders the blocks. Knobs
 * {@code RegTuneIfConvert} and {@code RegTuneIfConvertMaxInstructions}.
 */
public final class IfConversionStage implements Stage<AllocationState> {
    @Override
    public String name() {
        return "if-conversion";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.IF_CONVERT);
    }

    @Override
    public void run(AllocationState s) {
        GuardedBlockMerging.Merged merged = GuardedBlockMerging.apply(s.function(),
                s.knobs().getInt(KnobCatalogue.IF_CONVERT_MAX_INSTRUCTIONS));
        if (merged.blocks() > 0) {
            s.transform(merged.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.GuardedBlocksMerged(merged.blocks()));
        }
    }
}
