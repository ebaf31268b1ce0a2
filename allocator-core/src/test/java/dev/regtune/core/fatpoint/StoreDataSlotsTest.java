package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.Allocators;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The data of a 32-bit global store goes three registers above its address pair, as in ptxas
 * 13.0.88's SASS of a probe ({@code STG.E [R2.64+0x4], R5} with R0 free): 8 registers, where the
 * lowest free slots give 6 (knob {@code RegTuneStoreDataAfterAddress}).
 */
class StoreDataSlotsTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/store_data_slots_sm90.ptx");

    private static AllocationResult allocate(Knobs knobs) throws Exception {
        KernelFunction fn = PtxParser.parse(PTX).functions().get(0);
        AllocationResult r = Allocators.fatPoint().allocate(fn, knobs, ArchProfiles.of("sm_90"), 0);
        assertEquals(AllocationStatus.OK, r.status());
        AllocationChecker.verify(r.allocatedFunction(), r.assignment());
        return r;
    }

    /** Slot of the store's address minus slot of its data. */
    private static int dataAboveAddress(AllocationResult r) {
        KernelFunction f = r.allocatedFunction();
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.instrKind(i) == InstrKind.STORE_GLOBAL) {
                return r.assignment().slotOf(f.use(i, 1)) - r.assignment().slotOf(f.use(i, 0));
            }
        }
        throw new AssertionError("no store");
    }

    @Test
    void theDataTakesTheOddHalfOfTheNextPairAsInPtxas() throws Exception {
        AllocationResult r = allocate(Knobs.defaults());
        assertEquals(StoreDataSlots.OFFSET, dataAboveAddress(r), "STG.E [R2.64+0x4], R5");
        assertEquals(8, r.registers(), "ptxas: Used 8 registers");
    }

    @Test
    void aboveTheFreeRegistersTheDataTakesTheLowestFreeSlot() throws Exception {
        AllocationResult r = allocate(Knobs.defaults().with(KnobCatalogue.STORE_DATA_AFTER_ADDRESS_UP_TO, 2));
        assertEquals(6, r.registers(), "a peak pressure of 3 is over 2");
    }

    @Test
    void withoutThePreferenceTheDataTakesTheLowestFreeSlot() throws Exception {
        AllocationResult r = allocate(Knobs.defaults().with(KnobCatalogue.STORE_DATA_AFTER_ADDRESS, 0));
        assertEquals(6, r.registers());
    }
}
