package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PercentageErrorTest {
    @Test
    void meanAbsolutePercentageError() {
        // 10%, 20%, 0%
        assertEquals(10.0, PercentageError.meanAbsolute(new double[] {11, 20, 30}, new double[] {10, 25, 30}), 1e-9);
    }

    @Test
    void shareWithinCountsTheBoundaryAsWithin() {
        assertEquals(2.0 / 3, PercentageError.shareWithin(new double[] {11, 20, 30}, new double[] {10, 25, 30}, 0.1),
                1e-12);
        assertEquals(1.0, PercentageError.shareWithin(new double[] {33}, new double[] {30}, 0.1), 1e-12);
        assertEquals(0.0, PercentageError.shareWithin(new double[] {34}, new double[] {30}, 0.1), 1e-12);
    }

    @Test
    void zeroActualsAreLeftOut() {
        assertEquals(50.0, PercentageError.meanAbsolute(new double[] {5, 15}, new double[] {0, 10}), 1e-9);
        assertTrue(Double.isNaN(PercentageError.meanAbsolute(new double[] {5}, new double[] {0})));
        assertTrue(Double.isNaN(PercentageError.shareWithin(new double[0], new double[0], 0.1)));
    }

    @Test
    void theSamePairsInAnotherOrderGiveTheSameBits() {
        // Errors whose floating-point sum depends on the order they are added in.
        double[] actual = new double[200];
        double[] predicted = new double[200];
        for (int i = 0; i < actual.length; i++) {
            actual[i] = 7 + i % 23;
            predicted[i] = actual[i] + (i % 5) - 2 + (i % 3) * 0.37;
        }
        double forward = PercentageError.meanAbsolute(predicted, actual);
        double[] a2 = new double[200];
        double[] p2 = new double[200];
        for (int i = 0; i < actual.length; i++) {
            a2[i] = actual[(i * 37) % 200];
            p2[i] = predicted[(i * 37) % 200];
        }
        assertEquals(Double.doubleToLongBits(forward), Double.doubleToLongBits(PercentageError.meanAbsolute(p2, a2)));
    }
}
