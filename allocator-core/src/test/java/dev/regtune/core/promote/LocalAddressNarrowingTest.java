package dev.regtune.core.promote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * ptxas 13.0.88 addresses a dynamically indexed {@code .local} array from the stack pointer with
 * 32 bits (probe {@code local_frame_sm90.ptx}: eight frame addresses live across the kernel, 21
 * registers, 256 bytes of stack frame, no spills).
 */
class LocalAddressNarrowingTest {
    private static final Path PTX = Path.of("src/test/resources/ptx/ptxas/local_frame_sm90.ptx");

    private static KernelFunction probe() throws Exception {
        return PtxParser.parse(PTX).functions().get(0);
    }



    @Test
    void frameAddressesGoAndIndexedOnesTakeOneRegister() throws Exception {
        KernelFunction f = probe();
        LocalAddressNarrowing.Narrowed n = LocalAddressNarrowing.apply(f, new boolean[] {true});
        // %SPL and its eight constant offsets need no register.
        assertEquals(9, n.removed());
        // Eight indexed addresses and the eight indices added to them.
        assertEquals(16, n.narrowed());
        KernelFunction g = n.function();
        assertEquals(f.instrCount() - 9, g.instrCount());
        assertEquals(1, ProbeAllocations.opcodeCount(g, "mul.wide.u32"), "only the global address keeps its wide multiply");
        assertEquals(8, ProbeAllocations.opcodeCount(g, "mul.lo.u32"));
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.instrKind(i) == InstrKind.STORE_LOCAL) {
                assertEquals(1, g.useCount(i), "a store at a frame offset reads its data only (STL [R1+imm])");
            }
            if (g.instrKind(i) == InstrKind.LOAD_LOCAL) {
                assertEquals(1, g.vregSlots(g.use(i, 0)), "an indexed local address is one register");
            }
        }
        // The arrays stay resolved for promotion, at the instructions' new positions.
        assertEquals(f.localMemory().arrays(), g.localMemory().arrays());
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.instrKind(i) == InstrKind.LOAD_LOCAL || g.instrKind(i) == InstrKind.STORE_LOCAL) {
                assertTrue(g.localMemory().access(i) != null, "access of instruction " + i);
            }
        }
    }

    @Test
    void narrowedAddressesFitPtxasCount() throws Exception {
        int narrowed = ProbeAllocations.checkedSm90(probe(), Knobs.defaults()).registers();
        // ptxas: 21. Eight frame pairs live across the kernel without narrowing: compared at the
        // unlimited count, before occupancy cliff landing (which brings the wide kernel to 30,
        // two under the cliff of 32, since the scheduler keeps RegTuneScheduleLimitMargin free).
        Knobs unlanded = Knobs.defaults().with(KnobCatalogue.OCCUPANCY_CLIFF_STEPS, 0);
        int narrowedUnlanded = ProbeAllocations.checkedSm90(probe(), unlanded).registers();
        int wide = ProbeAllocations.checkedSm90(probe(), unlanded.with(KnobCatalogue.NARROW_LOCAL_ADDRESSES, 0))
                .registers();
        assertTrue(Math.abs(narrowed - 21) <= 3, "the model " + narrowed + ", ptxas 21");
        assertTrue(wide >= narrowedUnlanded + 12, "without narrowing " + wide + ", with " + narrowedUnlanded);
    }

    @Test
    void anEscapingArrayKeepsItsPairs() throws Exception {
        String ptx = """
                .version 8.0
                .target sm_90
                .address_size 64
                .visible .entry escapes(.param .u64 p, .param .u32 i)
                {
                	.local .align 4 .b8 __local_depot0[64];
                	.reg .b64 %SPL;
                	.reg .b32 %r<4>;
                	.reg .b64 %rd<8>;
                	mov.u64 %SPL, __local_depot0;
                	add.u64 %rd1, %SPL, 0;
                	ld.param.u64 %rd2, [p];
                	cvta.to.global.u64 %rd3, %rd2;
                	ld.param.u32 %r1, [i];
                	mul.wide.u32 %rd4, %r1, 4;
                	add.s64 %rd5, %rd1, %rd4;
                	st.local.u32 [%rd5], %r1;
                	st.global.u64 [%rd3], %rd1;
                	ret;
                }
                """;
        KernelFunction f = PtxParser.parse(ptx, "escapes.ptx").functions().get(0);
        assertTrue(f.localMemory().arrays().get(0).escapes());
        assertSame(f, LocalAddressNarrowing.apply(f, new boolean[] {false}).function());
        ProbeAllocations.checkedSm90(f, Knobs.defaults());
    }
}
