package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Values defined inside conditional regions and read after the joins are not held on the paths
 * that skip their definitions (liveness intersected with "maybe defined", as in SSA form). Pinned
 * to ptxas 13.0.88 on a real-world entry from {@code ../shared/corpus-real}: ptxas uses 29
 * registers; holding every such value from the kernel's entry, as plain liveness does, gave 42.
 */
class PartialDefinitionsTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/partial_defs_sm90.ptx");
    private static final String ENTRY = "propagation_test_kernel_f32_gaussian_beam_focusing_planer_compound_prism_1";

    @Test
    void valuesReadAfterAJoinAreNotHeldWhereNoDefinitionHasRun() throws Exception {
        PtxModule m = PtxParser.parse(PTX);
        KernelFunction fn = m.functions().stream().filter(f -> f.name().equals(ENTRY)).findFirst().orElseThrow();
        Liveness live = Liveness.compute(fn);
        assertEquals(0, live.liveInCount(0), "no value is defined before the entry, so none is live into it");
        AllocationResult r = FatPointAllocatorTest.allocate(fn, Knobs.defaults(), 0);
        assertTrue(Math.abs(r.registers() - 29) <= 3, "ptxas: Used 29 registers; the model " + r.registers());
        assertFalse(r.spills().any());
    }
}
