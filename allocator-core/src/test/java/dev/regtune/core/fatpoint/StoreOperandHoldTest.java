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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probe pair of store operand holds ({@code RegTuneStoreOperandHold}): {@code inverted_n}
 * loads, inverts and stores n values one after another through one address pair per direction.
 * ptxas 13.0.88 gives them 10, 12, 16 and 16 registers for n = 1, 2, 4, 8 on sm_90 and sm_80,
 * where one register for the stored value would do (12 at most): its SASS stores from R7, R9,
 * R11, R13 and then R7 again. {@code copied_8}, eight values loaded and stored, gets 20: stores
 * from R7 up to R17.
 */
class StoreOperandHoldTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/store_operand_hold_" + arch.replace("_", "") + ".ptx");
    }

    private static int registers(String arch, String name, int hold) throws Exception {
        KernelFunction f = ProbeAllocations.entry(ptx(arch), name);
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.STORE_OPERAND_HOLD, hold);
        return ProbeAllocations.checked(f, knobs, arch).registers();
    }

    @ParameterizedTest
    @CsvSource({"sm_90, inverted_1, 10", "sm_90, inverted_2, 12", "sm_90, inverted_4, 16", "sm_90, inverted_8, 16",
            "sm_90, copied_8, 20", "sm_80, inverted_1, 10", "sm_80, inverted_2, 12", "sm_80, inverted_4, 16",
            "sm_80, inverted_8, 16", "sm_80, copied_8, 20"})
    void theModelHoldsStoredValuesAsPtxasDoes(String arch, String entry, int ptxas) throws Exception {
        assertEquals(ptxas, registers(arch, entry, 10));
    }

    @ParameterizedTest
    @CsvSource({"sm_90", "sm_80"})
    void withoutHoldsEveryStoreReusesOneRegister(String arch) throws Exception {
        assertEquals(12, registers(arch, "inverted_4", 0));
        assertEquals(12, registers(arch, "inverted_8", 0));
        assertTrue(registers(arch, "copied_8", 0) <= 12, "one register for the stored value");
    }

    @ParameterizedTest
    @CsvSource({"sm_90, 10", "sm_80, 10"})
    void ptxasReportsThis(String arch, int first) throws Exception {
        Map<String, Ptxas.EntryReport> entries = Ptxas.probeOrSkip(ptx(arch), arch);
        assertEquals(first, entries.get("inverted_1").registers());
        assertEquals(12, entries.get("inverted_2").registers());
        assertEquals(16, entries.get("inverted_4").registers());
        assertEquals(16, entries.get("inverted_8").registers());
        assertEquals(20, entries.get("copied_8").registers());
    }
}
