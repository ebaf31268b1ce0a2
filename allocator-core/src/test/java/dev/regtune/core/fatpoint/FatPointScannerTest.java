package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.PairMode;
import dev.regtune.core.knobs.Knobs;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Pins the fat-point scan (seed 000, sub_957160): lowest free slot, alignment, discard threshold. */
class FatPointScannerTest {
    private static FatPointScanner.Attempt run(StageFixture p, int budget, int slack, int threshold) {
        UnitSet u = p.unitsOfR(null);
        int[] order = new int[u.count];
        for (int k = 0; k < order.length; k++) {
            order[k] = k;
        }
        int[] hints = new int[p.groups().groupCount()];
        Arrays.fill(hints, -1);
        return new FatPointScanner(p.ranges().pointCount()).run(u, order, p.facts(), budget, slack, threshold, true,
                hints, p.groups().groupCount(), -1, StoreDataSlots.none(p.groups().groupCount()),
                OperandBanks.ABSENT);
    }

    @Test
    void valuesLiveTogetherTakeDistinctLowestSlots() {
        // address pair + 10 loads + accumulator: 2 + 10 + 1 = 13 slots
        StageFixture p = StageFixture.of(SmallKernels.parallelLive(10, PairMode.SINGLE), Knobs.defaults());
        FatPointScanner.Attempt a = run(p, 64, 7, 50);
        assertTrue(a.success());
        assertEquals(13, a.peak());
    }

    @Test
    void pairsAndQuadsAreAligned() {
        StageFixture p = StageFixture.of(SmallKernels.parallelLive(5, PairMode.QUAD), Knobs.defaults());
        FatPointScanner.Attempt a = run(p, 64, 7, 50);
        UnitSet u = p.unitsOfR(null);
        for (int k = 0; k < u.count; k++) {
            int s = a.slot()[k];
            assertTrue(u.mode[k].accepts(s), "unit " + k + " at slot " + s + " violates " + u.mode[k]);
        }
        // address pair at 0..1, quads at 4, 8, 12, 16, 20 (2..3 left for the accumulator)
        assertEquals(24, a.peak());
    }

    @Test
    void overBudgetValuesAreMarkedNeedsSpillInTheSlack() {
        StageFixture p = StageFixture.of(SmallKernels.parallelLive(20, PairMode.SINGLE), Knobs.defaults());
        FatPointScanner.Attempt a = run(p, 16, 7, 50);
        assertFalse(a.failed());
        assertEquals(7, a.spillMarks(), "23 slots needed, 16 available");
        assertEquals(23, a.peak(), "the marked values are committed beyond the budget");
    }

    @Test
    void theDiscardThresholdFailsTheAttemptWhenEverySlotIsCongested() {
        StageFixture p = StageFixture.of(SmallKernels.parallelLive(20, PairMode.SINGLE), Knobs.defaults());
        // no slack: every slot in the budget conflicts; each conflict spans many points
        FatPointScanner.Attempt strict = run(p, 16, 0, 0);
        assertTrue(strict.failed(), "threshold 0 discards every congested slot");
        assertTrue(strict.processed() < 23);
        FatPointScanner.Attempt lenient = run(p, 16, 0, 1_000_000);
        assertFalse(lenient.failed(), "a high threshold accepts congested slots and marks spills");
        assertTrue(lenient.spillMarks() > 0);
    }
}
