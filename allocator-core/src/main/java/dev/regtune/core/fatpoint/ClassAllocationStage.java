package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.RegClass;
import dev.regtune.core.pipeline.Stage;

/**
 * Allocates each register class in turn (seed 000's class order, 1 to 6): the six-list ordering
 * ({@link SixListOrdering}), the fat-point scan ({@link FatPointScanner}) and the NOSPILL/SPILL
 * retry with spill guidance ({@link ClassAllocationDriver}). A class that cannot fit fails the
 * allocation after every class has been tried, as ptxas reports the failure once. Predicates that
 * do not fit their seven registers are kept as bits of one general register ({@link
 * PredicateBitHolder}): one the placement leaves free where they are spilled, else one more,
 * which ptxas fits within the register limit. Where one more would pass the budget the measure
 * counts none (for every family): how ptxas fits them there (rematerializing the comparisons, or a
 * register its own placement leaves free) is not modelled. Allocating class R again with one slot
 * less was tried: on corpus-real it raised spill F1 (0.860 to 0.879 on sm_90) but took spill bytes
 * within 2x from 82.5% to 78.5%, and a fragmented retry left the bundled {@code transpose_tiled}
 * with every value in memory at 24 registers, where ptxas spills nothing.
 */
final class ClassAllocationStage implements Stage<FatPointState> {
    @Override
    public String name() {
        return "order, assign, spill";
    }

    @Override
    public void run(FatPointState s) {
        FatPointScanner scanner = new FatPointScanner(s.points());
        ClassAllocationDriver.ClassResult[] results = new ClassAllocationDriver.ClassResult[RegClass.ID_LIMIT];
        int[][] members = ClassAllocationDriver.groupsByClass(s.groups());
        for (RegClass cls : RegClass.values()) {
            results[cls.id()] = ClassAllocationDriver.run(s, scanner, cls, s.classBudgets()[cls.id()],
                    members[cls.id()]);
            s.countAttempts(results[cls.id()].attempts());
        }
        ClassAllocationDriver.ClassResult p = results[RegClass.P.id()];
        if (p != null && p.spillCount() > 0) {
            holdPredicateBits(s, results);
        }
        boolean ok = true;
        for (ClassAllocationDriver.ClassResult c : results) {
            ok &= c == null || c.ok();
        }
        if (!ok) {
            s.fail();
        }
    }

    /**
     * Decides whether spilled predicates' bits take a register of their own: not when the placement
     * leaves a general register free wherever they are spilled (the measure adds none past the
     * budget either).
     */
    private static void holdPredicateBits(FatPointState s, ClassAllocationDriver.ClassResult[] results) {
        if (PredicateBitHolder.freeSlot(s, gprPeak(results))) {
            s.sharePredicateRegister();
        }
    }

    /** Slots the general-register classes use: the highest peak among them. */
    private static int gprPeak(ClassAllocationDriver.ClassResult[] results) {
        int peak = 0;
        for (RegClass c : new RegClass[] {RegClass.R, RegClass.R_ALT, RegClass.TENSOR}) {
            if (results[c.id()] != null) {
                peak = Math.max(peak, results[c.id()].peak());
            }
        }
        return peak;
    }
}
