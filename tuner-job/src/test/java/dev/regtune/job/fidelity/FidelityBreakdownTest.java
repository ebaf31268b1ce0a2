package dev.regtune.job.fidelity;

import static dev.regtune.job.fidelity.OutcomesFixture.kernel;
import static dev.regtune.job.fidelity.OutcomesFixture.pair;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FidelityBreakdownTest {
    @Test
    void joinsCasesWithKernelsAndNamesWhyTheRestWereNotProcessed() {
        FidelityCase none = new FidelityCase(List.of(pair("a", 0, 10, 0, 12, 0, 11)));
        FidelityCase tight = new FidelityCase(List.of(pair("a", 24, 10, 0, 12, 0, 11)));
        FidelityHarness.Result result = new FidelityHarness.Result(List.of("fatpoint"), List.of(none, tight), 1,
                List.of(new FidelityHarness.Unparsed("g.ptx", "g.ptx:7:3: expected an operand")), 2, 0);
        CorpusKernel a = kernel("a", "o/r", KernelKind.PLAIN, 40);
        CorpusKernel b = kernel("b", "o/r", KernelKind.CALLS, 12); // in f.ptx, but the module had no such entry
        CorpusKernel g = new CorpusKernel("g.ptx", "k", "sm_90", "o/s", new EntryTraits(KernelKind.LOCAL, 7,
                "uses .local"));
        List<KernelOutcome> outcomes = FidelityBreakdown.outcomes(result, List.of(a, b, g));

        assertEquals(List.of(none, tight), outcomes.get(0).cases());
        assertEquals("the parsed module has no such entry", outcomes.get(1).failure());
        assertEquals("parse error: g.ptx:7:3: expected an operand", outcomes.get(2).failure());
        GroupFigures f = GroupFigures.model(outcomes, 0, "model");
        assertEquals(3, f.entries());
        assertEquals(1, f.processed());

        List<FidelityBreakdown.Worst> worst = FidelityBreakdown.worst(outcomes, 0);
        assertEquals("parse error: g.ptx:7:3: expected an operand; local; 7 instructions", worst.get(1).reason());
        assertEquals("plain; 40 instructions; over by 2", worst.get(2).reason());
        assertEquals(20.0, worst.get(2).errorPercent(), 1e-12);
        assertTrue(Double.isInfinite(worst.get(0).errorPercent()));
    }
}
