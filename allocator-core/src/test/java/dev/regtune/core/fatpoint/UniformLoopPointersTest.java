package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probe pair of pointer parameters held across a loop ({@code RegTuneUniformLoopPointers},
 * {@code RegTuneWideAddendUniformBelowSm}): a loop under {@code .pragma "nounroll"} summing loads
 * through n pointer parameters. Indexed by {@code mul.wide} ({@code wide_n}, IMAD.WIDE), ptxas
 * 13.0.88 gives 8, 10, 12, 14 registers for n = 1..4 on sm_80 (each pointer in a uniform register
 * pair) and 12, 16, 20, 24 on sm_90 (each in a GPR pair); indexed by {@code shl.b64} ({@code lea_n},
 * LEA) 10, 12, 16 for n = 1, 2, 4 on both. The per-architecture difference of corpus-real's loop
 * kernels is this, not the unroll factor: ptxas unrolls a runtime-counted loop the same on both
 * (the same SASS size).
 */
class UniformLoopPointersTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/loop_pointers_" + arch.replace("_", "") + ".ptx");
    }

    private static int registers(String arch, String name, boolean uniform) throws Exception {
        KernelFunction f = ProbeAllocations.entry(ptx(arch), name);
        // The output pointer held through the loop ('loops'): ptxas reads it again after the loop, as the
        // default 'past-loops' does, which leaves wide_4 on sm_90 at 20 against ptxas's 24 (its four
        // addresses and loads in flight at once, which the model's loop keeps fewer of); this test is
        // about the loop's own pointers.
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.UNIFORM_LOOP_POINTERS, uniform ? 1 : 0)
                .with(KnobCatalogue.REMATERIALIZE_PARAMETER_READS, 1);
        return ProbeAllocations.checked(f, knobs, arch).registers();
    }

    @ParameterizedTest
    @CsvSource({"sm_80, wide_1, 8", "sm_80, wide_2, 10", "sm_80, wide_3, 12", "sm_80, wide_4, 14",
            "sm_80, lea_1, 10", "sm_80, lea_2, 12", "sm_80, lea_4, 16",
            "sm_90, wide_1, 12", "sm_90, wide_2, 16", "sm_90, wide_3, 20", "sm_90, wide_4, 24",
            "sm_90, lea_1, 10", "sm_90, lea_2, 12", "sm_90, lea_4, 16"})
    void withUniformPointersTheModelIsWithinTwoOfPtxas(String arch, String entry, int ptxas) throws Exception {
        int model = registers(arch, entry, true);
        assertTrue(Math.abs(model - ptxas) <= 2, entry + " on " + arch + ": model " + model + ", ptxas " + ptxas);
    }

    @Test
    void onlySm80ReadsTheWideAddendFromUr() throws Exception {
        // Each pointer: a GPR pair on sm_90, none on sm_80 (the loop's loaded value and address remain).
        assertEquals(registers("sm_90", "wide_4", false), registers("sm_90", "wide_4", true));
        assertTrue(registers("sm_80", "wide_4", true) < registers("sm_90", "wide_4", true));
        assertEquals(registers("sm_80", "lea_4", true), registers("sm_90", "lea_4", true));
    }

    @ParameterizedTest
    @CsvSource({"sm_80", "sm_90"})
    void withoutThemEachPointerHoldsAGprPair(String arch) throws Exception {
        assertEquals(registers(arch, "lea_1", false) + 10, registers(arch, "lea_4", false));
        assertTrue(registers(arch, "lea_4", false) > registers(arch, "lea_4", true));
    }

    @ParameterizedTest
    @CsvSource({"sm_80, 8, 10, 12, 14", "sm_90, 12, 16, 20, 24"})
    void ptxasReportsThis(String arch, int w1, int w2, int w3, int w4) throws Exception {
        Map<String, Ptxas.EntryReport> entries = Ptxas.probeOrSkip(ptx(arch), arch);
        assertEquals(w1, entries.get("wide_1").registers());
        assertEquals(w2, entries.get("wide_2").registers());
        assertEquals(w3, entries.get("wide_3").registers());
        assertEquals(w4, entries.get("wide_4").registers());
        assertEquals(10, entries.get("lea_1").registers());
        assertEquals(12, entries.get("lea_2").registers());
        assertEquals(16, entries.get("lea_4").registers());
    }
}
