package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The probe of knob {@code RegTuneDyingOperandHints} (conversion_copy_sm90.ptx, written here):
 * ptxas 13.0.88 writes and_not_assign's second {@code IMAD.WIDE} over the pointer it adds, which
 * dies there, and its load over that address (10 registers); the lowest free pair puts the second
 * address beside the first word and the last word above both (12).
 */
class DyingOperandsTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/conversion_copy_sm90.ptx");

    private static AllocationResult allocate(boolean hints) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.STACK_POINTER_SLOT, 1)
                .with(KnobCatalogue.FUSE_WIDE_MULTIPLY_ADD, 1)
                .with(KnobCatalogue.DYING_OPERAND_HINTS, hints ? 1 : 0);
        return ProbeAllocations.checked(ProbeAllocations.entry(PTX, "and_not_assign"), knobs, "sm_90");
    }

    @Test
    void resultsTakeTheRegisterOfTheOperandDyingUnderThem() throws Exception {
        AllocationResult r = allocate(true);
        KernelFunction f = r.allocatedFunction();
        Assignment a = r.assignment();
        int multiplies = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.opcode(i).startsWith("mad.wide")) {
                multiplies++;
                int pointer = f.use(i, 0);
                assertEquals(2, f.vregSlots(pointer), "the pointer pair comes first");
                assertEquals(a.slotOf(pointer), a.slotOf(f.def(i, 0)), "IMAD.WIDE R2, R7, 0x8, R2");
            }
        }
        assertEquals(2, multiplies);
    }

    @Test
    void andNotAssignGetsPtxasCount() throws Exception {
        int ptxas = Ptxas.probeOrSkip(PTX, "sm_90").get("and_not_assign").registers();
        assertEquals(10, ptxas);
        assertEquals(ptxas, allocate(true).registers());
        assertEquals(12, allocate(false).registers());
        assertTrue(!Knobs.defaults().getBool(KnobCatalogue.DYING_OPERAND_HINTS), "off by default");
    }
}
