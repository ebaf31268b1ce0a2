package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RanksTest {
    @Test
    void distinctValuesGetTheirPositions() {
        assertArrayEquals(new double[] {3, 1, 2}, Ranks.average(new double[] {30, 10, 20}));
    }

    @Test
    void tiesShareTheAverageOfTheirRanks() {
        assertArrayEquals(new double[] {1, 2.5, 2.5, 4}, Ranks.average(new double[] {10, 20, 20, 30}));
        assertArrayEquals(new double[] {2, 2, 2}, Ranks.average(new double[] {5, 5, 5}));
        assertArrayEquals(new double[] {4, 2, 2, 2}, Ranks.average(new double[] {9, 1, 1, 1}));
    }

    @Test
    void emptyAndNan() {
        assertArrayEquals(new double[0], Ranks.average(new double[0]));
        assertThrows(IllegalArgumentException.class, () -> Ranks.average(new double[] {1, Double.NaN}));
    }
}
