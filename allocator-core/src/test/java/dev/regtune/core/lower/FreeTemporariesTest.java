package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probe of knob {@code RegTuneLowerFreeTemporaries}: the smallest kernels holding one lowered
 * construct (a load, the construct, a store). Where registers are free ptxas 13.0.88 takes more
 * for a construct than the budget probes measure under pressure: the lowering table's smallest
 * probe of {@code rcp.rn.f32} uses 4 registers more than that of an {@code add} (3 under pressure),
 * of {@code ex2.approx.f32} 2 more on sm_80 and 4 on sm_90 (none under pressure).
 */
class FreeTemporariesTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/free_temporaries_" + arch.replace("_", "") + ".ptx");
    }

    private static final int OFF = 0;
    private static final int SEQUENCES = 1;
    private static final int ALL = 2;

    private static int registers(String arch, String entry, int mode) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.LOWER_FREE_TEMPORARIES, mode);
        return ProbeAllocations.checked(ProbeAllocations.entry(ptx(arch), entry), knobs, arch).registers();
    }

    @Test
    void theTableCarriesBothMeasurements() {
        LoweringRule rcp = LoweringTable.standard().rules("sm_90").rule("rcp.rn.f32");
        assertEquals(3, rcp.temporaries(), "under pressure (budget probes)");
        assertEquals(4, rcp.freeTemporaries(), "where registers are free (16 against the add's 12)");
        LoweringRule exp = LoweringTable.standard().rules("sm_90").rule("ex2.approx.f32");
        assertEquals(0, exp.temporaries());
        assertEquals(4, exp.freeTemporaries());
    }

    @Test
    void sequencesAreTheDefault() {
        assertEquals(SEQUENCES, (int) Knobs.defaults().get(KnobCatalogue.LOWER_FREE_TEMPORARIES));
    }

    @ParameterizedTest
    @CsvSource({"sm_90, recip, 1, 14", "sm_80, recip, 1, 14", "sm_90, fast_exp, 2, 12"})
    void theModelMovesTowardsPtxas(String arch, String entry, int mode, int ptxas) throws Exception {
        // The model: recip 12 with rcp.rn.f32's free temporaries, 10 without; fast_exp on sm_90 12
        // when single instructions take them too ('all'), 10 otherwise.
        int free = registers(arch, entry, mode);
        int pressured = registers(arch, entry, OFF);
        assertTrue(free > pressured && free <= ptxas,
                entry + " on " + arch + ": " + free + " with free temporaries, " + pressured + " without, ptxas " + ptxas);
        if (mode == ALL) {
            assertEquals(pressured, registers(arch, entry, SEQUENCES), "a single MUFU has no sequence");
        }
        assertEquals(ptxas, Ptxas.probeOrSkip(ptx(arch), arch).get(entry).registers());
    }

    @ParameterizedTest
    @CsvSource({"sm_80, fast_exp, 10", "sm_80, int_divide, 12"})
    void whereTheModelHasPtxasCountItKeepsIt(String arch, String entry, int ptxas) throws Exception {
        // ex2.approx.f32's 2 free temporaries on sm_80 and div.s32's 4 (3 under pressure) fit under
        // the kernel's peak.
        for (int mode : new int[] {OFF, SEQUENCES, ALL}) {
            assertEquals(ptxas, registers(arch, entry, mode), entry + " on " + arch + ", mode " + mode);
        }
        assertEquals(ptxas, Ptxas.probeOrSkip(ptx(arch), arch).get(entry).registers());
    }
}
