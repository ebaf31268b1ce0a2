package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 reads eight loads and eight stores, each at a constant offset from one register
 * pair, through {@code [R+imm]} (probe {@code address_offsets_sm90.ptx}: 22 registers, no spills).
 */
class AddressOffsetFoldingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/address_offsets_sm90.ptx");

    private static KernelFunction probe() throws Exception {
        return PtxParser.parse(PTX).functions().get(0);
    }

    private static AllocationResult allocate(Knobs knobs) throws Exception {
        return ProbeAllocations.checkedSm90(probe(), knobs);
    }


    @Test
    void theFourteenOffsetAddsGoAndTheAccessesReadTheirBases() throws Exception {
        KernelFunction f = probe();
        AddressOffsetFolding.Folded folded = AddressOffsetFolding.apply(f);
        assertEquals(14, folded.adds());
        KernelFunction g = folded.function();
        // Two address adds of the thread's offset stay (a register is added), and the eight bounds (a setp reads them).
        assertEquals(ProbeAllocations.opcodeCount(f, "add.s64") - 14, ProbeAllocations.opcodeCount(g, "add.s64"));
        assertEquals(8, ProbeAllocations.opcodeCount(g, "add.s32"));
        int loadBase = -1;
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.instrKind(i) == InstrKind.LOAD_GLOBAL) {
                int base = g.use(i, 1);
                assertTrue(loadBase < 0 || loadBase == base, "every load reads one base");
                loadBase = base;
            }
        }
        assertEquals("%rd1", g.vregName(loadBase));
    }

    @Test
    void foldedOffsetsNeedNoRegistersAsInPtxas() throws Exception {
        int folded = allocate(Knobs.defaults()).registers();
        int kept = allocate(Knobs.defaults().with(KnobCatalogue.FOLD_ADDRESS_OFFSETS, 0)).registers();
        // ptxas: 22. Fourteen address pairs live at once without folding.
        assertTrue(Math.abs(folded - 22) <= 3, "the model " + folded + ", ptxas 22");
        assertTrue(kept >= folded + 14, "without folding " + kept + ", with " + folded);
    }

    @Test
    void anAddWhoseSumIsAlsoDataStays() throws Exception {
        String ptx = """
                .version 8.0
                .target sm_90
                .address_size 64
                .visible .entry sum_stored(.param .u64 p)
                {
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [p];
                	cvta.to.global.u64 %rd2, %rd1;
                	add.s64 %rd3, %rd2, 8;
                	st.global.u64 [%rd3], %rd3;
                	ret;
                }
                """;
        KernelFunction f = PtxParser.parse(ptx, "sum_stored.ptx").functions().get(0);
        assertEquals(0, AddressOffsetFolding.apply(f).adds());
    }
}
