package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class QuantilesTest {
    @Test
    void interpolatesBetweenOrderStatistics() {
        double[] x = {4, 1, 3, 2};
        assertEquals(2.5, Quantiles.median(x), 1e-12);
        assertEquals(1.0, Quantiles.of(x, 0), 1e-12);
        assertEquals(4.0, Quantiles.of(x, 1), 1e-12);
        double[] ten = {10, 9, 8, 7, 6, 5, 4, 3, 2, 1};
        assertEquals(1.9, Quantiles.of(ten, 0.1), 1e-12);
        assertEquals(9.1, Quantiles.of(ten, 0.9), 1e-12);
        assertEquals(3.0, Quantiles.median(new double[] {1, 3, 7}), 1e-12);
    }

    @Test
    void edgeCases() {
        assertEquals(5.0, Quantiles.of(new double[] {5}, 0.9), 1e-12);
        assertTrue(Double.isNaN(Quantiles.median(new double[0])));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.of(new double[] {1}, 1.5));
    }
}
