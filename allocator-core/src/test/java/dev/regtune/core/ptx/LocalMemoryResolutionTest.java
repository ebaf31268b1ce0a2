package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalAccess;
import dev.regtune.core.ir.LocalArray;
import dev.regtune.core.ir.LocalMemory;

/** How the front end resolves which {@code .local} array each instruction loads, stores or addresses. */
class LocalMemoryResolutionTest {
    private static final String ARR = ".local .align 8 .b8 arr[32];\n";

    /** "opcode role@offset" per instruction that touches the array. */
    private static List<String> accesses(KernelFunction f) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < f.instrCount(); i++) {
            LocalAccess x = f.localMemory().access(i);
            if (x != null) {
                out.add(f.opcode(i) + " " + x.role() + (x.role() == LocalAccess.Role.ADDRESS ? ""
                        : "@" + (x.constantOffset() ? String.valueOf(x.offset()) : "dyn") + "x" + x.elementBytes()
                                + "*" + x.elements() + "/" + Integer.toBinaryString(x.registerMask())));
            }
        }
        return out;
    }

    @Test
    void constantOffsetsFollowAddressArithmetic() {
        KernelFunction f = entry(ARR + "mov.u64 %rd1, arr;\nst.local.u32 [%rd1+4], %r1;\nadd.u64 %rd2, %rd1, 8;\n"
                + "ld.local.u32 %r2, [%rd2+4];\nsub.s64 %rd3, %rd2, -4;\ncvta.local.u64 %rd4, %rd3;\n"
                + "ld.u32 %r3, [%rd4+-4];\nst.local.v2.u32 [arr+24], {%r1, 7};\nld.local.v4.u32 {%r4, _, %r5, _}, [arr];\n"
                + "st.local.u32 [arr+WARP_SZ-4], 0;");
        assertEquals(List.of(new LocalArray("arr", 32, 8, false, true)), f.localMemory().arrays(), "generic: cvta.local");
        assertEquals(List.of("mov.u64 ADDRESS", "st.local.u32 STORE@4x4*1/1", "add.u64 ADDRESS",
                "ld.local.u32 LOAD@12x4*1/1", "sub.s64 ADDRESS", "cvta.local.u64 ADDRESS", "ld.u32 LOAD@8x4*1/1",
                "st.local.v2.u32 STORE@24x4*2/1", "ld.local.v4.u32 LOAD@0x4*4/101", "st.local.u32 STORE@28x4*1/0"),
                accesses(f));
    }

    @Test
    void registerIndexesAndSteppedPointersAreDynamic() {
        KernelFunction f = entry(ARR + "mov.u64 %rd1, arr;\nmul.wide.u32 %rd3, %r1, 4;\nadd.s64 %rd2, %rd1, %rd3;\n"
                + "ld.local.u32 %r2, [%rd2];\n");
        assertEquals(List.of("mov.u64 ADDRESS", "add.s64 ADDRESS", "ld.local.u32 LOAD@dynx4*1/1"), accesses(f));
        assertTrue(f.localMemory().dynamicallyIndexed(0));
        assertFalse(f.localMemory().arrays().get(0).escapes());

        KernelFunction loop = entry(ARR + "mov.u64 %rd1, arr;\n$L:\nst.local.u32 [%rd1], %r1;\n"
                + "add.s64 %rd1, %rd1, 4;\n@%p1 bra $L;\n");
        assertEquals(List.of("mov.u64 ADDRESS", "st.local.u32 STORE@dynx4*1/1", "add.s64 ADDRESS"), accesses(loop));
    }

    @Test
    void addressesUsedOtherwiseEscape() {
        for (String use : new String[] {"st.global.u64 [%rd2], %rd1;", "setp.eq.u64 %p1, %rd1, 0;",
            "st.local.u64 [arr+8], %rd1;", "mov.u64 %rd1, 0;", "ld.global.u32 %r1, [%rd1];"}) {
            KernelFunction f = entry(ARR + "mov.u64 %rd1, arr;\n" + use + "\nst.local.u32 [%rd1], %r1;");
            assertTrue(f.localMemory().arrays().get(0).escapes(), use);
        }
        KernelFunction masked = entry(ARR + "mov.u64 %rd1, arr;\nand.b64 %rd2, %rd1, -8;\nld.local.u32 %r1, [%rd2];");
        assertTrue(masked.localMemory().arrays().get(0).escapes());
        KernelFunction symbol = entry(ARR + "st.global.u64 [%rd2], arr;");
        assertTrue(symbol.localMemory().arrays().get(0).escapes(), "the array's name as a stored value");
    }

    @Test
    void functionsWithoutLocalArraysCarryNothing() {
        assertSame(LocalMemory.NONE, entry("add.s32 %r1, %r2, 1;").localMemory());
    }
}
