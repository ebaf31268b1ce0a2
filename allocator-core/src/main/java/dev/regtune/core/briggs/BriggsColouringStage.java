package dev.regtune.core.briggs;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.LatencyTable;
import dev.regtune.core.pipeline.Stage;

/**
 * Rounds of CICC's allocator (seed 002) until every class colours: per class, build the
 * interference graph, coalesce conservatively (George, factor 0.8), simplify and select (Briggs);
 * values select could not colour are spilled and the round repeats, up to {@code
 * BriggsMaxRounds}. A temporary that cannot be coloured, with no spillable value live beside it,
 * fails the allocation.
 */
final class BriggsColouringStage implements Stage<BriggsState> {
    @Override
    public String name() {
        return "colour";
    }

    @Override
    public void run(BriggsState s) {
        KernelFunction fn = s.function();
        Knobs knobs = s.knobs();
        ArchProfile arch = s.arch();
        LatencyTable table = LatencyTable.forArch(arch);
        int latencyKnob = knobs.getInt(KnobCatalogue.BRIGGS_MEMORY_LATENCY);
        double[] vregCost = SpillCosts.compute(fn, s.analyses().loops(),
                latencyKnob > 0 ? latencyKnob : table.localLoadLatency(),
                knobs.get(KnobCatalogue.BRIGGS_LOOP_DEPTH_BASE));
        ColouringParameters params = ColouringParameters.of(knobs);
        s.start(BriggsAllocator.classes(fn, arch));
        int[] classOf = s.classOf();
        boolean[] classPresent = new boolean[RegClass.ID_LIMIT];
        for (int c : classOf) {
            classPresent[c] = true;
        }
        boolean[] spilled = s.spilled();
        int maxRounds = knobs.getInt(KnobCatalogue.BRIGGS_MAX_ROUNDS);
        for (int round = 1; round <= maxRounds; round++) {
            boolean[] removed = s.removedCopies().clone();
            boolean spilledMore = false;
            for (RegClass c : RegClass.values()) {
                if (!classPresent[c.id()]) {
                    continue;
                }
                ClassNodes nodes = ClassNodes.build(fn, s.analyses().liveRanges(), classOf, c.id(), spilled);
                int colours = s.classBudgets()[c.id()];
                ClassColouring colouring = BriggsAllocator.colourClass(fn, nodes, params, colours, vregCost, removed);
                s.coloured(c, nodes, colouring);
                int before = count(spilled);
                BriggsAllocator.Spills outcome = BriggsAllocator.spillsOf(nodes, colouring, vregCost, spilled);
                if (s.explaining()) {
                    s.report(new AllocationEvent.BriggsRound(round, c, nodes.count, colours, count(spilled) - before,
                            outcome == BriggsAllocator.Spills.IMPOSSIBLE));
                }
                if (outcome == BriggsAllocator.Spills.IMPOSSIBLE) {
                    s.countAttempts(round);
                    s.fail();
                    return;
                }
                spilledMore |= outcome == BriggsAllocator.Spills.MORE;
            }
            if (!spilledMore) {
                s.countAttempts(round);
                s.countSpilledValues(count(spilled));
                s.roundRemoved(removed);
                return;
            }
        }
        s.countAttempts(maxRounds);
        s.fail();
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }
}
