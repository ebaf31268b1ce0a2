package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BinaryClassificationTest {
    @Test
    void countsTheConfusionMatrix() {
        boolean[] predicted = {true, true, false, false, true};
        boolean[] actual = {true, false, true, false, true};
        BinaryClassification c = BinaryClassification.of(predicted, actual);
        assertEquals(new BinaryClassification(2, 1, 1, 1), c);
        assertEquals(5, c.total());
        assertEquals(2.0 / 3, c.precision(), 1e-12);
        assertEquals(2.0 / 3, c.recall(), 1e-12);
    }

    @Test
    void precisionIsUndefinedWhenNothingIsPredictedPositive() {
        BinaryClassification c = BinaryClassification.of(new boolean[] {false, false}, new boolean[] {true, false});
        assertTrue(Double.isNaN(c.precision()));
        assertEquals(0.0, c.recall());
    }

    @Test
    void recallIsUndefinedWhenNothingIsActuallyPositive() {
        BinaryClassification c = BinaryClassification.of(new boolean[] {true, false}, new boolean[] {false, false});
        assertEquals(0.0, c.precision());
        assertTrue(Double.isNaN(c.recall()));
    }

    @Test
    void bothUndefinedWhenEverythingIsNegativeOrEmpty() {
        BinaryClassification none = BinaryClassification.of(new boolean[] {false}, new boolean[] {false});
        assertTrue(Double.isNaN(none.precision()));
        assertTrue(Double.isNaN(none.recall()));
        BinaryClassification empty = BinaryClassification.of(new boolean[0], new boolean[0]);
        assertEquals(0, empty.total());
        assertTrue(Double.isNaN(empty.precision()));
        assertTrue(Double.isNaN(empty.recall()));
    }

    @Test
    void perfectPrediction() {
        BinaryClassification c = BinaryClassification.of(new boolean[] {true, false}, new boolean[] {true, false});
        assertEquals(1.0, c.precision());
        assertEquals(1.0, c.recall());
    }

    @Test
    void rejectsMismatchedOrNegativeInput() {
        assertThrows(IllegalArgumentException.class,
                () -> BinaryClassification.of(new boolean[] {true}, new boolean[0]));
        assertThrows(IllegalArgumentException.class, () -> new BinaryClassification(-1, 0, 0, 0));
    }
}
