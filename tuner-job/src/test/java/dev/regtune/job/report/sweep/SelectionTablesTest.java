package dev.regtune.job.report.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.select.Objective;
import dev.regtune.job.select.ResultFixture;
import dev.regtune.job.select.Selection;
import dev.regtune.job.select.Selector;
import org.junit.jupiter.api.Test;

/** The report's table of the kernels that gain most, made from a selection without Spark. */
class SelectionTablesTest {
    private static TableView kernels(boolean withBounds, String objective) {
        Selection s = Selector.select(ResultFixture.timeBounds(withBounds), Objective.parse(objective), 0.7, 1);
        return SelectionTables.kernels(s).orElseThrow();
    }

    @Test
    void theCaptionCountsTheTunedKernelsAndSaysWhatBoundsTheDefault() {
        TableView t = kernels(true, "time");
        assertEquals(3, t.rows().size());
        assertEquals("latency (sm_90)", t.rows().get(0).get(0), "the kernel that gains most first");
        assertTrue(t.caption().contains("1 of 3 have a best configuration other than the default (one that beats it by at least 0.5%)."), t.caption());
        assertTrue(t.caption().contains("What bounds the default's estimated time: 1 latency-bound (1 with a better "
                + "configuration), 1 issue-bound (0 with a better configuration), 1 memory-bound (0 with a better "
                + "configuration); more warps shorten the latency bound, and the memory bound while they keep fewer "
                + "requests in flight than the memory system takes, so an issue-bound kernel, or a memory-bound one "
                + "whose warps already fill the memory parallelism, beats its default only by issuing fewer "
                + "instructions or memory requests; 0 kernels already run at full occupancy at the default (0 with a "
                + "better configuration), where no register budget or launch bound can add warps."),
                t.caption());
    }

    @Test
    void withoutTimeBoundsOrUnderAnotherObjectiveTheCaptionOnlyCounts() {
        for (TableView t : new TableView[] {kernels(false, "time"), kernels(true, "latency")}) {
            assertTrue(t.caption().contains("have a best configuration other than the default (one that beats it by at least 0.5%)."), t.caption());
            assertFalse(t.caption().contains("What bounds"), t.caption());
        }
    }
}
