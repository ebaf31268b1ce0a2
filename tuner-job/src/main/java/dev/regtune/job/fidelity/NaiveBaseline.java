package dev.regtune.job.fidelity;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.PressureProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;

/**
 * The yardstick the model has to beat: no allocator at all, just the peak number of 32-bit
 * register slots the PTX virtual registers hold at once.
 *
 * <p>Pressure is measured over the classes the PTX declares, every non-predicate register counted
 * in R slots (a 64-bit value 2, a 128-bit value 4) and predicates left out, with no register
 * reserved ("+ 0"). At a budget the baseline uses at most the budget (ptxas never reports more
 * without launch bounds) and "spills" exactly when the pressure exceeds it.
 */
public final class NaiveBaseline {
    /** ptxas's per-thread register maximum, the cap when there is no budget. */
    static final int MAX_REGISTERS = 255;

    private NaiveBaseline() {
    }

    /** Peak live pressure of the function in 32-bit R slots. */
    public static int pressure(KernelFunction fn) {
        Liveness live = Liveness.compute(fn);
        LiveRanges ranges = LiveRanges.compute(fn, live);
        int n = fn.vregCount();
        int[] slots = new int[n];
        int[] classes = new int[n];
        for (int v = 0; v < n; v++) {
            slots[v] = fn.vregSlots(v);
            classes[v] = fn.vregClass(v) == RegClass.P ? 0 : RegClass.R.id();
        }
        return PressureProfile.compute(ranges, slots, classes).maxPressure(RegClass.R);
    }

    /** The baseline's register count: the pressure, capped at the budget (0 = none) and at 255. */
    public static int registers(int pressure, int budget) {
        int cap = budget > 0 ? Math.min(budget, MAX_REGISTERS) : MAX_REGISTERS;
        return Math.min(pressure, cap);
    }

    /** Whether the baseline predicts spilling: a budget is set and the pressure exceeds it. */
    public static boolean spills(int pressure, int budget) {
        return budget > 0 && pressure > budget;
    }
}
