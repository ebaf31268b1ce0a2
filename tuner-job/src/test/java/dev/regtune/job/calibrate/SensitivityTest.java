package dev.regtune.job.calibrate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The first-order index against hand-computed values. */
class SensitivityTest {
    @Test
    void aKnobThatDecidesTheLossExplainsAllOfIt() {
        double[] x = {1, 1, 2, 2};
        double[] y = {0.5, 0.5, 1.5, 1.5};
        assertEquals(1.0, Sensitivity.firstOrder(x, y), 1e-12);
    }

    @Test
    void aKnobUnrelatedToTheLossExplainsNone() {
        double[] x = {1, 2, 1, 2};
        double[] y = {0.5, 0.5, 1.5, 1.5};
        assertEquals(0.0, Sensitivity.firstOrder(x, y), 1e-12);
    }

    @Test
    void partOfTheVariance() {
        // bins {1: 0, 1}, {2: 1, 4}: means 0.5 and 2.5 around 1.5; between = 2*1 + 2*1 = 4;
        // total = 2.25 + 0.25 + 0.25 + 6.25 = 9
        double[] x = {1, 1, 2, 2};
        double[] y = {0, 1, 1, 4};
        assertEquals(4.0 / 9.0, Sensitivity.firstOrder(x, y), 1e-12);
    }

    @Test
    void aConstantLossHasNoIndex() {
        assertTrue(Double.isNaN(Sensitivity.firstOrder(new double[] {1, 2}, new double[] {3, 3})));
    }

    @Test
    void manyValuesGoIntoFourBinsByRank() {
        double[] x = {10, 20, 30, 40, 50, 60, 70, 80};
        assertArrayEquals(new int[] {0, 0, 1, 1, 2, 2, 3, 3}, Sensitivity.bins(x));
        assertArrayEquals(new int[] {0, 1, 1, 2}, Sensitivity.bins(new double[] {1, 5, 5, 9}));
    }
}
