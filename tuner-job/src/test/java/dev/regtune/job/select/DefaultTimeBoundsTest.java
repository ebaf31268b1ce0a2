package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.KernelTime.Bound;
import java.io.PrintWriter;
import java.io.StringWriter;
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
        assertEquals(ResultFixture.BUDGET_64, latency.config().configId());
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
