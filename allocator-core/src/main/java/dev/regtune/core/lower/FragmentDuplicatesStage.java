package dev.regtune.core.lower;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * Merges the registers of {@code .f16} WMMA fragments that ptxas loads once
 * ({@link DuplicatedFragmentRegisters}); knob {@code RegTuneMergeDuplicatedFragments}, from sm_80
 * on (the architectures probed; the tensor cores of sm_70 and sm_75 read other layouts).
 */
public final class FragmentDuplicatesStage implements Stage<AllocationState> {
    /** The first architecture whose ptxas was seen to load a fragment's alike registers once. */
    private static final int FIRST_SM = 80;

    @Override
    public String name() {
        return "duplicated fragment merging";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return s.knobs().getBool(KnobCatalogue.MERGE_DUPLICATED_FRAGMENTS) && s.arch().smVersion() >= FIRST_SM;
    }

    @Override
    public void run(AllocationState s) {
        DuplicatedFragmentRegisters.Merged merged = DuplicatedFragmentRegisters.apply(s.function());
        if (merged.registers() > 0) {
            s.transform(merged.function());
        }
        if (s.explaining()) {
            s.report(new AllocationEvent.FragmentDuplicatesMerged(merged.registers()));
        }
    }
}
