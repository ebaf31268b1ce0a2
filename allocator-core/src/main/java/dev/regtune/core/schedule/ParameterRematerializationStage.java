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
    /** The knob's choices: none, into loops only, into every dominated block. */
    private static final int OFF = 0;
    private static final int INTO_LOOPS = 1;

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
        boolean intoLoopsOnly = s.knobs().getInt(KnobCatalogue.REMATERIALIZE_PARAMETER_READS) == INTO_LOOPS;
        ParameterRematerialization.Rematerialized r = ParameterRematerialization.apply(s.function(),
                s.analyses().loops(), intoLoopsOnly);
        if (r.copies() > 0) {
            s.transform(r.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.ParametersRematerialized(r.copies()));
        }
    }
}
