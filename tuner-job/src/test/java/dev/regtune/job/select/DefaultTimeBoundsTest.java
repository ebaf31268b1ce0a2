package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.KernelTime.Bound;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DefaultTimeBoundsTest {
    private static Selection select(ResultTable t, String objective) {
        return Selector.select(t, Objective.parse(objective), 0.7, 1);
    }

    @Test
    void countsKernelsByTheBoundOfTheirDefaultAndHowManyOfEachBeatIt() {
        Selection s = select(ResultFixture.timeBounds(true), "time");
        DefaultTimeBounds b = DefaultTimeBounds.of(s.kernels());
        assertTrue(b.known());
        assertEquals(1, b.kernels(Bound.LATENCY));
        assertEquals(1, b.tuned(Bound.LATENCY));
        assertEquals(1, b.kernels(Bound.MEMORY));
        assertEquals(0, b.tuned(Bound.MEMORY));
        assertEquals(1, b.kernels(Bound.ISSUE));
        assertEquals(0, b.tuned(Bound.ISSUE));
        assertEquals(0, b.withoutBound());
        // the row keeps its bound through the table, into the selection file's figures
        KernelBest latency = s.kernels().stream().filter(k -> k.kernel().kernelName().equals("latency")).findFirst()
                .orElseThrow();
        assertEquals(Bound.LATENCY, latency.evaluation().timeBound());
        assertEquals("b64", latency.config().configId());
    }

    @Test
    void theTimeObjectivesSummarySaysWhatBoundsTheDefault() {
        String text = summary(select(ResultFixture.timeBounds(true), "time"));
        assertTrue(text.contains("1 of 3 kernels have a best configuration other than the default"), text);
        assertTrue(text.contains("what bounds the default's estimated time: 1 latency-bound (1 with a better "
                + "configuration), 1 issue-bound (0 with a better configuration), 1 memory-bound (0 with a better "
                + "configuration); more warps shorten the latency bound, and the memory bound while they keep fewer "
                + "requests in flight than the memory system takes"), text);
    }

    @Test
    void kernelsWhoseDefaultIsAtFullOccupancyAreCountedApart() {
        // "full" runs at every warp the SM holds by default; a budget of 64 only adds its spills.
        // "half" has half the warps; the budget doubles them and halves its latency-bound time.
        KernelInfo full = new KernelInfo("full-id", "full", "sm_90", "full", "ptx/full.ptx");
        KernelInfo half = new KernelInfo("half-id", "half", "sm_90", "half", "ptx/half.ptx");
        ResultTable t = new ResultTableBuilder()
                .configuration("d", Configuration.of(Map.of()))
                .configuration("b64", Configuration.of(Map.of(Configuration.REGISTER_BUDGET, "64")))
                .add(full, "d", ResultStatus.OK, 32, 0, 900, 1.0, 3000, Bound.MEMORY)
                .add(full, "b64", ResultStatus.OK, 32, 0, 900, 1.0, 3000, Bound.MEMORY)
                .add(half, "d", ResultStatus.OK, 96, 0, 900, 0.5, 4000, Bound.LATENCY)
                .add(half, "b64", ResultStatus.OK, 64, 0, 900, 1.0, 2000, Bound.LATENCY)
                .build(new TableSource("fixture", List.of("run"), List.of("0.1.0"), List.of("0.1.0")));
        Selection s = select(t, "time");
        DefaultTimeBounds b = DefaultTimeBounds.of(s.kernels());
        assertEquals(1, b.fullOccupancy());
        assertEquals(0, b.fullOccupancyTuned());
        assertEquals(1, b.tuned(Bound.LATENCY));
        String text = summary(s);
        assertTrue(text.contains("; 1 kernel already runs at full occupancy at the default (0 with a better "
                + "configuration), where no register budget or launch bound can add warps"), text);

        DefaultTimeBounds fixture = DefaultTimeBounds.of(select(ResultFixture.timeBounds(true), "time").kernels());
        assertEquals(0, fixture.fullOccupancy()); // every row of that fixture is at occupancy 0.5
    }

    @Test
    void otherObjectivesAndTablesWithoutBoundsHaveNoSuchLine() {
        assertFalse(summary(select(ResultFixture.timeBounds(true), "latency")).contains("what bounds"));
        Selection old = select(ResultFixture.timeBounds(false), "time");
        assertFalse(DefaultTimeBounds.of(old.kernels()).known());
        assertEquals(3, DefaultTimeBounds.of(old.kernels()).withoutBound());
        assertFalse(summary(old).contains("what bounds"));
    }

    private static String summary(Selection s) {
        StringWriter w = new StringWriter();
        new SelectionSummary(s, 10).print(new PrintWriter(w));
        return w.toString();
    }
}
