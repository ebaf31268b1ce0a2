package dev.regtune.core.model;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * The occupancy-aware budget interpolation of seed 000 (allocator state +1600..+1744): a
 * four-segment piecewise-linear map from a register count to a budget fraction, and the linear
 * fast path used by spill guidance. See the package documentation for the axes chosen.
 *
 * @param y0 coefficient A at x0
 * @param x0 start of the first segment (warps per block)
 * @param x1 max-threads breakpoint (knob, default 119)
 * @param y1 coefficient A
 * @param x2 pressure-threshold breakpoint (knob, default 160)
 * @param y2 coefficient A
 * @param x3 register limit breakpoint, 255 minus reserved registers
 * @param y3 coefficient B
 * @param coeffC coefficient C, the linear path's y at its minimum
 */
public record BudgetModel(double y0, double x0, double x1, double y1, double x2, double y2, double x3, double y3,
        double coeffC) {

    /** The model for the given knobs, threads per block and reserved registers. */
    public static BudgetModel of(Knobs knobs, int threadsPerBlock, int reservedRegisters) {
        double a = knobs.get(KnobCatalogue.BUDGET_COEFF_A);
        double b = knobs.get(KnobCatalogue.BUDGET_COEFF_B);
        double c = knobs.get(KnobCatalogue.BUDGET_COEFF_C);
        double x1 = knobs.getInt(KnobCatalogue.BUDGET_MAX_THREADS);
        double x2 = knobs.getInt(KnobCatalogue.BUDGET_PRESSURE_THRESHOLD);
        double x3 = 255.0 - reservedRegisters;
        double x0 = Math.min(Math.ceil(threadsPerBlock / 32.0), x1);
        return new BudgetModel(a, x0, x1, a, x2, a, x3, b, c);
    }

    /**
     * The budget fraction for register count {@code x}, exactly as the seed's sub_937E90: flat at
     * y0 below x0, linear on [x0,x1), [x1,x2), [x2,x3), flat at y3 from x3 on. A degenerate
     * segment (zero width) is skipped.
     */
    public double fraction(double x) {
        if (x0 > x) {
            return y0;
        }
        if (x1 > x) {
            return x1 == x0 ? y1 : y0 + (y1 - y0) / (x1 - x0) * (x - x0);
        }
        if (x2 > x) {
            return x2 == x1 ? y2 : y1 + (y2 - y1) / (x2 - x1) * (x - x1);
        }
        if (x3 > x) {
            return x3 == x2 ? y3 : y2 + (y3 - y2) / (x3 - x2) * (x - x2);
        }
        return y3;
    }

    /**
     * The linear fast path: {@code (x - xMin) * slope + C} with {@code slope = (B - C) / (xMax -
     * xMin)}, clamped to the segment between C and B.
     */
    public double linearFraction(double x, double xMin, double xMax) {
        if (xMax <= xMin) {
            return y3;
        }
        double slope = (y3 - coeffC) / (xMax - xMin);
        double f = (x - xMin) * slope + coeffC;
        double lo = Math.min(coeffC, y3);
        double hi = Math.max(coeffC, y3);
        return Math.max(lo, Math.min(hi, f));
    }

    /**
     * Seed 004's spill feasibility gate, evaluated when a spill attempt made no progress: force
     * extra spill marks when {@code nonUniformSpilled + threshold + budget > (budget - spillStart)
     * * fraction(budget) + spillStart}.
     */
    public boolean forceExtraSpills(int nonUniformSpilled, int threshold, int budget, int spillStart) {
        double pressure = (budget - spillStart) * fraction(budget) + spillStart;
        return nonUniformSpilled + threshold + budget > pressure;
    }
}
