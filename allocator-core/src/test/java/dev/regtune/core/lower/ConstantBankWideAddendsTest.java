package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.VregFlags;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The probe of knob {@code RegTuneWideAddendConstantBankBelowSm} (wide_addend_sm80/sm90.ptx,
 * written here): ptxas 13.0.88 on sm_80 compiles square_store's address to {@code MOV R3, 0x4;
 * IMAD.WIDE R2, R2, R3, c[0x0][0x160]} and add_two's three addresses to three {@code IMAD.WIDE}
 * reading {@code R6, R7} and a constant-bank pointer, on sm_90 to {@code LDC.64} and
 * {@code IMAD.WIDE R2, R5, 0x4, R2}: 8 and 12 registers on sm_80, 10 and 12 on sm_90.
 */
class ConstantBankWideAddendsTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/wide_addend_" + arch.replace("_", "") + ".ptx");
    }

    private static AllocationResult allocate(String arch, String entry, int belowSm, int stackPointerSlot)
            throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.WIDE_ADDEND_CONSTANT_BANK_BELOW_SM, belowSm)
                .with(KnobCatalogue.STACK_POINTER_SLOT, stackPointerSlot);
        return ProbeAllocations.checked(ProbeAllocations.entry(ptx(arch), entry), knobs, arch);
    }

    @Test
    void eachAddReadsThePointerFromTheConstantBank() throws Exception {
        KernelFunction f = ProbeAllocations.entry(ptx("sm_80"), "add_two");
        ConstantBankWideAddends.Folded folded = ConstantBankWideAddends.apply(f);
        KernelFunction g = folded.function();
        assertEquals(3, folded.adds());
        assertEquals(3, ProbeAllocations.opcodeCount(g, "mad.wide.s32"));
        assertEquals(0, ProbeAllocations.opcodeCount(g, "mul.wide.s32"));
        assertEquals(0, ProbeAllocations.opcodeCount(g, "add.s64"));
        assertEquals(0, ProbeAllocations.opcodeCount(g, "ld.param.u64"), "no pointer is loaded");
        assertEquals(0, ProbeAllocations.opcodeCount(g, "cvta.to.global.u64"));
        assertEquals(1, ProbeAllocations.opcodeCount(g, "mov.b32"), "one register for the immediate 4");
        for (int i = 0; i < g.instrCount(); i++) {
            if (g.opcode(i).equals("mad.wide.s32")) {
                assertEquals(2, g.useCount(i), "the index and the immediate's register");
                assertTrue(g.vregHas(g.use(i, 1), VregFlags.REGISTER_IMMEDIATE));
            }
        }
    }

    @Test
    void aProductAddedToALoadedPointerStays() {
        // The pointer comes from memory, not from a parameter: SASS needs it in a register pair.
        String text = """
                .version 8.0
                .target sm_80
                .address_size 64
                .visible .entry indirect(.param .u64 table)
                {
                	.reg .b32 %r<3>;
                	.reg .b64 %rd<7>;
                	ld.param.u64 %rd1, [table];
                	cvta.to.global.u64 %rd2, %rd1;
                	ld.global.u64 %rd3, [%rd2];
                	mov.u32 %r1, %tid.x;
                	mul.wide.u32 %rd4, %r1, 4;
                	add.s64 %rd5, %rd3, %rd4;
                	st.global.u32 [%rd5], %r1;
                	ret;
                }
                """;
        KernelFunction f = PtxParser.parse(text, "indirect.ptx").functions().get(0);
        ConstantBankWideAddends.Folded folded = ConstantBankWideAddends.apply(f);
        assertEquals(0, folded.adds());
        assertSame(f, folded.function());
    }

    @Test
    void aSecondPassFindsNothing() throws Exception {
        KernelFunction once = ConstantBankWideAddends.apply(ProbeAllocations.entry(ptx("sm_80"), "square_store"))
                .function();
        assertEquals(1, ProbeAllocations.opcodeCount(once, "mad.wide.s32"));
        assertSame(once, ConstantBankWideAddends.apply(once).function());
    }

    @Test
    void sm80SquareStoreGetsPtxasCountWithTheStackPointer() throws Exception {
        int ptxas = Ptxas.probeOrSkip(ptx("sm_80"), "sm_80").get("square_store").registers();
        assertEquals(8, ptxas);
        assertEquals(ptxas, allocate("sm_80", "square_store", 90, 1).registers());
        assertEquals(10, allocate("sm_80", "square_store", 0, 1).registers(), "the pointer in a pair");
    }

    @Test
    void sm80AddTwoIsStillOffByTwo() throws Exception {
        // ptxas keeps the index and the immediate in R6, R7 beside both address pairs and puts the
        // sum in R9 (12); the model packs them into 10 with the fold, 14 with the pointers loaded.
        assertEquals(12, Ptxas.probeOrSkip(ptx("sm_80"), "sm_80").get("add_two").registers());
        assertEquals(10, allocate("sm_80", "add_two", 90, 1).registers());
        assertEquals(14, allocate("sm_80", "add_two", 0, 1).registers());
    }

    @ParameterizedTest
    @ValueSource(strings = {"square_store", "add_two"})
    void sm90KeepsItsPointersInRegisters(String entry) throws Exception {
        AllocationResult on = allocate("sm_90", entry, 90, -1);
        AllocationResult off = allocate("sm_90", entry, 0, -1);
        assertEquals(off.registers(), on.registers());
        assertTrue(ProbeAllocations.opcodeCount(on.allocatedFunction(), "ld.param.u64") > 0);
        assertEquals(0, Knobs.defaults().getInt(KnobCatalogue.WIDE_ADDEND_CONSTANT_BANK_BELOW_SM), "off by default");
    }
}
