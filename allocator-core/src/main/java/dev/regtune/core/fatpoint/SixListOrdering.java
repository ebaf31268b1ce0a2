package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.VregFlags;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.ArrayList;
import java.util.List;

/**
 * The allocation ordering of seed 000 (sub_93FBE0): classify every unit into one of six lists,
 * drain the simplify lists (Unconstrained, VeryHigh, High) in list order onto the assignment
 * stack, then the select lists (LowConf, LowLate), each by lowest spill-cost-to-interference
 * ratio first with ties broken by wider first and then by lower group number. The fat-point
 * allocator iterates the stack in push order (knob {@code RegAllocAssignInPushOrder}, default
 * true): the seed's "high-interference vregs that land late in the stack are colored
 * optimistically" puts the select lists last; with the knob off it pops the stack instead.
 *
 * <p>Classification order (the seed does not fix it; this one makes each list reachable):
 * width over four slots is LargeVec (merged into VeryHigh); a pair mode is VeryHigh; spill cost
 * above {@code RegAllocHighListCostThreshold}, flag 0x80000 or interference above
 * {@code RegAllocHighInterferenceFactor} x budget is High; no constraint chain is Unconstrained;
 * the rest is LowConf, or LowLate in spill-retry mode. Spilled-value pieces cannot be spilled
 * again and are always coloured first.
 */
final class SixListOrdering {
    private SixListOrdering() {
    }

    /** The list each unit belongs to. */
    static AllocationList classify(UnitSet units, int u, GroupFacts facts, int interference, int budget,
            boolean retry, Knobs knobs) {
        if (units.width[u] > 4) {
            return AllocationList.LARGE_VEC;
        }
        int g = units.group[u];
        if (units.width[u] > 1 || units.mode[u] != dev.regtune.core.ir.PairMode.SINGLE) {
            return AllocationList.VERY_HIGH;
        }
        boolean highCost = !units.isPiece(u) && units.cost[u] > knobs.get(KnobCatalogue.HIGH_LIST_COST_THRESHOLD);
        boolean highInterference = interference > knobs.get(KnobCatalogue.HIGH_INTERFERENCE_FACTOR) * budget;
        if (highCost || highInterference || (facts.flags(g) & VregFlags.HIGH_PRIORITY) != 0) {
            return AllocationList.HIGH;
        }
        if (!facts.constrained(g)) {
            return AllocationList.UNCONSTRAINED;
        }
        return retry ? AllocationList.LOW_LATE : AllocationList.LOW_CONF;
    }

    /** The colouring order of the units. */
    static int[] order(UnitSet units, GroupFacts facts, int[] interference, int budget, boolean retry, Knobs knobs) {
        int n = units.count;
        List<List<Integer>> lists = new ArrayList<>();
        for (int l = 0; l < AllocationList.values().length; l++) {
            lists.add(new ArrayList<>());
        }
        List<Integer> pieces = new ArrayList<>();
        for (int u = 0; u < n; u++) {
            if (units.isPiece(u)) {
                pieces.add(u);
                continue;
            }
            AllocationList l = classify(units, u, facts, interference[u], budget, retry, knobs);
            if (l == AllocationList.LARGE_VEC) {
                l = AllocationList.VERY_HIGH;
            }
            lists.get(l.ordinal()).add(u);
        }
        int[] stack = new int[n];
        int top = 0;
        for (AllocationList l : new AllocationList[] {AllocationList.UNCONSTRAINED, AllocationList.VERY_HIGH,
                AllocationList.HIGH}) {
            for (int u : lists.get(l.ordinal())) {
                stack[top++] = u;
            }
        }
        for (AllocationList l : new AllocationList[] {AllocationList.LOW_CONF, AllocationList.LOW_LATE}) {
            List<Integer> sel = lists.get(l.ordinal());
            sel.sort((a, b) -> {
                double ra = units.cost[a] / Math.max(1, interference[a]);
                double rb = units.cost[b] / Math.max(1, interference[b]);
                int c = Double.compare(ra, rb);
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(units.width[b], units.width[a]);
                return c != 0 ? c : Integer.compare(units.group[a], units.group[b]);
            });
            for (int u : sel) {
                stack[top++] = u;
            }
        }
        boolean pushOrder = knobs.getBool(KnobCatalogue.ASSIGN_IN_PUSH_ORDER);
        int[] order = new int[n];
        int o = 0;
        for (int u : pieces) {
            order[o++] = u;
        }
        for (int k = 0; k < top; k++) {
            order[o++] = pushOrder ? stack[k] : stack[top - 1 - k];
        }
        return order;
    }
}
