package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.RegClass;

/**
 * Tells, before class allocation, that an allocation cannot end without storing to local memory
 * (or failing), so that occupancy cliff landing can reject a trial at a cliff without running
 * it: the trial is kept only when it stores and loads nothing.
 *
 * <p>Why it holds. A group of class R that is not rematerializable is never folded before the
 * NOSPILL attempt, so it is spilled only by the attempts' guidance or the fallbacks; spilled, it
 * goes to local memory ({@code SpillPlacementStage}: not a predicate, not rematerialized, SMEM is
 * for the uniform and tensor classes alone), and the measure then counts a store after each
 * instruction that defines one of its members, unless that instruction is a copy removed by
 * coalescing (removed copies are marked by the time the value groups exist, and no later stage
 * marks more). A
 * successful class allocation places every unspilled group on slots below the budget with no
 * conflict, so at every program point the unspilled groups live there fit in the budget. Hence,
 * when the groups of class R that are not rematerializable, not yet spilled, whose members are all
 * of class R and one of which is defined by an instruction that is not a removed copy, need more
 * slots at some point than the class budget, the allocation either fails or spills one of them and
 * stores.
 * The bound reads only what value grouping left in the state; it decides nothing an allocation
 * does, so results are the same with or without it.
 */
final class MemorySpillBound {
    private MemorySpillBound() {
    }

    /** Whether allocating {@code s} (value groups built, classes not yet allocated) must store to memory or fail. */
    static boolean certain(FatPointState s) {
        int budget = Math.max(1, Math.min(s.classBudgets()[RegClass.R.id()], FatPointScanner.MAX_SLOTS));
        boolean[] removed = s.removedCopies();
        int points = s.points();
        if (points <= 0) {
            return false;
        }
        ValueGroups groups = s.groups();
        GroupFacts facts = s.facts();
        boolean[] spilled = s.spilled();
        int[] effectiveClass = s.effectiveClass();
        int[] delta = new int[points + 1];
        boolean any = false;
        for (int g = 0; g < groups.groupCount(); g++) {
            if (groups.classId(g) != RegClass.R.id() || spilled[g] || facts.rematerializable(g)
                    || !stored(facts, g, removed) || !allOfClass(groups, effectiveClass, g, RegClass.R.id())) {
                continue;
            }
            int w = groups.width(g);
            int[] segs = groups.segments(g);
            for (int k = 0; k < segs.length; k += 2) {
                delta[segs[k]] += w;
                delta[segs[k + 1] + 1] -= w;
                any = true;
            }
        }
        if (!any) {
            return false;
        }
        int pressure = 0;
        for (int p = 0; p < points; p++) {
            pressure += delta[p];
            if (pressure > budget) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether some member of group {@code g} is defined by an instruction that is not a removed
     * copy: an occurrence at a def point (odd, {@code 2i + 1}) of a kept instruction {@code i},
     * after which the measure counts a store when the group is spilled to local memory.
     */
    private static boolean stored(GroupFacts facts, int g, boolean[] removed) {
        for (int k = 0; k < facts.occurrenceCount(g); k++) {
            int p = facts.occurrence(g, k);
            if ((p & 1) != 0 && !removed[p >>> 1]) {
                return true;
            }
        }
        return false;
    }

    private static boolean allOfClass(ValueGroups groups, int[] effectiveClass, int g, int classId) {
        for (int m = 0; m < groups.memberCount(g); m++) {
            if (effectiveClass[groups.member(g, m)] != classId) {
                return false;
            }
        }
        return true;
    }
}
