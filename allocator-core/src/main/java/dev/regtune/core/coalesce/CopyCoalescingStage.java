package dev.regtune.core.coalesce;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;

/**
 * The copy-coalescing stage: CICC's copy coalescer ({@link CopyCoalescer}) rewrites the function
 * so that merged registers share one name; the allocation stages after it see the coalesced
 * function with fresh analyses, and the result is lifted back to the original registers.
 */
public final class CopyCoalescingStage implements Stage<AllocationState> {
    private final boolean onlyBeforeFatPoint;

    private CopyCoalescingStage(boolean onlyBeforeFatPoint) {
        this.onlyBeforeFatPoint = onlyBeforeFatPoint;
    }

    /** The stage as CICC runs it: always in front of its allocator (knob join_liveintervals switches the pass). */
    public static CopyCoalescingStage always() {
        return new CopyCoalescingStage(false);
    }

    /** The stage in front of the fat-point allocator, run only under {@code RegTuneCoalesceBeforeFatPoint}. */
    public static CopyCoalescingStage beforeFatPoint() {
        return new CopyCoalescingStage(true);
    }

    @Override
    public String name() {
        return "copy coalescing";
    }

    @Override
    public boolean runsFor(AllocationState s) {
        return !onlyBeforeFatPoint || (s.knobs().getBool(KnobCatalogue.COALESCE_BEFORE_FATPOINT)
                && s.knobs().getBool(KnobCatalogue.JOIN_LIVEINTERVALS));
    }

    @Override
    public void run(AllocationState s) {
        CoalescedFunction cf = CopyCoalescer.coalesce(s.function(), s.analyses().liveRanges(),
                s.analyses().frequency(), s.knobs());
        s.rewrite(cf.coalesced(), cf::lift, cf.removedCopy());
        s.copyCoalescing(cf.report());
        s.countCoalescedCopies(cf.report().copiesMerged());
        if (s.explaining()) {
            s.report(new AllocationEvent.CopiesCoalesced(cf.report()));
        }
    }
}
