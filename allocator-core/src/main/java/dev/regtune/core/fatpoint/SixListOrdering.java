package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.VregFlags;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.Arrays;

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

    /** The lists in the order their units go onto the stack: three simplify lists, then two select lists. */
    private static final AllocationList[] SIMPLIFY = {AllocationList.UNCONSTRAINED, AllocationList.VERY_HIGH,
        AllocationList.HIGH};
    private static final AllocationList[] SELECT = {AllocationList.LOW_CONF, AllocationList.LOW_LATE};
    private static final int LISTS = AllocationList.values().length;

    /**
     * The colouring order of the units. Lists are int arrays filled in unit order (no boxed list
     * per attempt); the select lists are sorted as before, a stable sort by the same comparison.
     */
    static int[] order(UnitSet units, GroupFacts facts, int[] interference, int budget, boolean retry, Knobs knobs) {
        int n = units.count;
        int[] listOf = new int[n];
        int[] size = new int[LISTS];
        int pieces = 0;
        for (int u = 0; u < n; u++) {
            if (units.isPiece(u)) {
                listOf[u] = -1;
                pieces++;
                continue;
            }
            AllocationList l = classify(units, u, facts, interference[u], budget, retry, knobs);
            if (l == AllocationList.LARGE_VEC) {
                l = AllocationList.VERY_HIGH;
            }
            listOf[u] = l.ordinal();
            size[l.ordinal()]++;
        }
        int[] stack = new int[n];
        int top = 0;
        for (AllocationList l : SIMPLIFY) {
            top = append(listOf, l.ordinal(), size[l.ordinal()], stack, top);
        }
        for (AllocationList l : SELECT) {
            int from = top;
            top = append(listOf, l.ordinal(), size[l.ordinal()], stack, top);
            if (top - from > 1) {
                Integer[] sel = new Integer[top - from];
                for (int k = 0; k < sel.length; k++) {
                    sel[k] = stack[from + k];
                }
                Arrays.sort(sel, (a, b) -> {
                    double ra = units.cost[a] / Math.max(1, interference[a]);
                    double rb = units.cost[b] / Math.max(1, interference[b]);
                    int c = Double.compare(ra, rb);
                    if (c != 0) {
                        return c;
                    }
                    c = Integer.compare(units.width[b], units.width[a]);
                    return c != 0 ? c : Integer.compare(units.group[a], units.group[b]);
                });
                for (int k = 0; k < sel.length; k++) {
                    stack[from + k] = sel[k];
                }
            }
        }
        boolean pushOrder = knobs.getBool(KnobCatalogue.ASSIGN_IN_PUSH_ORDER);
        int[] order = new int[n];
        int o = 0;
        if (pieces > 0) {
            for (int u = 0; u < n; u++) {
                if (listOf[u] < 0) {
                    order[o++] = u;
                }
            }
        }
        for (int k = 0; k < top; k++) {
            order[o++] = pushOrder ? stack[k] : stack[top - 1 - k];
        }
        return order;
    }

    /** Appends the {@code count} units of list {@code list}, in unit order, to {@code stack} from {@code top}. */
    private static int append(int[] listOf, int list, int count, int[] stack, int top) {
        if (count == 0) {
            return top;
        }
        for (int u = 0; u < listOf.length; u++) {
            if (listOf[u] == list) {
                stack[top++] = u;
            }
        }
        return top;
    }
}
