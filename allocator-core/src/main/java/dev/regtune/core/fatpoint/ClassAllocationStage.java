package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.RegClass;
import dev.regtune.core.pipeline.Stage;

/**
 * Allocates each register class in turn (seed 000's class order, 1 to 6): the six-list ordering
 * ({@link SixListOrdering}), the fat-point scan ({@link FatPointScanner}) and the NOSPILL/SPILL
 * retry with spill guidance ({@link ClassAllocationDriver}). A class that cannot fit fails the
 * allocation after every class has been tried, as ptxas reports the failure once.
 */
final class ClassAllocationStage implements Stage<FatPointState> {
    @Override
    public String name() {
        return "order, assign, spill";
    }

    @Override
    public void run(FatPointState s) {
        FatPointScanner scanner = new FatPointScanner(s.points());
        boolean ok = true;
        for (RegClass cls : RegClass.values()) {
            ClassAllocationDriver.ClassResult r = ClassAllocationDriver.run(s, scanner, cls,
                    s.classBudgets()[cls.id()]);
            s.countAttempts(r.attempts());
            ok &= r.ok();
        }
        if (!ok) {
            s.fail();
        }
    }
}
