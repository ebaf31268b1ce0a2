package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 reads the multiplicand of each {@code IMAD.WIDE} from an odd register (probe
 * {@code wide_multiplicands_sm90.ptx}: three special registers in R5, R7 and R9, 12 registers).
 */
class WideMultiplicandRegistersTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/wide_multiplicands_sm90.ptx");

    private static KernelFunction probe() throws Exception {
        return PtxParser.parse(PTX).functions().get(0);
    }

    @Test
    void theThreeMultiplicandsAreHighHalves() throws Exception {
        KernelFunction f = probe();
        PairMode[] modes = WideMultiplicandRegisters.of(f, ArchProfiles.of("sm_90"));
        int odd = 0;
        for (int v = 0; v < f.vregCount(); v++) {
            if (modes[v] != null) {
                assertEquals(PairMode.HI_HALF, modes[v]);
                assertTrue(f.vregName(v).startsWith("%r"), f.vregName(v));
                odd++;
            }
        }
        assertEquals(3, odd);
        for (int v = 0; v < f.vregCount(); v++) {
            if (f.vregName(v).startsWith("%rd")) {
                assertNull(modes[v], "pairs keep their mode");
            }
        }
    }

    @Test
    void beforeSm90NoMultiplicandMoves() throws Exception {
        KernelFunction f = probe();
        PairMode[] modes = WideMultiplicandRegisters.of(f, ArchProfiles.of("sm_80"));
        for (PairMode m : modes) {
            assertNull(m, "sm_80 reads the pointer from the constant bank, the factor from its own register");
        }
    }

    @Test
    void oddMultiplicandsBringTheModelTowardsPtxas() throws Exception {
        Knobs on = Knobs.defaults().with(KnobCatalogue.LOWER_ODD_WIDE_MULTIPLICANDS, 1);
        int odd = ProbeAllocations.checkedSm90(probe(), on).registers();
        int plain = ProbeAllocations.checkedSm90(probe(), on.with(KnobCatalogue.LOWER_ODD_WIDE_MULTIPLICANDS, 0))
                .registers();
        // ptxas: 12 (R5, R7, R9); the model packs them into R0-R2 without the knob.
        assertTrue(odd > plain, "odd " + odd + ", packed " + plain);
        assertTrue(Math.abs(odd - 12) <= 2, "the model " + odd + ", ptxas 12");
    }
}
