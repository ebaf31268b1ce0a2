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
        ClassRound[] last = new ClassRound[RegClass.ID_LIMIT];
        for (int round = 1; round <= maxRounds; round++) {
            boolean[] removed = s.removedCopies().clone();
            boolean spilledMore = false;
            for (RegClass c : RegClass.values()) {
                if (!classPresent[c.id()]) {
                    continue;
                }
                int colours = s.classBudgets()[c.id()];
                ClassRound previous = last[c.id()];
                if (previous != null && !previous.spilledMore()) {
                    // Nothing of this class was spilled since: the same nodes, graph and colouring.
                    for (int i : previous.mergedCopies()) {
                        removed[i] = true;
                    }
                    s.coloured(c, previous.nodes(), previous.colouring());
                    if (s.explaining()) {
                        s.report(new AllocationEvent.BriggsRound(round, c, previous.nodes().size(), colours, 0, false));
                    }
                    continue;
                }
                ClassNodes nodes = ClassNodes.build(fn, s.analyses().liveRanges(), classOf, c.id(), spilled);
                InterferenceGraph graph;
                if (previous == null) {
                    graph = BriggsAllocator.graphOf(nodes);
                } else {
                    // The last round's value numbers keep the order: its rows serve as they are.
                    nodes = ClassNodes.keepingNumbers(previous.nodes(), nodes);
                    graph = NextRoundGraph.keepingNumbers(previous.nodes(), previous.rows(), previous.degrees(), nodes);
                }
                int[][] rows = new int[nodes.count][];
                for (int x = 0; x < nodes.count; x++) {
                    rows[x] = graph.neighbours(x);
                }
                int[] degrees = graph.weightedDegrees();
                boolean[] removedBefore = removed.clone();
                ClassColouring colouring = BriggsAllocator.colourClass(fn, nodes, graph, params, colours, vregCost,
                        removed);
                s.coloured(c, nodes, colouring);
                int before = count(spilled);
                BriggsAllocator.Spills outcome = BriggsAllocator.spillsOf(nodes, colouring, vregCost, spilled);
                last[c.id()] = new ClassRound(nodes, rows, degrees, colouring, newlySet(removedBefore, removed),
                        outcome == BriggsAllocator.Spills.MORE);
                if (s.explaining()) {
                    s.report(new AllocationEvent.BriggsRound(round, c, nodes.size(), colours, count(spilled) - before,
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

    /**
     * What a class's last colouring left for the next round: its nodes, its graph's rows and
     * weighted degrees as built (before coalescing merged them; rows are never written once
     * built, so they are shared), its
     * colouring, the copies its coalescing removed, and whether it spilled more values.
     */
    private record ClassRound(ClassNodes nodes, int[][] rows, int[] degrees, ClassColouring colouring, int[] mergedCopies,
            boolean spilledMore) {
    }

    /** The indices set in {@code after} and not in {@code before}. */
    private static int[] newlySet(boolean[] before, boolean[] after) {
        int n = 0;
        for (int i = 0; i < after.length; i++) {
            n += after[i] && !before[i] ? 1 : 0;
        }
        int[] out = new int[n];
        n = 0;
        for (int i = 0; i < after.length; i++) {
            if (after[i] && !before[i]) {
                out[n++] = i;
            }
        }
        return out;
    }

    private static int count(boolean[] flags) {
        int n = 0;
        for (boolean f : flags) {
            n += f ? 1 : 0;
        }
        return n;
    }
}
