package dev.regtune.core.unroll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import dev.regtune.core.testing.SassOpcodes;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * ptxas 13.0.88 unrolls the same on sm_80 and sm_90 (probe {@code runtime_unroll_sm80.ptx}, compiled
 * for both): a loop with a runtime trip count and one to four loads an iteration gets four copies
 * and a remainder (8, 16, 32 {@code LDG}s), one of 8 loads and 24 multiplies none, one of 7 constant
 * iterations seven. The registers still differ (runtime_1: 14 on sm_80, 22 on sm_90): sm_90 keeps the
 * pointer and the unrolled loop's bound in registers where sm_80 reads them from UR
 * ({@code RegTuneUniformLoopPointers}). The model's unroller is architecture-independent too.
 */
class RuntimeUnrollTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/runtime_unroll_sm80.ptx");

    @ParameterizedTest
    @CsvSource({"runtime_1, 8", "runtime_2, 16", "runtime_4, 32", "runtime_8_long, 8", "constant_7, 7"})
    void ptxasWritesTheSameLoadsOnBothArchitectures(String entry, int loads) throws Exception {
        assertEquals(loads, SassOpcodes.countOrSkip(PTX, "sm_80", entry, SassOpcodes.LDG));
        assertEquals(loads, SassOpcodes.countOrSkip(PTX, "sm_90", entry, SassOpcodes.LDG));
    }

    @Test
    void ptxasReportsThis() throws Exception {
        Map<String, Ptxas.EntryReport> sm80 = Ptxas.probeOrSkip(PTX, "sm_80");
        Map<String, Ptxas.EntryReport> sm90 = Ptxas.probeOrSkip(PTX, "sm_90");
        assertEquals(14, sm80.get("runtime_1").registers());
        assertEquals(22, sm90.get("runtime_1").registers());
        assertEquals(22, sm80.get("runtime_2").registers());
        assertEquals(28, sm90.get("runtime_2").registers());
        assertEquals(16, sm80.get("constant_7").registers());
        assertEquals(16, sm90.get("constant_7").registers());
    }

    @ParameterizedTest
    @CsvSource({"runtime_1", "runtime_2", "runtime_4", "runtime_8_long", "constant_7"})
    void theModelUnrollsTheSameOnBothArchitectures(String entry) throws Exception {
        KernelFunction f = ProbeAllocations.entry(PTX, entry);
        int sm80 = ProbeAllocations.opcodeCount(
                ProbeAllocations.checked(f, Knobs.defaults(), "sm_80").allocatedFunction(), "ld.global.f32");
        int sm90 = ProbeAllocations.opcodeCount(
                ProbeAllocations.checked(f, Knobs.defaults(), "sm_90").allocatedFunction(), "ld.global.f32");
        assertEquals(sm80, sm90);
        assertTrue(sm90 >= 1);
    }
}
