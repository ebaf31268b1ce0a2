package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probes of the scheduler's margin under a register limit ({@code RegTuneScheduleLimitMargin}):
 * a loop whose body reads 6 doubles ({@code loop_6_f64}) or 24 floats ({@code loop_24_f32}), each
 * load followed by the add that reads it, gets 26, 24 and 22 registers from ptxas 13.0.88 at
 * {@code -maxrregcount} 28, 26 and 24 on sm_90 and sm_80: its scheduler hoists the loads to two
 * registers under the limit, and nothing spills. With six more values live across the loop
 * ({@code live_6_6}) ptxas still spills nothing at 24, where the model without the margin fills the
 * budget and spills 8 bytes.
 */
class ScheduleLimitMarginTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/limit_margin_" + arch.replace("_", "") + ".ptx");
    }

    private static AllocationResult allocate(String arch, String name, int limit, int margin) throws Exception {
        KernelFunction f = PtxParser.parse(ptx(arch)).functions().stream().filter(e -> e.name().equals(name))
                .findFirst().orElseThrow();
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.SCHEDULE_LIMIT_MARGIN, margin);
        AllocationResult r = Allocators.fatPoint().allocate(f, knobs, ArchProfiles.of(arch), limit);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    private static int spillBytes(AllocationResult r) {
        return r.spills().storeBytes() + r.spills().loadBytes();
    }

    @ParameterizedTest
    @CsvSource({"sm_90, loop_6_f64, 28", "sm_90, loop_6_f64, 26", "sm_90, loop_6_f64, 24",
        "sm_90, loop_24_f32, 28", "sm_90, loop_24_f32, 26", "sm_90, loop_24_f32, 24",
        "sm_80, loop_6_f64, 28", "sm_80, loop_6_f64, 26", "sm_80, loop_6_f64, 24",
        "sm_80, loop_24_f32, 28", "sm_80, loop_24_f32, 26", "sm_80, loop_24_f32, 24"})
    void theLoadsStopTwoRegistersUnderTheLimitAsPtxasDoes(String arch, String name, int limit) throws Exception {
        assertEquals(2, Knobs.defaults().getInt(KnobCatalogue.SCHEDULE_LIMIT_MARGIN));
        AllocationResult r = allocate(arch, name, limit, 2);
        assertEquals(0, spillBytes(r));
        assertEquals(limit - 2, r.registers(), "ptxas: two under the limit");
        AllocationResult full = allocate(arch, name, limit, 0);
        assertEquals(limit, full.registers(), "without the margin the loads fill the budget");
    }

    @ParameterizedTest
    @CsvSource({"sm_90", "sm_80"})
    void theMarginSparesTheSpillPtxasDoesNotMake(String arch) throws Exception {
        AllocationResult r = allocate(arch, "live_6_6", 24, 2);
        assertEquals(0, spillBytes(r), "ptxas spills nothing at -maxrregcount 24");
        assertTrue(r.registers() <= 24);
        assertTrue(spillBytes(allocate(arch, "live_6_6", 24, 0)) > 0,
                "without the margin the hoisted loads leave the fat-point scan no free pair");
    }

    @ParameterizedTest
    @CsvSource({"sm_90, 28, 26, 26, 26", "sm_90, 26, 24, 24, 24", "sm_90, 24, 22, 22, 24",
        "sm_80, 28, 26, 26, 28", "sm_80, 26, 24, 24, 26", "sm_80, 24, 22, 22, 24"})
    void ptxasReportsThis(String arch, int limit, int loop6, int loop24, int live) throws Exception {
        Ptxas ptxas = Ptxas.find();
        assumeTrue(ptxas != null, "ptxas is not on PATH: skipping the check against the real compiler");
        Ptxas.Run run = ptxas.run(ptx(arch), arch, limit);
        assertTrue(run.accepted(), run.output());
        assertEquals(loop6, run.entries().get("loop_6_f64").registers());
        assertEquals(loop24, run.entries().get("loop_24_f32").registers());
        assertEquals(live, run.entries().get("live_6_6").registers());
        for (Ptxas.EntryReport e : run.entries().values()) {
            assertEquals(0, e.spillStoreBytes() + e.spillLoadBytes(), run.output());
        }
    }
}
