package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.Dominators;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;

/** The analysis front half of the fat-point pipeline, for stage-level tests. */
record StageFixture(KernelFunction fn, LiveRanges ranges, ValueGroups groups, GroupFacts facts) {
    static StageFixture of(KernelFunction fn, Knobs knobs) {
        Dominators dom = Dominators.compute(fn);
        Loops loops = Loops.compute(dom);
        BlockFrequency freq = BlockFrequency.compute(loops, 10.0);
        LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn, dom));
        int[] cls = new int[fn.vregCount()];
        for (int v = 0; v < cls.length; v++) {
            cls[v] = ranges.segmentCount(v) > 0 ? fn.vregClassId(v) : 0;
        }
        ValueGroups groups = ValueGroups.build(fn, ranges, cls, knobs);
        return new StageFixture(fn, ranges, groups, GroupFacts.build(fn, groups, freq));
    }

    /** Every group of class 1 as a whole unit, with the given cost per group. */
    UnitSet unitsOfR(double[] cost) {
        UnitSet u = new UnitSet(4);
        for (int g = 0; g < groups.groupCount(); g++) {
            if (groups.classId(g) == 1) {
                u.add(g, -1, groups.pairMode(g), groups.segments(g), cost == null ? 1.0 : cost[g]);
            }
        }
        return u;
    }
}
