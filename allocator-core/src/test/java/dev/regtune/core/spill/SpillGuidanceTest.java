package dev.regtune.core.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Spill guidance (seed 004): cheapest first, or cheapest per relieved over-target point. */
class SpillGuidanceTest {
    /** Points 0..9 are one register over target. */
    private static int[] excess() {
        return new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0};
    }

    // A: cheap, live over points 0..1 only; B: dearer, live over all ten; C: helps nowhere.
    private static final SpillGuidance.Candidate A = new SpillGuidance.Candidate(0, new int[] {0, 1}, new int[0], 1,
            2.0, 2);
    private static final SpillGuidance.Candidate B = new SpillGuidance.Candidate(1, new int[] {0, 9}, new int[] {0, 9},
            1, 3.0, 10);
    private static final SpillGuidance.Candidate C = new SpillGuidance.Candidate(2, new int[] {10, 11}, new int[0], 1,
            0.5, 2);

    @Test
    void cheapestFirstTakesTheCheapHelperThenWhatIsStillNeeded() {
        int[] e = excess();
        assertEquals(List.of(0, 1), SpillGuidance.choose(e, List.of(B, C, A), Integer.MAX_VALUE));
        // B still occupies its own occurrence points 0 and 9: point 9 remains over target
        assertArrayEquals(new int[] {0, -1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, e);
    }

    @Test
    void costPerReliefPrefersTheValueThatRelievesMost() {
        // B: 3.0 over 8 relieved points (0 and 9 are its occurrences) beats A: 2.0 over 2
        assertEquals(List.of(1, 0), SpillGuidance.choose(excess(), List.of(A, B, C), Integer.MAX_VALUE, true));
    }

    @Test
    void theLimitBoundsHowManyAreChosen() {
        assertEquals(List.of(0), SpillGuidance.choose(excess(), List.of(A, B), 1));
    }
}
