package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SpearmanCorrelationTest {
    private static final double EPS = 1e-12;

    @Test
    void withoutTiesItIsOneMinusSixSumDSquaredOverNNSquaredMinusOne() {
        // ranks x = 1 2 3 4, ranks y = 1 3 2 4: sum d^2 = 2, rho = 1 - 6*2 / (4*15) = 0.8
        assertEquals(0.8, SpearmanCorrelation.of(new double[] {10, 20, 30, 40}, new double[] {1, 3, 2, 4}), EPS);
    }

    @Test
    void withTiesItIsPearsonOfAverageRanks() {
        // ranks y = 1 2 3.5 5 3.5 ; dx = -2 -1 0 1 2 ; dy = -2 -1 .5 2 .5
        // cov = 4 + 1 + 0 + 2 + 1 = 8 ; var x = 10 ; var y = 9.5 ; rho = 8 / sqrt(95)
        double rho = SpearmanCorrelation.of(new double[] {1, 2, 3, 4, 5}, new double[] {5, 6, 7, 8, 7});
        assertEquals(8 / Math.sqrt(95), rho, EPS);
        assertEquals(0.8207826816681233, rho, 1e-12);
    }

    @Test
    void monotoneRelationsAreOneOrMinusOne() {
        assertEquals(1.0, SpearmanCorrelation.of(new double[] {1, 2, 3}, new double[] {10, 100, 1000}), EPS);
        assertEquals(-1.0, SpearmanCorrelation.of(new double[] {1, 2, 3}, new double[] {3, 2, 1}), EPS);
    }

    @Test
    void undefinedCasesAreNan() {
        assertTrue(Double.isNaN(SpearmanCorrelation.of(new double[0], new double[0])));
        assertTrue(Double.isNaN(SpearmanCorrelation.of(new double[] {1}, new double[] {2})));
        assertTrue(Double.isNaN(SpearmanCorrelation.of(new double[] {1, 2, 3}, new double[] {7, 7, 7})));
    }

    @Test
    void samplesMustPair() {
        assertThrows(IllegalArgumentException.class,
                () -> SpearmanCorrelation.of(new double[] {1, 2}, new double[] {1}));
    }
}
