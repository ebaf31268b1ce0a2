package dev.regtune.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

/** Pins the budget interpolation to seed 000 (sub_937E90, allocator state +1600..+1744). */
class BudgetModelTest {
    private static final double EPS = 1e-12;

    @Test
    void defaultsPlaceTheSeedsBreakpoints() {
        BudgetModel m = BudgetModel.of(Knobs.defaults(), 256, 2);
        assertEquals(8.0, m.x0(), EPS); // 256 threads = 8 warps
        assertEquals(119.0, m.x1(), EPS);
        assertEquals(160.0, m.x2(), EPS);
        assertEquals(253.0, m.x3(), EPS); // 255 - 2 reserved
        assertEquals(0.2, m.y0(), EPS);
        assertEquals(0.2, m.y1(), EPS);
        assertEquals(0.2, m.y2(), EPS);
        assertEquals(1.0, m.y3(), EPS);
        assertEquals(0.3, m.coeffC(), EPS);
    }

    @Test
    void fractionAtAndBetweenBreakpoints() {
        BudgetModel m = BudgetModel.of(Knobs.defaults(), 256, 2);
        assertEquals(0.2, m.fraction(0), EPS, "below x0: flat at y0");
        assertEquals(0.2, m.fraction(8), EPS);
        assertEquals(0.2, m.fraction(119), EPS);
        assertEquals(0.2, m.fraction(140), EPS);
        assertEquals(0.2, m.fraction(160), EPS);
        assertEquals(0.2 + 0.8 * 0.5, m.fraction(160 + 93 / 2.0), EPS, "midpoint of [x2, x3]");
        assertEquals(0.2 + 0.8 * 0.25, m.fraction(160 + 93 / 4.0), EPS);
        assertEquals(1.0, m.fraction(253), EPS, "at x3: coefficient B");
        assertEquals(1.0, m.fraction(255), EPS, "above x3: flat at B");
    }

    @Test
    void coefficientsAreKnobs() {
        Knobs k = Knobs.defaults().with(KnobCatalogue.BUDGET_COEFF_A, 0.5).with(KnobCatalogue.BUDGET_COEFF_B, 0.9)
                .with(KnobCatalogue.BUDGET_MAX_THREADS, 100).with(KnobCatalogue.BUDGET_PRESSURE_THRESHOLD, 200);
        BudgetModel m = BudgetModel.of(k, 128, 0);
        assertEquals(0.5, m.fraction(150), EPS);
        assertEquals(0.5 + 0.4 * (27.5 / 55.0), m.fraction(227.5), EPS);
        assertEquals(0.9, m.fraction(255), EPS);
    }

    @Test
    void linearFastPathRunsFromCToB() {
        BudgetModel m = BudgetModel.of(Knobs.defaults(), 256, 2);
        assertEquals(0.3, m.linearFraction(8, 8, 64), EPS);
        assertEquals(1.0, m.linearFraction(64, 8, 64), EPS);
        assertEquals(0.65, m.linearFraction(36, 8, 64), EPS);
        assertEquals(0.3, m.linearFraction(0, 8, 64), EPS, "clamped below");
        assertEquals(1.0, m.linearFraction(100, 8, 64), EPS, "clamped above");
    }

    @Test
    void feasibilityGateFollowsSeed004() {
        BudgetModel m = BudgetModel.of(Knobs.defaults(), 256, 2);
        // pressure = (budget - spillStart) * fraction(budget) + spillStart
        // budget 253: fraction 1.0 -> pressure = 253; 0 + 0 + 253 > 253 is false
        assertFalse(m.forceExtraSpills(0, 0, 253, 0));
        assertTrue(m.forceExtraSpills(1, 0, 253, 0));
        // budget 62: fraction 0.2 -> pressure = (62 - 10) * 0.2 + 10 = 20.4; 0 + 0 + 62 > 20.4
        assertTrue(m.forceExtraSpills(0, 0, 62, 10));
    }
}
