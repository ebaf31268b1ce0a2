package dev.regtune.core.fatpoint;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.BudgetModel;
import dev.regtune.core.spill.BestResultRecorder;
import dev.regtune.core.spill.SpillCostModel;
import dev.regtune.core.spill.SpillGuidance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The per-class driver (seed 000/004, sub_971A90 and sub_9714E0): one NOSPILL attempt; if it
 * does not fit, up to {@code RegAllocNumNonSpillTrials} (639) SPILL attempts, each preceded by
 * spill guidance toward a target that drops with every attempt; the spill feasibility
 * gate forcing extra spill marks when an attempt made no progress; the best-result recorder;
 * and the final fallback, which spills every value the best attempt could not place plus what
 * guidance asks for below the lowest target reached, and as a last resort every value of the
 * class, before giving up.
 *
 * <p>The target of the first SPILL attempt is the budget; each later one drops by the previous
 * attempt's overshoot (its peak minus the budget, at least one register): the seed's recursive
 * descent ({@code spill_target = result - 1}) read as "aim below what the last attempt needed".
 *
 * <p>A value whose def reads no register is rematerialized rather than stored: its cost is scaled
 * by {@code RegTuneRematCostFactor}, so guidance takes it first.
 */
final class ClassAllocationDriver {
    private ClassAllocationDriver() {
    }

    /**
     * The outcome for one class.
     *
     * @param ok whether the class fits its budget
     * @param peak slots used (highest slot + width)
     * @param attempts fat-point attempts made
     * @param spilled per group of the function: spilled in this class
     * @param groupSlot per group: slot of an unspilled group, -1 otherwise
     * @param pieceSlot per group: for a spilled group, slot per occurrence index
     * @param spillCost total cost of the spilled values
     * @param spillCount spilled values
     */
    record ClassResult(boolean ok, int peak, int attempts, boolean[] spilled, int[] groupSlot, int[][] pieceSlot,
            double spillCost, int spillCount) {
    }

    /** Inputs shared by every class of one allocation. */
    record Context(ValueGroups groups, GroupFacts facts, int points, Knobs knobs, BudgetModel budgetModel,
            double linearFraction, FatPointScanner scanner, boolean[] spilled, int[] groupSlot, int[][] pieceSlot) {
    }

    static ClassResult run(Context cx, int classId, int budget) {
        ValueGroups groups = cx.groups();
        GroupFacts facts = cx.facts();
        Knobs knobs = cx.knobs();
        int[] members = groupsOfClass(groups, classId);
        if (members.length == 0) {
            return new ClassResult(true, 0, 0, cx.spilled(), cx.groupSlot(), cx.pieceSlot(), 0, 0);
        }
        budget = Math.max(1, Math.min(budget, FatPointScanner.MAX_SLOTS));
        boolean[] spilled = cx.spilled();
        // Class pressure decides the 15.0 / 3.0 weight.
        UnitSet whole = units(cx, members, spilled, new double[groups.groupCount()]);
        int[] p0 = whole.pressure(cx.points(), null);
        int classPeak = 0;
        for (int x : p0) {
            classPeak = Math.max(classPeak, x);
        }
        double weight = SpillCostModel.weight(knobs, classPeak > budget);
        double[] cost = new double[groups.groupCount()];
        double rematFactor = knobs.get(KnobCatalogue.REMAT_COST_FACTOR);
        for (int g : members) {
            cost[g] = SpillCostModel.cost(weight, facts.frequencyWeightedUses(g))
                    * (facts.rematerializable(g) ? rematFactor : 1.0);
        }
        int slack = knobs.getInt(KnobCatalogue.SCAN_SLACK);
        int threshold = knobs.getInt(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS);
        boolean hints = !knobs.getBool(KnobCatalogue.NO_RETARGET_PREFS);
        int trials = knobs.getInt(KnobCatalogue.NUM_NON_SPILL_TRIALS);
        double multiplier = knobs.get(KnobCatalogue.SPILL_COST_MULTIPLIER);
        int gateThreshold = knobs.getInt(KnobCatalogue.SPILL_FEASIBILITY_THRESHOLD);
        boolean perRelief = knobs.getBool(KnobCatalogue.GUIDANCE_COST_PER_RELIEF);

        BestResultRecorder recorder = new BestResultRecorder();
        int width = groups.width(members[0]);
        int attempts = 0;
        if (knobs.getBool(KnobCatalogue.FOLD_CONSTANTS)) {
            for (int g : members) {
                spilled[g] |= facts.immediate(g);
            }
        }
        // NOSPILL.
        UnitSet units = units(cx, members, spilled, cost);
        FatPointScanner.Attempt attempt = attempt(cx, units, budget, slack, threshold, hints, false);
        attempts++;
        recorder.record(new BestResultRecorder.Result(0, attempt.success(), attempt.peak(), 0, 0, width));
        FatPointScanner.Attempt best = attempt;
        UnitSet bestUnits = units;
        boolean[] bestSpilled = spilled.clone();
        FatPointScanner.Attempt previous = null;
        int target = budget;
        for (int k = 1; k <= trials && !attempt.success(); k++) {
            boolean[] marked = marks(units, attempt, groups.groupCount());
            // Recursive descent (sub_9714E0): the first retry aims at the budget, each later one
            // lowers the target by the previous attempt's overshoot (at least one register).
            if (k > 1) {
                target = Math.max(1, target - Math.max(1, attempt.peak() - budget));
            }
            int[] excess = excess(units, cx.points(), target);
            List<SpillGuidance.Candidate> candidates = candidates(cx, members, spilled, cost, marked, multiplier);
            List<Integer> chosen = SpillGuidance.choose(excess, candidates, Integer.MAX_VALUE, perRelief);
            boolean stalled = previous != null && previous.peak() == attempt.peak()
                    && previous.spillMarks() == attempt.spillMarks();
            if (stalled || chosen.isEmpty()) {
                int spilledCount = countSpilled(spilled, members);
                if (cx.budgetModel().forceExtraSpills(attempt.spillMarks(), gateThreshold, budget, spilledCount)) {
                    int extra = Math.max(1, (int) Math.ceil(cx.linearFraction() * Math.max(1, attempt.spillMarks())));
                    for (int id : chosen) {
                        spilled[id] = true;
                    }
                    // Extra marks: the cheapest values live where pressure still reaches the target.
                    int[] tighter = excess(units(cx, members, spilled, cost), cx.points(), Math.max(0, target - 1));
                    List<Integer> more = SpillGuidance.choose(tighter,
                            candidates(cx, members, spilled, cost, marked, multiplier), extra, perRelief);
                    chosen = new ArrayList<>(chosen);
                    chosen.addAll(more);
                }
            }
            for (int id : chosen) {
                spilled[id] = true;
            }
            previous = attempt;
            units = units(cx, members, spilled, cost);
            attempt = attempt(cx, units, budget, slack, threshold, hints, true);
            attempts++;
            BestResultRecorder.Result r = new BestResultRecorder.Result(k, attempt.success(), attempt.peak(),
                    spillCost(members, spilled, cost), countSpilled(spilled, members), width);
            if (recorder.record(r)) {
                best = attempt;
                bestUnits = units;
                bestSpilled = spilled.clone();
            }
        }
        if (!attempt.success()) {
            // Final fallback: start from the best attempt, spill what it could not place, then
            // whatever guidance asks for below the lowest target reached.
            System.arraycopy(bestSpilled, 0, spilled, 0, spilled.length);
            boolean[] marked = marks(bestUnits, best, groups.groupCount());
            for (int g : members) {
                if (marked[g] && !spilled[g]) {
                    spilled[g] = true;
                }
            }
            units = units(cx, members, spilled, cost);
            int fallbackTarget = Math.max(1, Math.min(target, budget) - Math.max(1, attempt.peak() - budget));
            int[] excess = excess(units, cx.points(), fallbackTarget);
            for (int id : SpillGuidance.choose(excess,
                    candidates(cx, members, spilled, cost, marked, multiplier), Integer.MAX_VALUE, perRelief)) {
                spilled[id] = true;
            }
            units = units(cx, members, spilled, cost);
            attempt = attempt(cx, units, budget, slack, threshold, hints, true);
            attempts++;
            if (!attempt.success()) {
                // Last resort: every value of the class lives in memory between its uses; only
                // an instruction whose own operands exceed the budget can still fail.
                for (int g : members) {
                    spilled[g] = true;
                }
                units = units(cx, members, spilled, cost);
                attempt = attempt(cx, units, budget, slack, threshold, hints, true);
                attempts++;
            }
        }
        boolean ok = attempt.success();
        for (int u = 0; u < units.count; u++) {
            int g = units.group[u];
            if (units.isPiece(u)) {
                if (cx.pieceSlot()[g] == null) {
                    cx.pieceSlot()[g] = new int[facts.occurrenceCount(g)];
                    Arrays.fill(cx.pieceSlot()[g], -1);
                }
                cx.pieceSlot()[g][facts.occurrenceIndex(g, units.piecePoint[u])] = attempt.slot()[u];
            } else {
                cx.groupSlot()[g] = attempt.slot()[u];
            }
        }
        return new ClassResult(ok, attempt.peak(), attempts, spilled, cx.groupSlot(), cx.pieceSlot(),
                spillCost(members, spilled, cost), countSpilled(spilled, members));
    }

    private static FatPointScanner.Attempt attempt(Context cx, UnitSet units, int budget, int slack, int threshold,
            boolean hints, boolean retry) {
        int[] interference = new int[units.count];
        units.pressure(cx.points(), interference);
        int[] order = SixListOrdering.order(units, cx.facts(), interference, budget, retry, cx.knobs());
        int[] hintOf = new int[cx.groups().groupCount()];
        for (int g = 0; g < hintOf.length; g++) {
            hintOf[g] = cx.groups().hint(g);
        }
        return cx.scanner().run(units, order, cx.facts(), budget, slack, threshold, hints, hintOf,
                cx.groups().groupCount());
    }

    private static int[] groupsOfClass(ValueGroups groups, int classId) {
        int n = 0;
        for (int g = 0; g < groups.groupCount(); g++) {
            if (groups.classId(g) == classId) {
                n++;
            }
        }
        int[] out = new int[n];
        n = 0;
        for (int g = 0; g < groups.groupCount(); g++) {
            if (groups.classId(g) == classId) {
                out[n++] = g;
            }
        }
        return out;
    }

    private static UnitSet units(Context cx, int[] members, boolean[] spilled, double[] cost) {
        UnitSet u = new UnitSet(members.length + 8);
        for (int g : members) {
            if (!spilled[g]) {
                u.add(g, -1, cx.groups().pairMode(g), cx.groups().segments(g), cost[g]);
            } else {
                for (int k = 0; k < cx.facts().occurrenceCount(g); k++) {
                    int p = cx.facts().occurrence(g, k);
                    u.add(g, p, cx.groups().pairMode(g), new int[] {p, p}, Double.POSITIVE_INFINITY);
                }
            }
        }
        return u;
    }

    private static boolean[] marks(UnitSet units, FatPointScanner.Attempt a, int groupCount) {
        boolean[] marked = new boolean[groupCount];
        for (int u = 0; u < units.count; u++) {
            if (units.isPiece(u)) {
                continue;
            }
            if (a.needsSpill()[u] || (a.failed() && a.slot()[u] < 0)) {
                marked[units.group[u]] = true;
            }
        }
        return marked;
    }

    private static int[] excess(UnitSet units, int points, int target) {
        int[] p = units.pressure(points, null);
        int[] e = new int[points];
        for (int i = 0; i < points; i++) {
            e[i] = p[i] - target;
        }
        return e;
    }

    private static List<SpillGuidance.Candidate> candidates(Context cx, int[] members, boolean[] spilled,
            double[] cost, boolean[] marked, double multiplier) {
        List<SpillGuidance.Candidate> out = new ArrayList<>();
        for (int g : members) {
            if (spilled[g]) {
                continue;
            }
            GroupFacts f = cx.facts();
            int[] occ = new int[f.occurrenceCount(g)];
            for (int k = 0; k < occ.length; k++) {
                occ[k] = f.occurrence(g, k);
            }
            double c = marked[g] ? cost[g] : cost[g] * multiplier;
            out.add(new SpillGuidance.Candidate(g, cx.groups().segments(g), occ, cx.groups().width(g), c,
                    f.liveLength(g)));
        }
        return out;
    }

    private static int countSpilled(boolean[] spilled, int[] members) {
        int n = 0;
        for (int g : members) {
            if (spilled[g]) {
                n++;
            }
        }
        return n;
    }

    private static double spillCost(int[] members, boolean[] spilled, double[] cost) {
        double c = 0;
        for (int g : members) {
            if (spilled[g]) {
                c += cost[g];
            }
        }
        return c;
    }
}
