package dev.regtune.core.fatpoint;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.pipeline.Stage;

/**
 * Groups values that share one register (the fat-point allocator's own copy coalescing under knob
 * 618 and limits 529/530/531, and register pairs: {@link ValueGroups}) and computes the facts the
 * scan and spill guidance need per group ({@link GroupFacts}).
 */
final class ValueGroupingStage implements Stage<FatPointState> {
    @Override
    public String name() {
        return "coalesce";
    }

    @Override
    public void run(FatPointState s) {
        ValueGroups groups = ValueGroups.build(s.function(), s.analyses().liveRanges(), s.effectiveClass(), s.knobs());
        apply(s, groups, GroupFacts.build(s.function(), groups, s.analyses().frequency()));
    }

    /**
     * What {@link #run} does with {@code groups} and {@code facts}, built by this stage for another
     * state of the same function (the same code and analyses), effective classes and knobs: they
     * are read-only, so occupancy cliff landing's second allocation takes the first's.
     */
    static void apply(FatPointState s, ValueGroups groups, GroupFacts facts) {
        s.groups(groups, facts);
        boolean[] removed = s.removedCopies();
        for (int i = 0; i < removed.length; i++) {
            removed[i] |= groups.removedCopy(i);
        }
        s.countCoalescedCopies(groups.coalescedCopies());
        if (s.explaining()) {
            s.report(new AllocationEvent.ValuesGrouped(groups.groupCount(), groups.coalescedCopies()));
        }
    }
}
