package dev.regtune.core.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probe of knob {@code RegTuneScheduleUnrolledAddressesFirst}: a column sum whose loop nvcc
 * unrolls four times, each load's address the previous one's plus a stride. ptxas 13.0.88 unrolls
 * it four times again and issues all sixteen loads before the first add (32 registers on sm_80 and
 * sm_90). In the model's unrolled block the address chain goes first with the loads, so that every
 * copy's loads are in flight before their readers.
 */
class UnrolledAddressesFirstTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/unrolled_addresses_" + arch.replace("_", "") + ".ptx");
    }

    private static AllocationResult allocate(String arch, String entry, int factor, boolean addressesFirst)
            throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.UNROLL_FACTOR, factor)
                .with(KnobCatalogue.SCHEDULE_UNROLLED_ADDRESSES_FIRST, addressesFirst ? 1 : 0);
        return ProbeAllocations.checked(ProbeAllocations.entry(ptx(arch), entry), knobs, arch);
    }

    /** Global loads of the block holding unrolled copies before the first float add there. */
    private static int loadsBeforeTheFirstAdd(KernelFunction f) {
        for (int b = 0; b < f.blockCount(); b++) {
            boolean unrolled = false;
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                unrolled |= f.instrHas(i, InstrFlags.UNROLLED_COPY);
            }
            if (!unrolled) {
                continue;
            }
            int loads = 0;
            for (int i = f.blockStart(b); i < f.blockEnd(b) && !f.opcode(i).startsWith("add.f32"); i++) {
                loads += f.instrKind(i) == InstrKind.LOAD_GLOBAL ? 1 : 0;
            }
            return loads;
        }
        return -1;
    }

    @ParameterizedTest
    @CsvSource({"sm_90", "sm_80"})
    void everyCopysLoadGoesBeforeTheFirstReader(String arch) throws Exception {
        // ptxas's factor of 4 over nvcc's four loads: sixteen loads, all before the first add.
        KernelFunction early = allocate(arch, "column_sum", 4, true).allocatedFunction();
        KernelFunction late = allocate(arch, "column_sum", 4, false).allocatedFunction();
        assertEquals(16, loadsBeforeTheFirstAdd(early));
        assertTrue(loadsBeforeTheFirstAdd(late) <= 2,
                "without it each address waits behind the chain of adds: " + loadsBeforeTheFirstAdd(late));
    }

    @ParameterizedTest
    @CsvSource({"sm_90, column_sum, 32", "sm_80, column_sum, 32", "sm_90, column_sum_plain, 32",
            "sm_80, column_sum_plain, 32"})
    void theModelMovesTowardsPtxas(String arch, String entry, int ptxas) throws Exception {
        // The model: 28 with ptxas's factor of 4 (18 and 22 without), 20 with the default factor of 2.
        int early = allocate(arch, entry, 4, true).registers();
        int late = allocate(arch, entry, 4, false).registers();
        assertTrue(early > late && early <= ptxas && ptxas - early <= 4,
                entry + ": " + early + " with the addresses early, " + late + " without, ptxas " + ptxas);
        assertTrue(allocate(arch, entry, 2, true).registers() >= allocate(arch, entry, 2, false).registers());
        assertEquals(ptxas, Ptxas.probeOrSkip(ptx(arch), arch).get(entry).registers());
    }
}
