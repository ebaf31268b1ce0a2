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
import dev.regtune.core.explain.ExplanationRecorder;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 without a register limit lands one occupancy cliff below what it uses under an
 * explicit {@code -maxrregcount 255} (probe {@code cliff_params_sm90.ptx}: 40 registers without a
 * limit, 48 with 255 or 48, no spills at 40).
 */
class OccupancyCliffLandingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/cliff_params_sm90.ptx");
    private static final ArchProfile SM90 = ArchProfiles.of("sm_90");

    private static KernelFunction probe() throws Exception {
        return PtxParser.parse(PTX).functions().get(0);
    }

    private static AllocationResult allocate(Knobs knobs, int maxRegisters) throws Exception {
        KernelFunction f = probe();
        AllocationResult r = new FatPointAllocator().allocate(f, knobs, SM90, maxRegisters);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    @Test
    void withoutALimitTheEntryLandsOneCliffDownAsPtxas() throws Exception {
        AllocationResult landed = allocate(Knobs.defaults(), 0);
        assertEquals(40, landed.registers(), "ptxas: 40 without a limit");
        assertFalse(landed.spills().any(), "landing never spills to memory");
        assertEquals(48, allocate(Knobs.defaults().with(KnobCatalogue.OCCUPANCY_CLIFF_STEPS, 0), 0).registers(),
                "the model's own count without landing");
    }

    @Test
    void anExplicitLimitIsNotLandedBelow() throws Exception {
        // ptxas: 48 with -maxrregcount 255 and with 48.
        assertEquals(48, allocate(Knobs.defaults(), 255).registers());
        assertEquals(48, allocate(Knobs.defaults(), 48).registers());
    }

    @Test
    void theExplanationTellsTheLandingOnceAndThenTheAllocationReported() throws Exception {
        ExplanationRecorder recorder = new ExplanationRecorder();
        AllocationResult r = new FatPointAllocator().allocate(probe(), Knobs.defaults(), SM90, 0, recorder);
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        List<AllocationEvent.OccupancyCliffLanded> landed = recorder.events().stream()
                .filter(AllocationEvent.OccupancyCliffLanded.class::isInstance)
                .map(AllocationEvent.OccupancyCliffLanded.class::cast).toList();
        assertEquals(List.of(new AllocationEvent.OccupancyCliffLanded(48, 40)), landed);
        long budgets = recorder.events().stream().filter(AllocationEvent.BudgetChosen.class::isInstance).count();
        assertEquals(1, budgets, "one allocation told");
        assertEquals(40, r.registers());
    }

    /**
     * The bundled {@code permute4d_int64} on sm_90 with pointers in uniform registers: 50 registers
     * without a limit, 16 bytes spilled at the cliff of 48, none at 40 (the scheduler keeps pressure
     * lower under the lower budget); ptxas 13.0.88 uses 40 (datasets/corpus/ptxas-reference.csv).
     */
    @Test
    void aCliffThatSpillsIsPassedForTheNextOneDown() throws Exception {
        KernelFunction f = PtxParser.parse(Path.of("../datasets/corpus/ptx/sm_90/int64_index.ptx")).entries().stream()
                .filter(e -> e.name().equals("permute4d_int64")).findFirst().orElseThrow();
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        Knobs uniform = Knobs.defaults().with(KnobCatalogue.UNIFORM_LOOP_POINTERS, 1);
        FatPointAllocator allocator = new FatPointAllocator();
        AllocationResult atCliff = allocator.allocate(f, uniform, sm90, 48);
        AllocationChecker.verify(atCliff.allocatedFunction(), atCliff.assignment());
        assertTrue(atCliff.spills().any(), "the model spills at the cliff of 48");

        AllocationResult passed = allocator.allocate(f, uniform, sm90, 0);
        AllocationChecker.verify(passed.allocatedFunction(), passed.assignment());
        assertEquals(40, passed.registers(), "landed on the next cliff, 40, as ptxas");
        assertFalse(passed.spills().any());

        AllocationResult stopped = allocator.allocate(f,
                uniform.with(KnobCatalogue.OCCUPANCY_CLIFF_PAST_SPILLS, 0), sm90, 0);
        AllocationChecker.verify(stopped.allocatedFunction(), stopped.assignment());
        assertEquals(50, stopped.registers(), "stopping at the spilling cliff keeps the unlimited count");
    }
}
