package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.Assignment;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The probe of knob {@code RegTuneOperandBanksUpTo} (operand_banks_sm90.ptx, written here):
 * ptxas 13.0.88 gives invert_channels 16 registers; the lowest free slots give 14, and with the
 * registers each instruction reads kept in different banks (parities) the model gives 16.
 */
class OperandBanksTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/operand_banks_sm90.ptx");

    private static AllocationResult allocate(int upTo) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.OPERAND_BANKS_UP_TO, upTo);
        return ProbeAllocations.checked(ProbeAllocations.entry(PTX, "invert_channels"), knobs, "sm_90");
    }

    @Test
    void keepingReadsInDifferentBanksGivesPtxasCount() throws Exception {
        int ptxas = Ptxas.probeOrSkip(PTX, "sm_90").get("invert_channels").registers();
        assertEquals(16, ptxas);
        assertEquals(ptxas, allocate(24).registers());
        assertEquals(14, allocate(0).registers(), "the lowest free slots");
    }

    @Test
    void aboveTheLimitTheLowestFreeSlotsStay() throws Exception {
        // The function's general-register pressure exceeds 4, so the preference does not apply.
        assertEquals(allocate(0).registers(), allocate(4).registers());
        assertEquals(allocate(0).assignment(), allocate(4).assignment());
    }

    @Test
    void eachStoreReadsItsDataFromTheOtherBankThanItsAddress() throws Exception {
        AllocationResult r = allocate(24);
        KernelFunction f = r.allocatedFunction();
        Assignment a = r.assignment();
        int stores = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.instrKind(i) == InstrKind.STORE_GLOBAL && !a.isSpilled(f.use(i, 1))) {
                stores++;
                assertNotEquals(a.slotOf(f.use(i, 0)) & 1, a.slotOf(f.use(i, 1)) & 1, "store " + i);
            }
        }
        assertEquals(4, stores);
    }
}
