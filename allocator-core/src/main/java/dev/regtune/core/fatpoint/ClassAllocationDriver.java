package dev.regtune.core.fatpoint;

import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.spill.BestResultRecorder;
import dev.regtune.core.spill.SpillCostModel;
import dev.regtune.core.spill.SpillGuidance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.jspecify.annotations.Nullable;

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
     * The outcome for one class; the placement itself is in the state's per-group arrays.
     *
     * @param ok whether the class fits its budget
     * @param peak slots used (highest slot + width)
     * @param attempts fat-point attempts made
     * @param spillCost total cost of the spilled values
     * @param spillCount spilled values
     */
    record ClassResult(boolean ok, int peak, int attempts, double spillCost, int spillCount) {
    }

    /**
     * Allocates the groups of class {@code cls} within {@code budget} slots, marking spilled groups
     * and recording slots in {@code cx}'s placement arrays, and reporting each decision to its
     * listener. {@code members} are the class's groups in ascending order ({@link #groupsByClass}
     * lists every class's in one pass).
     */
    static ClassResult run(FatPointState cx, FatPointScanner scanner, RegClass cls, int budget, int[] members) {
        ValueGroups groups = cx.groups();
        GroupFacts facts = cx.facts();
        Knobs knobs = cx.knobs();
        if (members.length == 0) {
            return new ClassResult(true, 0, 0, 0, 0);
        }
        budget = Math.max(1, Math.min(budget, FatPointScanner.MAX_SLOTS));
        boolean[] spilled = cx.spilled();
        // Class pressure decides the 15.0 / 3.0 weight.
        UnitSet whole = units(cx, members, spilled, new double[groups.groupCount()]);
        // The loops over the class's points and groups are methods of their own, so that C2 does
        // not compile the whole of this method again for each loop it enters by on-stack replacement.
        int classPeak = max(whole.pressure(cx.points(), null));
        double weight = SpillCostModel.weight(knobs, classPeak > budget);
        if (cx.explaining()) {
            cx.report(new AllocationEvent.ClassStarted(cls, members.length, budget, classPeak, weight));
        }
        double[] cost = costs(facts, members, groups.groupCount(), weight,
                knobs.get(KnobCatalogue.REMAT_COST_FACTOR));
        int slack = knobs.getInt(KnobCatalogue.SCAN_SLACK);
        int threshold = knobs.getInt(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS);
        boolean hints = !knobs.getBool(KnobCatalogue.NO_RETARGET_PREFS);
        int trials = knobs.getInt(KnobCatalogue.NUM_NON_SPILL_TRIALS);
        double multiplier = knobs.get(KnobCatalogue.SPILL_COST_MULTIPLIER);
        int gateThreshold = knobs.getInt(KnobCatalogue.SPILL_FEASIBILITY_THRESHOLD);
        boolean perRelief = knobs.getBool(KnobCatalogue.GUIDANCE_COST_PER_RELIEF);
        boolean spillFailed = knobs.getBool(KnobCatalogue.SPILL_FAILED_VALUE);

        // ptxas places store data after its address only where registers are free.
        StoreDataSlots storeData = cls == RegClass.R && knobs.getBool(KnobCatalogue.STORE_DATA_AFTER_ADDRESS)
                && classPeak <= knobs.getInt(KnobCatalogue.STORE_DATA_AFTER_ADDRESS_UP_TO)
                ? StoreDataSlots.of(cx.function(), groups, holdUpTo(cls, knobs))
                : StoreDataSlots.none(groups.groupCount());
        // ptxas keeps one instruction's operands in different register banks where registers are free.
        int banksUpTo = knobs.getInt(KnobCatalogue.OPERAND_BANKS_UP_TO);
        OperandBanks banks = cls == RegClass.R && banksUpTo > 0 && classPeak <= banksUpTo
                ? OperandBanks.of(cx.function(), groups, members)
                : OperandBanks.ABSENT;
        BestResultRecorder recorder = new BestResultRecorder();
        int width = groups.width(members[0]);
        int attempts = 0;
        int spilledBeforeFolding = countSpilled(spilled, members);
        fold(facts, members, spilled, knobs.getBool(KnobCatalogue.FOLD_CONSTANTS),
                knobs.getBool(KnobCatalogue.FOLD_PARAMETERS) && cx.function().kind() == FunctionKind.ENTRY,
                knobs.getBool(KnobCatalogue.FOLD_CONSTANT_BANK), knobs.getBool(KnobCatalogue.FOLD_LAUNCH_DIMENSIONS));
        // NOSPILL.
        // Folding only adds to the spilled groups: none added, the same units as the whole class.
        UnitSet units = countSpilled(spilled, members) == spilledBeforeFolding
                ? whole.withCosts(cost)
                : units(cx, members, spilled, cost);
        // ptxas keeps a store's operands busy after it while registers are free.
        int @Nullable [][] longer = holdUpTo(cls, knobs) > 0
                ? StoreOperandHolds.of(cx.function(), groups, members, knobs.getInt(KnobCatalogue.STORE_OPERAND_HOLD))
                : null;
        if (longer != null) {
            UnitSet heldUnits = units(cx, members, spilled, cost, longer);
            if (max(heldUnits.pressure(cx.points(), null)) <= Math.min(budget, holdUpTo(cls, knobs))) {
                units = heldUnits;
            }
        }
        FatPointScanner.Attempt attempt = attempt(cx, scanner, cls, units, budget, slack, threshold, hints, false,
                storeData, banks);
        attempts++;
        if (!attempt.success() && classPeak <= budget && knobs.getBool(KnobCatalogue.NOSPILL_START_ORDER)) {
            // The class fits at every point, yet the scan fragmented it: scan again in the order the
            // values start, which colours straight-line code with its peak.
            FatPointScanner.Attempt byStart = scanner.run(units, storeData.addressesFirst(startOrder(units), units),
                    cx.facts(), budget, slack, threshold, hints, hints(cx), cx.groups().groupCount(),
                    cls == RegClass.R ? knobs.getInt(KnobCatalogue.STACK_POINTER_SLOT) : -1, storeData, banks);
            attempts++;
            if (byStart.success()) {
                attempt = byStart;
            }
        }
        recorder.record(new BestResultRecorder.Result(0, attempt.success(), attempt.peak(), 0, 0, width));
        attempted(cx, cls, 0, budget, attempt, true);
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
            int over = SpillGuidance.overCount(excess);
            // Guidance chooses nothing when no point is over the target: no candidates to build.
            List<SpillGuidance.Candidate> candidates = over > 0
                    ? candidates(cx, members, spilled, cost, marked, multiplier) : List.of();
            List<Integer> chosen = SpillGuidance.choose(excess, candidates, Integer.MAX_VALUE, perRelief);
            picked(cx, cls, k, target, over, chosen, cost, perRelief);
            boolean stalled = previous != null && previous.peak() == attempt.peak()
                    && previous.spillMarks() == attempt.spillMarks();
            if (stalled || chosen.isEmpty()) {
                int spilledCount = countSpilled(spilled, members);
                boolean forced = cx.budgetModel().forceExtraSpills(attempt.spillMarks(), gateThreshold, budget,
                        spilledCount);
                int extra = forced
                        ? Math.max(1, (int) Math.ceil(cx.linearFraction() * Math.max(1, attempt.spillMarks())))
                        : 0;
                if (cx.explaining()) {
                    cx.report(new AllocationEvent.FeasibilityGate(cls, k, attempt.spillMarks(), gateThreshold, forced,
                            extra));
                }
                if (forced) {
                    for (int id : chosen) {
                        spilled[id] = true;
                    }
                    // Extra marks: the cheapest values live where pressure still reaches the target.
                    int[] tighter = excess(units(cx, members, spilled, cost), cx.points(), Math.max(0, target - 1));
                    List<Integer> more = SpillGuidance.choose(tighter,
                            candidates(cx, members, spilled, cost, marked, multiplier), extra, perRelief);
                    chosen = new ArrayList<>(chosen);
                    chosen.addAll(more);
                    cx.countForcedSpills(more.size());
                }
            }
            if (chosen.isEmpty() && spillFailed) {
                // No point is over the target, yet the scan found no slot for a value, or placed
                // values in conflict: the histogram is fragmented rather than full, so the values it
                // could not place are spilled.
                chosen = unplaced(units, attempt, spilled);
            }
            for (int id : chosen) {
                spilled[id] = true;
            }
            cx.countGuidancePicks(chosen.size());
            previous = attempt;
            units = units(cx, members, spilled, cost);
            attempt = attempt(cx, scanner, cls, units, budget, slack, threshold, hints, true, storeData, banks);
            attempts++;
            BestResultRecorder.Result r = new BestResultRecorder.Result(k, attempt.success(), attempt.peak(),
                    spillCost(members, spilled, cost), countSpilled(spilled, members), width);
            boolean kept = recorder.record(r);
            if (kept) {
                best = attempt;
                bestUnits = units;
                bestSpilled = spilled.clone();
            }
            attempted(cx, cls, k, target, attempt, kept);
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
            attempt = attempt(cx, scanner, cls, units, budget, slack, threshold, hints, true, storeData, banks);
            attempts++;
            cx.countFallbacks(1);
            if (cx.explaining()) {
                cx.report(new AllocationEvent.FallbackRan(cls, "best attempt plus guidance",
                        countSpilled(spilled, members), attempt.success()));
            }
            if (!attempt.success()) {
                // Last resort: every value of the class lives in memory between its uses; only
                // an instruction whose own operands exceed the budget can still fail.
                for (int g : members) {
                    spilled[g] = true;
                }
                units = units(cx, members, spilled, cost);
                attempt = attempt(cx, scanner, cls, units, budget, slack, threshold, hints, true, storeData, banks);
                attempts++;
                if (cx.explaining()) {
                    cx.report(new AllocationEvent.FallbackRan(cls, "every value in memory",
                            countSpilled(spilled, members), attempt.success()));
                }
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
        ClassResult result = new ClassResult(ok, attempt.peak(), attempts, spillCost(members, spilled, cost),
                countSpilled(spilled, members));
        if (cx.explaining()) {
            cx.report(new AllocationEvent.ClassFinished(cls, ok, result.peak(), attempts, result.spillCount(),
                    result.spillCost()));
        }
        return result;
    }

    /** Counts an attempt's discarded slots and reports the attempt. */
    private static void attempted(FatPointState cx, RegClass cls, int k, int target, FatPointScanner.Attempt a,
            boolean best) {
        cx.countDiscardedSlots(a.discardedSlots());
        if (cx.explaining()) {
            cx.report(new AllocationEvent.AttemptMade(cls, k, target, a.success(), a.failed(), a.peak(),
                    a.spillMarks(), a.discardedSlots(), best));
        }
    }

    /** Reports spill guidance's picks with the PTX name of each group's first register. */
    private static void picked(FatPointState cx, RegClass cls, int k, int target, int over, List<Integer> chosen,
            double[] cost, boolean perRelief) {
        if (!cx.explaining()) {
            return;
        }
        List<String> names = new ArrayList<>();
        double total = 0;
        for (int g : chosen) {
            names.add(cx.function().vregName(cx.groups().representative(g)));
            total += cost[g];
        }
        cx.report(new AllocationEvent.GuidancePicked(cls, k, target, over, names, total,
                perRelief ? "cheapest per relieved over-target point" : "cheapest first"));
    }

    /** The pressure store operands are held within (RegTuneStoreOperandHoldUpTo); 0: not held. */
    private static int holdUpTo(RegClass cls, Knobs knobs) {
        return cls == RegClass.R && knobs.getInt(KnobCatalogue.STORE_OPERAND_HOLD) > 0
                ? knobs.getInt(KnobCatalogue.STORE_OPERAND_HOLD_UP_TO) : 0;
    }

    private static FatPointScanner.Attempt attempt(FatPointState cx, FatPointScanner scanner, RegClass cls,
            UnitSet units, int budget, int slack, int threshold, boolean hints, boolean retry,
            StoreDataSlots storeData, OperandBanks banks) {
        int[] interference = new int[units.count];
        units.pressure(cx.points(), interference);
        int[] order = SixListOrdering.order(units, cx.facts(), interference, budget, retry, cx.knobs());
        int reserved = cls == RegClass.R ? cx.knobs().getInt(KnobCatalogue.STACK_POINTER_SLOT) : -1;
        return scanner.run(units, storeData.addressesFirst(order, units), cx.facts(), budget, slack, threshold,
                hints, cx.groups().hints(), cx.groups().groupCount(), reserved, storeData, banks);
    }

    /** The units by the first point of their live range, wider ones first, then by index. */
    private static int[] startOrder(UnitSet units) {
        Integer[] byStart = new Integer[units.count];
        for (int u = 0; u < units.count; u++) {
            byStart[u] = u;
        }
        Arrays.sort(byStart, Comparator.comparingInt((Integer u) -> units.segs[u].length > 0 ? units.segs[u][0] : 0)
                .thenComparingInt(u -> -units.width[u]).thenComparingInt(u -> u));
        int[] order = new int[units.count];
        for (int u = 0; u < units.count; u++) {
            order[u] = byStart[u];
        }
        return order;
    }

    private static int[] hints(FatPointState cx) {
        int[] hintOf = new int[cx.groups().groupCount()];
        for (int g = 0; g < hintOf.length; g++) {
            hintOf[g] = cx.groups().hint(g);
        }
        return hintOf;
    }

    /** Per class id (below {@link RegClass#ID_LIMIT}), its groups in ascending order. */
    static int[][] groupsByClass(ValueGroups groups) {
        int[] count = new int[RegClass.ID_LIMIT];
        for (int g = 0; g < groups.groupCount(); g++) {
            count[groups.classId(g)]++;
        }
        int[][] out = new int[RegClass.ID_LIMIT][];
        for (int c = 0; c < out.length; c++) {
            out[c] = new int[count[c]];
        }
        int[] fill = new int[RegClass.ID_LIMIT];
        for (int g = 0; g < groups.groupCount(); g++) {
            int c = groups.classId(g);
            out[c][fill[c]++] = g;
        }
        return out;
    }

    private static int max(int[] pressure) {
        int peak = 0;
        for (int x : pressure) {
            peak = Math.max(peak, x);
        }
        return peak;
    }

    /** Per group, its spill cost: the class's weight times its weighted uses, rematerializable ones scaled. */
    private static double[] costs(GroupFacts facts, int[] members, int groupCount, double weight, double rematFactor) {
        double[] cost = new double[groupCount];
        for (int g : members) {
            cost[g] = SpillCostModel.cost(weight, facts.frequencyWeightedUses(g))
                    * (facts.rematerializable(g) ? rematFactor : 1.0);
        }
        return cost;
    }

    /**
     * Marks as spilled the members folded into their instructions: immediates, parameters,
     * constant-bank and launch-dimension reads, each when its knob says so.
     */
    private static void fold(GroupFacts facts, int[] members, boolean[] spilled, boolean constants, boolean parameters,
            boolean constantBank, boolean launchDimensions) {
        for (int g : members) {
            spilled[g] |= constants && facts.immediate(g) || parameters && facts.parameter(g)
                    || constantBank && facts.constantBank(g) || launchDimensions && facts.launchDimension(g);
        }
    }

    private static UnitSet units(FatPointState cx, int[] members, boolean[] spilled, double[] cost) {
        return units(cx, members, spilled, cost, null);
    }

    private static UnitSet units(FatPointState cx, int[] members, boolean[] spilled, double[] cost,
            int @Nullable [][] segments) {
        // One unit per group kept whole, one piece per occurrence of a spilled group: sized once,
        // not doubled (six arrays copied each time) as the pieces of the spilled groups come in.
        int capacity = 0;
        for (int g : members) {
            capacity += spilled[g] ? cx.facts().occurrenceCount(g) : 1;
        }
        UnitSet u = new UnitSet(capacity);
        for (int g : members) {
            if (!spilled[g]) {
                u.add(g, -1, cx.groups().pairMode(g), segments == null ? cx.groups().segments(g) : segments[g],
                        cost[g]);
            } else {
                for (int k = 0; k < cx.facts().occurrenceCount(g); k++) {
                    int p = cx.facts().occurrence(g, k);
                    u.add(g, p, cx.groups().pairMode(g), new int[] {p, p}, Double.POSITIVE_INFINITY);
                }
            }
        }
        return u;
    }

    /** The groups the attempt could not place cleanly (failed on, or marked needs-spill), not yet spilled. */
    private static List<Integer> unplaced(UnitSet units, FatPointScanner.Attempt a, boolean[] spilled) {
        List<Integer> out = new ArrayList<>();
        for (int u = 0; u < units.count; u++) {
            int g = units.group[u];
            if (!units.isPiece(u) && !spilled[g] && (a.needsSpill()[u] || u == a.failedUnit())) {
                out.add(g);
            }
        }
        return out;
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

    private static List<SpillGuidance.Candidate> candidates(FatPointState cx, int[] members, boolean[] spilled,
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
