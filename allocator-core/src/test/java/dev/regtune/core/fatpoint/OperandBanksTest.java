package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import java.util.Arrays;
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
    void aValuePrefersTheParityItsPlacedCoOperandsDoNotHave() throws Exception {
        KernelFunction fn = ProbeAllocations.entry(PTX, "invert_channels");
        StageFixture p = StageFixture.of(fn, Knobs.defaults());
        int store = -1;
        for (int i = 0; i < fn.instrCount() && store < 0; i++) {
            store = fn.instrKind(i) == InstrKind.STORE_GLOBAL ? i : -1;
        }
        int address = p.groups().groupOf(fn.use(store, 0));
        int data = p.groups().groupOf(fn.use(store, 1));
        int[] members = new int[p.groups().groupCount()];
        for (int g = 0; g < members.length; g++) {
            members[g] = g;
        }
        OperandBanks banks = OperandBanks.of(fn, p.groups(), members);
        int[] slots = new int[p.groups().groupCount()];
        Arrays.fill(slots, -1);
        assertEquals(-1, banks.preferredParity(data, 1, slots), "nothing read with it is placed yet");
        slots[address] = 4;
        assertEquals(1, banks.preferredParity(data, 1, slots), "a pair at R4: the data goes odd");
        assertEquals(-1, banks.preferredParity(address, 2, slots), "pairs have no preference");
        assertEquals(-1, OperandBanks.ABSENT.preferredParity(data, 1, slots));
    }
}
