package dev.regtune.job.fidelity;

import static dev.regtune.job.fidelity.OutcomesFixture.kernel;
import static dev.regtune.job.fidelity.OutcomesFixture.outcome;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class GroupFiguresTest {
    private final List<KernelOutcome> outcomes = List.of(
            outcome("a", "r", KernelKind.PLAIN, 10, 0, new int[] {11, 0}),
            outcome("b", "r", KernelKind.CALLS, 20, 0, new int[] {20, 0}),
            outcome("c", "r", KernelKind.PLAIN, 40, 8, new int[] {30, 40}),
            outcome("d", "r", KernelKind.LOCAL, 30, 4, new int[] {33, 6}),
            new KernelOutcome(kernel("e", "r", KernelKind.PLAIN, 99), List.of(), "parse error: f.ptx:3:1: expected X"));

    @Test
    void figuresOfTheModelByHand() {
        GroupFigures f = GroupFigures.model(outcomes, 0, "model");
        assertEquals(5, f.entries());
        assertEquals(4, f.processed()); // the parse error is an entry not processed
        assertEquals(0.8, f.shareProcessed(), 1e-12);
        assertEquals(4, f.registerPairs());
        // model 11, 20, 30, 33 against ptxas 10, 20, 40, 30: ranks differ by 1 twice, 1 - 6 * 2 / (4 * 15)
        assertEquals(0.8, f.spearman(), 1e-12);
        // errors 10%, 0%, 25%, 10%
        assertEquals((10 + 0 + 25 + 10) / 4.0, f.mapePercent(), 1e-9);
        assertEquals(0.75, f.shareWithin10(), 1e-12);
        // at 24: c (real spill, model spills), d (real spill, model spills) -> TP 2; a, b no spill either way
        assertEquals(new BinaryClassification(2, 0, 0, 2), f.spills());
        assertEquals(1.0, f.spills().f1(), 1e-12);
        assertEquals(2, f.bothSpill());
        // c: 80 / 16 = 5x (out), d: 12 / 8 = 1.5x (in)
        assertEquals(0.5, f.shareSpillWithin2x(), 1e-12);
    }

    @Test
    void theBaselineHasNoSpillBytes() {
        GroupFigures b = GroupFigures.baseline(outcomes);
        assertEquals(4, b.registerPairs());
        assertEquals(0.0, b.mapePercent(), 1e-12); // the fixture's pressure equals ptxas's count
        assertEquals(0, b.bothSpill());
        assertTrue(Double.isNaN(b.shareSpillWithin2x()));
    }

    @Test
    void theLossAddsItsFiveTerms() {
        GroupFigures f = GroupFigures.model(outcomes, 0, "model");
        assertFalse(Double.isNaN(f.shareWithin10()) || Double.isNaN(f.shareSpillWithin2x()), "every term defined");
        assertEquals(f.mapePercent() / 100 + (1 - f.spearman()) + (1 - f.shareWithin10()) + (1 - f.spills().f1())
                + (1 - f.shareSpillWithin2x()), CalibrationLoss.of(f),
                1e-12);
        GroupFigures empty = GroupFigures.model(List.of(), 0, "none");
        assertEquals(5.0, CalibrationLoss.of(empty), 1e-12); // every term undefined counts as 1
    }

    @Test
    void groupsByArchKindAndSize() {
        List<FidelityBreakdown.Group> groups = FidelityBreakdown.groups(outcomes);
        assertEquals("all", groups.get(0).label());
        assertEquals(5, groups.get(0).outcomes().size());
        assertEquals(List.of("all", "calls", "local", "plain", "32-127", "128-511"),
                groups.stream().map(FidelityBreakdown.Group::label).toList());
    }

    @Test
    void theWorstComeFirstWithTheirReasons() {
        List<FidelityBreakdown.Worst> worst = FidelityBreakdown.worst(outcomes, 0);
        assertEquals(List.of("e", "c", "a", "d", "b"), worst.stream().map(w -> w.outcome().kernel().entry()).toList());
        assertTrue(worst.get(0).reason().startsWith("parse error: f.ptx:3:1"), worst.get(0).reason());
        assertEquals("plain; 400 instructions; under by 10", worst.get(1).reason());
        assertEquals("local; 300 instructions; over by 3", worst.get(3).reason());
    }
}
