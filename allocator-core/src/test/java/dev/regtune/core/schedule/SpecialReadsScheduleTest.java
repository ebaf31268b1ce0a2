package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The probe of knob {@code RegTuneScheduleSpecialReadsAsLoads}: ptxas 13.0.88 issues a kernel's
 * S2R reads of {@code %ctaid} and {@code %tid} together at its top, so the three indices of
 * {@code clamp_negative} (each a signed int scaled by its own {@code mul.wide.s32}) are live at
 * once: 10 registers on sm_80, 12 on sm_90 (where the multiplicands also sit in odd registers,
 * which the default knobs do not model). In PTX order each index is read just before its
 * multiply, and the model gave 8 on both.
 */
class SpecialReadsScheduleTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/special_reads_" + arch.replace("_", "") + ".ptx");
    }

    private static AllocationResult allocate(String arch, String entry, boolean asLoads) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.SCHEDULE_SPECIAL_READS_AS_LOADS, asLoads ? 1 : 0);
        return ProbeAllocations.checked(ProbeAllocations.entry(ptx(arch), entry), knobs, arch);
    }

    @ParameterizedTest
    @ValueSource(strings = {"sm_80", "sm_90"})
    void specialReadsGoFirst(String arch) throws Exception {
        assertTrue(Knobs.defaults().getBool(KnobCatalogue.SCHEDULE_SPECIAL_READS_AS_LOADS), "on by default");
        assertTrue(specialReadsBeforeFirstMultiply(allocate(arch, "clamp_negative", true).allocatedFunction()),
                "every S2R read before the first mul.wide");
        assertTrue(!specialReadsBeforeFirstMultiply(allocate(arch, "clamp_negative", false).allocatedFunction()),
                "without the knob the last index is read after the first multiply (PTX order)");
    }

    @ParameterizedTest
    @CsvSource({"sm_80, 10", "sm_90, 12"})
    void theRegistersMoveTowardsPtxas(String arch, int ptxas) throws Exception {
        int asLoads = allocate(arch, "clamp_negative", true).registers();
        int inOrder = allocate(arch, "clamp_negative", false).registers();
        assertEquals(8, inOrder, "PTX order");
        assertEquals(10, asLoads, "the three indices live together");
        assertTrue(asLoads <= ptxas);
        assertEquals(ptxas, Ptxas.probeOrSkip(ptx(arch), arch).get("clamp_negative").registers());
    }

    @ParameterizedTest
    @CsvSource({"sm_80, scale_plane, 10", "sm_90, copy_plane, 14"})
    void kernelsTheModelAlreadyMatchesKeepTheirCount(String arch, String entry, int ptxas) throws Exception {
        assertEquals(ptxas, allocate(arch, entry, true).registers());
        assertEquals(ptxas, allocate(arch, entry, false).registers());
        assertEquals(ptxas, Ptxas.probeOrSkip(ptx(arch), arch).get(entry).registers());
    }

    /** Whether every read of a special register SASS reads with S2R comes before the first {@code mul.wide}. */
    private static boolean specialReadsBeforeFirstMultiply(KernelFunction f) {
        boolean multiplied = false;
        for (int i = 0; i < f.instrCount(); i++) {
            boolean s2r = f.instrHas(i, InstrFlags.READS_DIVERGENT_SPECIAL)
                    || f.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL) && !f.instrHas(i, InstrFlags.READS_CONSTANT_BANK_SPECIAL);
            if (s2r && multiplied) {
                return false;
            }
            multiplied |= f.opcode(i).startsWith("mul.wide");
        }
        return true;
    }
}
