package dev.regtune.core.schedule;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Copies each kernel parameter read into the blocks that use it ({@link ParameterRematerialization}),
 * after loops are unrolled and guarded blocks merged and before the scheduler orders the blocks.
 * Knob {@code RegTuneRematerializeParameterReads}.
 */
public final class ParameterRematerializationStage implements Stage<AllocationState> {
    /** The knob's choices: none, into loops only, into every dominated block, into loops and past them. */
    private static final int OFF = 0;
    private static final int INTO_LOOPS = 1;
    private static final int PAST_LOOPS = 3;

    @Override
    public String name() {
        return "parameter rematerialization";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getInt(KnobCatalogue.REMATERIALIZE_PARAMETER_READS) != OFF;
    }

    @Override
    public void run(AllocationState s) {
        int mode = s.knobs().getInt(KnobCatalogue.REMATERIALIZE_PARAMETER_READS);
        ParameterRematerialization.Rematerialized r = ParameterRematerialization.apply(s.function(),
                s.analyses().loops(), mode == INTO_LOOPS || mode == PAST_LOOPS, mode == PAST_LOOPS);
        if (r.copies() > 0) {
            s.transform(r.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ParametersRematerialized(r.copies()));
        }
    }
}
