package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The probe of knob {@code RegTuneGlobalConversionIsCopy} (conversion_copy_sm90.ptx, written
 * here): ptxas 13.0.88 emits no instruction for {@code cvta.to.global.u64}, so or_assign's two
 * pointers, their addresses and the two loaded words fit in R2 to R7 (10 registers).
 */
class GlobalConversionCopiesTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/conversion_copy_sm90.ptx");

    private static int registers(String entry, boolean copies) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.STACK_POINTER_SLOT, 1)
                .with(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD, 1)
                .with(KnobCatalogue.GLOBAL_CONVERSION_IS_COPY, copies ? 1 : 0);
        return ProbeAllocations.checked(ProbeAllocations.entry(PTX, entry), knobs, "sm_90").registers();
    }

    @Test
    void eachConversionBecomesACopy() throws Exception {
        KernelFunction f = ProbeAllocations.entry(PTX, "or_assign");
        GlobalConversionCopies.Copied copied = GlobalConversionCopies.apply(f);
        KernelFunction g = copied.function();
        assertEquals(2, copied.conversions());
        assertEquals(f.instrCount(), g.instrCount());
        assertEquals(0, ProbeAllocations.opcodeCount(g, "cvta.to.global.u64"));
        assertEquals(2, ProbeAllocations.opcodeCount(g, "mov.b64"));
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.opcode(i).equals("mov.b64")) {
                assertTrue(g.instrHas(i, InstrFlags.COPY));
                assertEquals(f.def(i, 0), g.def(i, 0));
                assertEquals(f.use(i, 0), g.use(i, 0));
            }
        }
        assertSame(g, GlobalConversionCopies.apply(g).function(), "nothing left to convert");
    }

    @Test
    void orAssignGetsPtxasCount() throws Exception {
        int ptxas = Ptxas.probeOrSkip(PTX, "sm_90").get("or_assign").registers();
        assertEquals(10, ptxas);
        assertEquals(ptxas, registers("or_assign", true));
        assertEquals(12, registers("or_assign", false), "each converted pointer in a pair of its own");
        assertEquals(0, Knobs.defaults().getInt(KnobCatalogue.GLOBAL_CONVERSION_IS_COPY), "off by default");
    }
}
