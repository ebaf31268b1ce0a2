package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Pins {@link RangeMax} to the maximum read element by element, over every range of arrays around
 * block sizes and long enough for the sparse table.
 */
class RangeMaxTest {
    @Test
    void everyRangeGivesTheLargestElement() {
        Random random = new Random(15);
        for (int n : new int[] {1, 2, 63, 64, 65, 127, 128, 129, 200, 511, 1000, 2100}) {
            int[] values = new int[n + 3];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt(40);
            }
            RangeMax max = new RangeMax(values, n);
            for (int a = 0; a < n; a++) {
                int expected = Integer.MIN_VALUE;
                for (int b = a; b < n; b++) {
                    expected = Math.max(expected, values[b]);
                    assertEquals(expected, max.max(a, b), "n " + n + " [" + a + ", " + b + "]");
                }
            }
        }
    }
}
