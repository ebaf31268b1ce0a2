package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.KnobCatalogue;

/**
 * Where the bits of spilled predicates live. ptxas keeps predicates that do not fit the seven
 * predicate registers as bits of a general register (P2R at the spill, R2P at the reload), which
 * it needs only where those predicates are spilled: a register the allocation leaves free there
 * serves, and none is added to the count; otherwise one more register holds them, within the
 * register limit (ptxas 13.0.88 never reports more registers than {@code -maxrregcount} for an
 * entry without launch bounds and calls, over corpus-real's 4,675 limited runs).
 */
final class PredicateBitHolder {
    private PredicateBitHolder() {
    }

    /**
     * Whether some general-register slot below {@code peak} is free at every program point where a
     * spilled predicate of {@code s}'s placement is live; true when no predicate is spilled.
     */
    static boolean freeSlot(FatPointState s, int peak) {
        ValueGroups groups = s.groups();
        boolean[] spilled = s.spilled();
        int points = s.points();
        long[] spilledAt = new long[(points + 63) >>> 6];
        boolean any = false;
        for (int g = 0; g < groups.groupCount(); g++) {
            if (groups.classId(g) == RegClass.P.id() && spilled[g]) {
                int[] segs = groups.segments(g);
                for (int k = 0; k + 1 < segs.length; k += 2) {
                    for (int p = segs[k]; p <= segs[k + 1]; p++) {
                        spilledAt[p >>> 6] |= 1L << p;
                    }
                    any = true;
                }
            }
        }
        if (!any) {
            return true;
        }
        if (peak <= 0) {
            return false;
        }
        boolean[] busy = new boolean[peak];
        int stackPointer = s.knobs().getInt(KnobCatalogue.STACK_POINTER_SLOT);
        if (stackPointer >= 0 && stackPointer < peak) {
            busy[stackPointer] = true;
        }
        GroupFacts facts = s.facts();
        for (int g = 0; g < groups.groupCount(); g++) {
            int c = groups.classId(g);
            if (c != RegClass.R.id() && c != RegClass.R_ALT.id() && c != RegClass.TENSOR.id()) {
                continue;
            }
            int width = groups.width(g);
            int slot = s.groupSlot()[g];
            if (!spilled[g] && slot >= 0) {
                int[] segs = groups.segments(g);
                for (int k = 0; k + 1 < segs.length; k += 2) {
                    if (anySet(spilledAt, segs[k], segs[k + 1])) {
                        mark(busy, slot, width);
                        break;
                    }
                }
            } else if (s.pieceSlot()[g] != null) {
                int[] pieces = s.pieceSlot()[g];
                for (int k = 0; k < pieces.length; k++) {
                    int p = facts.occurrence(g, k);
                    if (pieces[k] >= 0 && (spilledAt[p >>> 6] & (1L << p)) != 0) {
                        mark(busy, pieces[k], width);
                    }
                }
            }
        }
        for (boolean b : busy) {
            if (!b) {
                return true;
            }
        }
        return false;
    }

    private static boolean anySet(long[] bits, int from, int to) {
        for (int p = from; p <= to; p++) {
            if ((bits[p >>> 6] & (1L << p)) != 0) {
                return true;
            }
        }
        return false;
    }

    private static void mark(boolean[] busy, int slot, int width) {
        for (int x = slot; x < Math.min(busy.length, slot + width); x++) {
            busy[x] = true;
        }
    }
}
