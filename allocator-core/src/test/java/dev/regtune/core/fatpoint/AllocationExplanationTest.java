package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.explain.AllocationEvent.AttemptMade;
import dev.regtune.core.explain.AllocationEvent.BudgetChosen;
import dev.regtune.core.explain.AllocationEvent.ClassFinished;
import dev.regtune.core.explain.AllocationEvent.GuidancePicked;
import dev.regtune.core.explain.AllocationEvent.RegistersCounted;
import dev.regtune.core.explain.AllocationEvent.SpillsPlaced;
import dev.regtune.core.explain.AllocationEvent.StageStarted;
import dev.regtune.core.explain.ExplanationRecorder;
import dev.regtune.core.explain.ExplanationText;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.model.RegisterBudget;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code --explain} tells about a small kernel that must spill to fit 24 registers. */
class AllocationExplanationTest {
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");

    /** 40 values live at once, summed: 43 slots of pressure against a budget of 24 (22 slots). */
    private static final KernelFunction SPILLING = SmallKernels.parallelLive(40, PairMode.SINGLE);

    private static List<AllocationEvent> explain(KernelFunction fn, int maxRegs, AllocationResult[] out) {
        ExplanationRecorder recorder = new ExplanationRecorder();
        out[0] = new FatPointAllocator().allocate(fn, Knobs.defaults(), SM90, maxRegs, recorder);
        AllocationChecker.verify(fn, out[0].assignment());
        return recorder.events();
    }

    private static <T extends AllocationEvent> List<T> of(List<AllocationEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    @Test
    void theEventsOfASpillingKernelTellEachAttemptAndWhy() {
        AllocationResult[] r = new AllocationResult[1];
        List<AllocationEvent> events = explain(SPILLING, 24, r);
        assertEquals(AllocationStatus.OK, r[0].status());
        assertTrue(r[0].spills().any(), "the kernel must spill at 24 registers");

        assertEquals(List.of("address offset folding", "symbol address loading", "duplicated fragment merging", "induction variable merging", "parameter sinking", "loop unrolling", "if-conversion", "parameter rematerialization", "schedule", "lowering", "budget", "place", "coalesce", "order, assign, spill", "spill slots", "measure"),
                of(events, StageStarted.class).stream().map(StageStarted::stage).toList());
        BudgetChosen budget = of(events, BudgetChosen.class).get(0);
        assertEquals(24, budget.budget());
        assertEquals(RegisterBudget.Source.MAXRREGCOUNT, budget.source());
        assertEquals(22, budget.gprBudget(), "24 minus the two reserved registers");

        List<AttemptMade> attempts = of(events, AttemptMade.class).stream()
                .filter(a -> a.cls() == RegClass.R).toList();
        assertEquals(0, attempts.get(0).attempt());
        assertFalse(attempts.get(0).success(), "NOSPILL cannot fit 43 slots in 22");
        assertTrue(attempts.get(attempts.size() - 1).success(), "the last attempt fits");
        assertEquals(r[0].stats().attempts(), of(events, AttemptMade.class).size(),
                "every attempt counted is an event");

        GuidancePicked first = of(events, GuidancePicked.class).get(0);
        assertEquals(RegClass.R, first.cls());
        assertEquals(1, first.attempt());
        assertTrue(first.overPoints() > 0, "guidance picks where pressure is over the target");
        assertFalse(first.picked().isEmpty());
        assertTrue(first.picked().stream().allMatch(n -> n.startsWith("%v")), first.picked().toString());
        assertEquals(r[0].stats().guidancePicks(),
                of(events, GuidancePicked.class).stream().mapToInt(g -> g.picked().size()).sum());

        ClassFinished done = of(events, ClassFinished.class).get(0);
        assertTrue(done.ok());
        assertTrue(done.peak() <= 22);
        SpillsPlaced placed = of(events, SpillsPlaced.class).get(0);
        assertTrue(placed.local() > 0);
        RegistersCounted counted = of(events, RegistersCounted.class).get(0);
        assertEquals(r[0].registers(), counted.gprPeak() + counted.reserved());

        List<String> page = ExplanationText.render(r[0], events);
        String why = page.get(page.size() - 1);
        assertTrue(why.startsWith("why " + r[0].registers() + " registers: the highest GPR slot used ends at "
                + counted.gprPeak() + ", plus 2 reserved; the budget was 24 (-maxrregcount 24); to stay within it "),
                why);
        assertTrue(page.stream().anyMatch(l -> l.contains("attempt 0 (NOSPILL): needs ")), String.join("\n", page));
        assertTrue(page.size() < 60, "a page, not a dump: " + page.size() + " lines");
    }

    @Test
    void listeningNeverChangesTheResult() {
        for (int maxRegs : new int[] {0, 24, 32}) {
            AllocationResult[] explained = new AllocationResult[1];
            explain(SPILLING, maxRegs, explained);
            AllocationResult silent = new FatPointAllocator().allocate(SPILLING, Knobs.defaults(), SM90, maxRegs);
            AllocationChecker.verify(silent.allocatedFunction(), silent.assignment());
            assertEquals(silent.withAssignment(null), explained[0].withAssignment(null));
        }
    }
}
