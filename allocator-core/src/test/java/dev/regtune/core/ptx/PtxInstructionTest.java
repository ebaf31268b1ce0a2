package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.constraintsOf;
import static dev.regtune.core.ptx.PtxTestSupport.defs;
import static dev.regtune.core.ptx.PtxTestSupport.entry;
import static dev.regtune.core.ptx.PtxTestSupport.find;
import static dev.regtune.core.ptx.PtxTestSupport.uses;
import static dev.regtune.core.ptx.PtxTestSupport.vreg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;

/** Defs, uses, kinds, flags and constraints of individual instructions. */
class PtxInstructionTest {

    @Test
    void ordinaryInstructionDefinesFirstOperandAndUsesTheRest() {
        KernelFunction f = entry("add.s32 %r1, %r2, %r3;\nmad.lo.s32 %r4, %r1, %r1, 7;");
        assertEquals(List.of("%r1"), defs(f, 0));
        assertEquals(List.of("%r2", "%r3"), uses(f, 0));
        assertEquals(InstrKind.INT_ALU, f.instrKind(0));
        assertEquals(List.of("%r1", "%r1"), uses(f, 1), "a vreg used twice appears twice");
        assertEquals(InstrKind.INT_MUL, f.instrKind(1));
    }

    @Test
    void registerClassesAndWidthsFollowDeclaredTypes() {
        KernelFunction f = entry(".reg .f16x2 %h<2>;\n.reg .bf16 %bh<2>;\n.reg .u8 %c<2>;\n"
                + "mov.pred %p1, %p2;\nmov.b32 %h1, %r1;\nmov.b16 %bh1, %rs1;\nmov.b64 %rd1, %fd1;\n"
                + "mov.b128 %rq1, %rq2;\nmov.u16 %c1, %rs2;");
        assertEquals(RegClass.P, f.vregClass(vreg(f, "%p1")));
        assertEquals(PairMode.SINGLE, f.pairMode(vreg(f, "%p1")));
        for (String s : List.of("%h1", "%r1", "%bh1", "%rs1", "%c1")) {
            assertEquals(RegClass.R, f.vregClass(vreg(f, s)), s);
            assertEquals(PairMode.SINGLE, f.pairMode(vreg(f, s)), s);
        }
        assertEquals(PairMode.DOUBLE, f.pairMode(vreg(f, "%rd1")));
        assertEquals(PairMode.DOUBLE, f.pairMode(vreg(f, "%fd1")));
        assertEquals(PairMode.QUAD, f.pairMode(vreg(f, "%rq1")));
    }

    @Test
    void pairedConstraintOnEveryReferencedWideVregOnly() {
        KernelFunction f = entry("mov.b64 %rd1, %fd1;\nmov.b128 %rq1, %rq2;\nmov.u32 %r1, %r2;");
        for (String s : List.of("%rd1", "%fd1", "%rq1", "%rq2")) {
            assertEquals(List.of(new VregConstraint(vreg(f, s), ConstraintKind.PAIRED, 0, 0)),
                    constraintsOf(f, vreg(f, s)), s);
        }
        assertTrue(constraintsOf(f, vreg(f, "%r1")).isEmpty());
    }

    @Test
    void vregsAreCreatedLazilyAndHugeRangesCostNothing() {
        KernelFunction f = entry(".reg .b32 %big<100000>;\nmov.u32 %big99999, %big7;\nadd.s32 %big7, %big7, 1;");
        assertEquals(2, f.vregCount(), "only referenced registers become vregs");
        assertEquals("%big99999", f.vregName(0));
        assertEquals("%big7", f.vregName(1));
    }

    @Test
    void plainNamesAndPrefixesEndingInDigitsResolve() {
        KernelFunction f = entry(".reg .b32 %a1<3>, low, high, %x;\nadd.s32 %a12, %a10, low;\nmov.b32 %x, high;");
        assertEquals(List.of("%a12"), defs(f, 0));
        assertEquals(List.of("%a10", "low"), uses(f, 0));
        assertEquals(List.of("%x"), defs(f, 1));
    }

    @Test
    void innerScopesShadowAndAreUndoneAtTheirEnd() {
        // Two inline-asm blocks declaring the same name get two vregs; the outer %r1 is untouched.
        KernelFunction f = entry("{ .reg .pred p;\n setp.ne.s32 p, %r1, 0;\n selp.u32 %r2, 1, 0, p; }\n"
                + "{ .reg .pred p;\n setp.eq.s32 p, %r1, 0;\n selp.u32 %r3, 1, 0, p; }\n"
                + "{ .reg .b32 %r1;\n mov.u32 %r1, 5; }\nmov.u32 %r4, %r1;");
        int p1 = f.def(0, 0);
        int p2 = f.def(2, 0);
        assertNotEquals(p1, p2);
        assertEquals("p", f.vregName(p1));
        assertEquals("p#1", f.vregName(p2));
        assertEquals(p1, f.use(1, 0));
        assertEquals(p2, f.use(3, 0));
        int inner = f.def(4, 0);
        int outer = f.use(5, 0);
        assertNotEquals(inner, outer);
        assertEquals(f.use(0, 0), outer, "after the block %r1 is the function's %r1 again");
    }

    @Test
    void ldParamOfKernelParameterIsFlaggedFromParam() {
        KernelFunction f = entry("ld.param.u64 %rd1, [k_param_0];\nld.param.u32 %r1, [k_param_1+0];\n"
                + "{ .param .b32 retval0;\n ld.param.b32 %r2, [retval0+0]; }");
        assertEquals(InstrKind.LOAD_PARAM, f.instrKind(0));
        assertTrue(f.vregHas(vreg(f, "%rd1"), VregFlags.FROM_PARAM));
        assertTrue(f.vregHas(vreg(f, "%r1"), VregFlags.FROM_PARAM));
        // A call's return value is per-thread, not a kernel parameter.
        assertFalse(f.vregHas(vreg(f, "%r2"), VregFlags.FROM_PARAM));
        assertEquals(0, f.useCount(0), ".param symbols are not registers");
    }

    @Test
    void vectorLoadDefinesEveryMemberWithGroupConstraints() {
        KernelFunction f = entry("ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];");
        assertEquals(List.of("%f1", "%f2", "%f3", "%f4"), defs(f, 0));
        assertEquals(List.of("%rd1"), uses(f, 0));
        int leader = vreg(f, "%f1");
        for (String s : List.of("%f1", "%f2", "%f3", "%f4")) {
            int v = vreg(f, s);
            assertTrue(f.vregHas(v, VregFlags.VECTOR_MEMBER), s);
            assertFalse(f.vregHas(v, VregFlags.MMA_FRAGMENT), s);
            assertEquals(List.of(new VregConstraint(v, ConstraintKind.VECTOR_GROUP, leader, 4)), constraintsOf(f, v));
        }
        assertTrue(f.vregHas(vreg(f, "%rd1"), VregFlags.ADDRESS));
    }

    @Test
    void vectorSinksTakeASlotButNoVreg() {
        KernelFunction f = entry("ld.shared.v4.u32 {_, %r1, _, %r3}, [%r9];\nst.global.v2.f32 [%rd1], {%f1, 0f00000000};");
        assertEquals(List.of("%r1", "%r3"), defs(f, 0));
        assertEquals(List.of("%r9"), uses(f, 0));
        assertFalse(f.vregHas(vreg(f, "%r9"), VregFlags.ADDRESS), "32-bit address registers are not flagged");
        int r1 = vreg(f, "%r1");
        assertEquals(List.of(new VregConstraint(r1, ConstraintKind.VECTOR_GROUP, r1, 4)), constraintsOf(f, r1));
        assertEquals(List.of("%rd1", "%f1"), uses(f, 1));
        assertEquals(0, f.defCount(1));
    }

    @Test
    void identicalGroupConstraintsAreNotRepeated() {
        KernelFunction f = entry("st.global.v2.f32 [%rd1], {%f1, %f2};\nst.global.v2.f32 [%rd1+8], {%f1, %f2};\n"
                + "st.global.v4.f32 [%rd1], {%f1, %f1, %f1, %f1};");
        int f1 = vreg(f, "%f1");
        assertEquals(List.of(new VregConstraint(f1, ConstraintKind.VECTOR_GROUP, f1, 2),
                new VregConstraint(f1, ConstraintKind.VECTOR_GROUP, f1, 4)), constraintsOf(f, f1));
    }

    @Test
    void storesReductionsAndBarriersDefineNothing() {
        KernelFunction f = entry("st.shared.u32 [%r1+4], %r2;\nred.global.add.u32 [%rd1], %r3;\nbar.sync 0;\n"
                + "barrier.sync %r4;\nmembar.gl;\nfence.acq_rel.gpu;\nprefetch.global.L2 [%rd2];\ntrap;\nbrkpt;\n"
                + "nanosleep.u32 %r5;\nbar.warp.sync %r6;");
        int st = find(f, "st.shared");
        assertEquals(0, f.defCount(st));
        assertEquals(List.of("%r1", "%r2"), uses(f, st));
        assertEquals(InstrKind.STORE_SHARED, f.instrKind(st));
        int red = find(f, "red.");
        assertEquals(0, f.defCount(red));
        assertEquals(List.of("%rd1", "%r3"), uses(f, red));
        assertEquals(InstrKind.ATOMIC, f.instrKind(red));
        assertEquals(InstrKind.BARRIER, f.instrKind(find(f, "bar.sync")));
        assertEquals(List.of("%r4"), uses(f, find(f, "barrier.sync")));
        assertEquals(List.of("%r5"), uses(f, find(f, "nanosleep")));
        assertEquals(List.of("%r6"), uses(f, find(f, "bar.warp")));
        for (int i = 0; i < f.instrCount(); i++) {
            assertEquals(0, f.defCount(i), f.opcode(i));
        }
    }

    @Test
    void barRedDefinesItsResult() {
        KernelFunction f = entry("bar.red.popc.u32 %r1, 0, %p1;\nbarrier.red.and.pred %p2, 1, %p3;");
        assertEquals(List.of("%r1"), defs(f, 0));
        assertEquals(List.of("%p1"), uses(f, 0));
        assertEquals(List.of("%p2"), defs(f, 1));
    }

    @Test
    void atomDefinesItsFirstOperand() {
        KernelFunction f = entry("atom.global.add.u32 %r1, [%rd1], %r2;\natom.shared.cas.b32 %r3, [%r4+8], %r5, %r6;\n"
                + "atom.global.add.f32 _, [%rd1], %f1;");
        assertEquals(List.of("%r1"), defs(f, 0));
        assertEquals(List.of("%rd1", "%r2"), uses(f, 0));
        assertEquals(InstrKind.ATOMIC, f.instrKind(0));
        assertEquals(List.of("%r3"), defs(f, 1));
        assertEquals(List.of("%r4", "%r5", "%r6"), uses(f, 1));
        assertEquals(List.of(), defs(f, 2), "a sink defines nothing");
    }

    @Test
    void setpMayDefineAPredicatePair() {
        KernelFunction f = entry("setp.lt.s32 %p1|%p2, %r1, %r2;\nsetp.lt.and.s32 %p3, %r1, %r2, !%p4;\n"
                + "setp.gt.f64 %p5, %fd1, %fd2;");
        assertEquals(List.of("%p1", "%p2"), defs(f, 0));
        assertEquals(List.of("%r1", "%r2"), uses(f, 0));
        assertEquals(List.of("%p3"), defs(f, 1));
        assertEquals(List.of("%r1", "%r2", "%p4"), uses(f, 1), "a negated predicate source is a use");
        assertEquals(InstrKind.INT_ALU, f.instrKind(0));
        assertEquals(InstrKind.FP64, f.instrKind(2));
    }

    @Test
    void shflMayDefineAPredicateSecond() {
        KernelFunction f = entry("shfl.sync.bfly.b32 %r1|%p1, %r2, 1, 31, -1;\nshfl.sync.down.b32 %r3|_, %r2, %r4, 31, %r5;\n"
                + "shfl.sync.idx.b32 %r6, %r2, 0, 31, -1;");
        assertEquals(List.of("%r1", "%p1"), defs(f, 0));
        assertEquals(List.of("%r2"), uses(f, 0));
        assertEquals(InstrKind.WARP, f.instrKind(0));
        assertEquals(List.of("%r3"), defs(f, 1));
        assertEquals(List.of("%r2", "%r4", "%r5"), uses(f, 1));
        assertEquals(List.of("%r6"), defs(f, 2));
    }

    @Test
    void warpCollectivesDefineTheirFirstOperand() {
        KernelFunction f = entry("vote.sync.ballot.b32 %r1, %p1, %r2;\nvote.sync.any.pred %p2, !%p1, -1;\n"
                + "match.any.sync.b32 %r3, %r4, -1;\nmatch.all.sync.b32 %r5|%p3, %r4, -1;\n"
                + "redux.sync.add.s32 %r6, %r4, -1;\nactivemask.b32 %r7;\nelect.sync %r8|%p4, -1;");
        assertEquals(List.of("%r1"), defs(f, 0));
        assertEquals(List.of("%p1", "%r2"), uses(f, 0));
        assertEquals(List.of("%p2"), defs(f, 1));
        assertEquals(List.of("%r3"), defs(f, 2));
        assertEquals(List.of("%r5", "%p3"), defs(f, 3));
        assertEquals(List.of("%r6"), defs(f, 4));
        assertEquals(List.of("%r7"), defs(f, 5));
        assertEquals(List.of("%r8", "%p4"), defs(f, 6));
        for (int i = 0; i < f.instrCount(); i++) {
            assertEquals(InstrKind.WARP, f.instrKind(i), f.opcode(i));
        }
    }

    @Test
    void movPackAndUnpack() {
        KernelFunction f = entry("mov.b64 %rd1, {%r1, %r2};\nmov.b64 {%r3, %r4}, %rd2;\nmov.b32 {%rs1, %rs2}, %r5;\n"
                + "mov.b32 %r6, {%rs3, %rs4};");
        assertEquals(List.of("%rd1"), defs(f, 0));
        assertEquals(List.of("%r1", "%r2"), uses(f, 0));
        assertEquals(List.of("%r3", "%r4"), defs(f, 1));
        assertEquals(List.of("%rd2"), uses(f, 1));
        assertEquals(List.of("%rs1", "%rs2"), defs(f, 2));
        assertEquals(List.of("%rs3", "%rs4"), uses(f, 3));
        for (int i = 0; i < 4; i++) {
            assertEquals(InstrKind.MOVE, f.instrKind(i));
            assertFalse(f.instrHas(i, InstrFlags.COPY), "pack/unpack is not a same-width copy");
        }
        // Pack/unpack halves are moved, not a hardware vector operand: no group constraint.
        for (String s : List.of("%r1", "%r2", "%r3", "%r4", "%rs1")) {
            assertFalse(f.vregHas(vreg(f, s), VregFlags.VECTOR_MEMBER), s);
            assertTrue(constraintsOf(f, vreg(f, s)).isEmpty(), s);
        }
    }

    @Test
    void copyFlagOnlyForUnguardedSameClassSameWidthMoves() {
        KernelFunction f = entry("mov.u32 %r1, %r2;\nmov.b32 %r3, %f1;\nmov.b64 %rd1, %fd1;\nmov.pred %p1, %p2;\n"
                + "mov.u32 %r4, 5;\n@%p1 mov.u32 %r5, %r2;\nmov.u32 %r6, %tid.x;\nmov.u64 %rd2, k_param_0;\n"
                + "cvt.u32.u16 %r7, %rs1;");
        assertTrue(f.instrHas(0, InstrFlags.COPY));
        assertTrue(f.instrHas(1, InstrFlags.COPY), "%f and %r are both R SINGLE");
        assertTrue(f.instrHas(2, InstrFlags.COPY));
        assertTrue(f.instrHas(3, InstrFlags.COPY));
        for (int i = 4; i < f.instrCount(); i++) {
            assertFalse(f.instrHas(i, InstrFlags.COPY), f.opcode(i));
        }
        assertEquals(InstrKind.CONVERT, f.instrKind(8));
    }

    @Test
    void conversionsAndPermutes() {
        KernelFunction f = entry("cvt.rn.f16x2.f32 %r1, %f1, %f2;\nprmt.b32 %r2, %r3, %r4, 0x3210;\n"
                + "cvta.to.global.u64 %rd1, %rd2;\ncvt.rzi.s64.f32 %rd3, %f3;");
        assertEquals(List.of("%r1"), defs(f, 0));
        assertEquals(List.of("%f1", "%f2"), uses(f, 0));
        assertEquals(InstrKind.CONVERT, f.instrKind(0));
        assertEquals(List.of("%r2"), defs(f, 1));
        assertEquals(List.of("%r3", "%r4"), uses(f, 1));
        assertEquals(InstrKind.INT_ALU, f.instrKind(1));
        assertEquals(InstrKind.CONVERT, f.instrKind(2));
    }

    @Test
    void mmaSyncM16n8k16() {
        KernelFunction f = entry("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0, %f1, %f2, %f3}, "
                + "{%r0, %r1, %r2, %r3}, {%r4, %r5}, {%f4, %f5, %f6, %f7};");
        assertEquals(List.of("%f0", "%f1", "%f2", "%f3"), defs(f, 0));
        assertEquals(List.of("%r0", "%r1", "%r2", "%r3", "%r4", "%r5", "%f4", "%f5", "%f6", "%f7"), uses(f, 0));
        assertEquals(InstrKind.MMA, f.instrKind(0));
        for (int v = 0; v < f.vregCount(); v++) {
            assertTrue(f.vregHas(v, VregFlags.MMA_FRAGMENT | VregFlags.VECTOR_MEMBER), f.vregName(v));
        }
        int r4 = vreg(f, "%r4");
        assertEquals(List.of(new VregConstraint(vreg(f, "%r5"), ConstraintKind.VECTOR_GROUP, r4, 2)),
                constraintsOf(f, vreg(f, "%r5")));
    }

    @Test
    void wmmaLoadMmaStore() {
        KernelFunction f = entry("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, [%rd1], %r8;\n"
                + "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, "
                + "{%r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7}, {%r10, %r11, %r12, %r13, %r14, %r15, %r16, %r17}, "
                + "{%f8, %f8, %f8, %f8, %f8, %f8, %f8, %f8};\n"
                + "wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%rd2], {%f0, %f1, %f2, %f3, %f4, %f5, %f6, %f7}, %r8;");
        assertEquals(8, f.defCount(0));
        assertEquals(List.of("%rd1", "%r8"), uses(f, 0));
        assertEquals(8, f.defCount(1));
        assertEquals("%f0", f.vregName(f.def(1, 0)));
        assertEquals(24, f.useCount(1));
        assertEquals(0, f.defCount(2));
        assertEquals(10, f.useCount(2));
        assertEquals("%rd2", f.vregName(f.use(2, 0)));
        for (int i = 0; i < 3; i++) {
            assertEquals(InstrKind.MMA, f.instrKind(i));
        }
        assertTrue(f.vregHas(vreg(f, "%r17"), VregFlags.MMA_FRAGMENT));
        assertFalse(f.vregHas(vreg(f, "%r8"), VregFlags.MMA_FRAGMENT), "the stride is not a fragment");
        int f8 = vreg(f, "%f8");
        assertEquals(List.of(new VregConstraint(f8, ConstraintKind.VECTOR_GROUP, f8, 8)), constraintsOf(f, f8));
    }

    @Test
    void ldmatrixAndStmatrix() {
        KernelFunction f = entry("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1, %r2, %r3}, [%r5];\n"
                + "stmatrix.sync.aligned.m8n8.x2.shared.b16 [%r5+16], {%r0, %r1};");
        assertEquals(List.of("%r0", "%r1", "%r2", "%r3"), defs(f, 0));
        assertEquals(List.of("%r5"), uses(f, 0));
        assertEquals(0, f.defCount(1));
        assertEquals(List.of("%r5", "%r0", "%r1"), uses(f, 1));
        assertTrue(f.vregHas(vreg(f, "%r3"), VregFlags.MMA_FRAGMENT));
    }

    @Test
    void wgmmaAccumulatorIsReadAndWritten() {
        KernelFunction f = entry("wgmma.fence.sync.aligned;\n"
                + "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, %rd1, %rd2, %p1, 1, 1, 0, 0;\n"
                + "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f0, %f1, %f2, %f3}, {%r0, %r1, %r2, %r3}, %rd2, 1, 1, 1, 0;\n"
                + "wgmma.commit_group.sync.aligned;\nwgmma.wait_group.sync.aligned 0;");
        int i = 1;
        assertEquals(List.of("%f0", "%f1", "%f2", "%f3"), defs(f, i));
        assertEquals(List.of("%f0", "%f1", "%f2", "%f3", "%rd1", "%rd2", "%p1"), uses(f, i));
        assertEquals(List.of("%f0", "%f1", "%f2", "%f3", "%r0", "%r1", "%r2", "%r3", "%rd2"), uses(f, 2));
        assertTrue(f.vregHas(vreg(f, "%r0"), VregFlags.MMA_FRAGMENT));
        assertEquals(0, f.defCount(0));
        assertEquals(0, f.defCount(4));
        assertEquals(InstrKind.MMA, f.instrKind(4));
    }

    @Test
    void wgmmaWithMoreDefsThanOneIrInstructionHoldsIsSplit() {
        StringBuilder d = new StringBuilder("{");
        for (int k = 0; k < 128; k++) {
            d.append(k == 0 ? "" : ", ").append("%acc").append(k);
        }
        d.append('}');
        KernelFunction f = entry(".reg .f32 %acc<128>;\nwgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 " + d
                + ", %rd1, %rd2, 1, 1, 1, 0, 0;");
        assertEquals(2, f.instrCount());
        assertEquals(127, f.defCount(0));
        assertEquals(1, f.defCount(1));
        assertEquals(128 + 2, f.useCount(0));
        assertEquals(f.opcode(0), f.opcode(1));
    }

    @Test
    void textureAndSurfaceInstructions() {
        KernelFunction f = entry("tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];\n"
                + "suld.b.2d.b32.trap {%r1}, [%rd2, {%r2, %r3}];\nsust.b.2d.b32.trap [%rd2, {%r2, %r3}], {%r4};\n"
                + "txq.width.b32 %r5, [%rd1];");
        assertEquals(List.of("%f1", "%f2", "%f3", "%f4"), defs(f, 0));
        assertEquals(List.of("%rd1", "%f5", "%f6"), uses(f, 0));
        assertEquals(InstrKind.TEXTURE, f.instrKind(0));
        int f5 = vreg(f, "%f5");
        assertEquals(List.of(new VregConstraint(f5, ConstraintKind.VECTOR_GROUP, f5, 2)), constraintsOf(f, f5));
        assertFalse(f.vregHas(vreg(f, "%rd1"), VregFlags.ADDRESS), "a texture handle is not an address");
        assertEquals(List.of("%r1"), defs(f, 1));
        assertEquals(List.of("%rd2", "%r2", "%r3"), uses(f, 1));
        assertEquals(0, f.defCount(2));
        assertEquals(List.of("%rd2", "%r2", "%r3", "%r4"), uses(f, 2));
        assertEquals(List.of("%r5"), defs(f, 3));
    }

    @Test
    void specialRegistersAreNotVregsButFlagTheReader() {
        KernelFunction f = entry("mov.u32 %r1, %tid.x;\nmov.u32 %r2, %ctaid.y;\nmov.u32 %r3, %laneid;\n"
                + "mov.u64 %rd1, %clock64;\nmov.u32 %r4, %envreg3;\nmov.u32 %r5, %dynamic_smem_size;\n"
                + "mov.u32 %r6, %lanemask_lt;\nmov.u32 %r7, %nctaid.x;\nmov.u64 %rd2, %globaltimer;\n"
                + "cvt.u32.u16 %r8, %ntid.z;\nadd.u32 %r9, %tid.y, %ctaid.x;");
        int[] divergent = {0, 2, 3, 6, 8};
        int[] uniform = {1, 4, 5, 7, 9};
        for (int i : divergent) {
            assertTrue(f.instrHas(i, InstrFlags.READS_DIVERGENT_SPECIAL), f.opcode(i) + " " + i);
            assertFalse(f.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL), f.opcode(i) + " " + i);
        }
        for (int i : uniform) {
            assertTrue(f.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL), f.opcode(i) + " " + i);
            assertFalse(f.instrHas(i, InstrFlags.READS_DIVERGENT_SPECIAL), f.opcode(i) + " " + i);
        }
        assertTrue(f.instrHas(10, InstrFlags.READS_UNIFORM_SPECIAL | InstrFlags.READS_DIVERGENT_SPECIAL));
        for (int i = 0; i < f.instrCount(); i++) {
            assertEquals(0, f.useCount(i), f.opcode(i));
            assertEquals(1, f.defCount(i));
            assertEquals(i == 9 ? InstrKind.CONVERT : i == 10 ? InstrKind.INT_ALU : InstrKind.MOVE, f.instrKind(i));
        }
        assertEquals(11, f.vregCount(), "no vreg for a special register");
        assertTrue(PtxSpecialRegisters.isUniform("%ctaid.x"));
        assertFalse(PtxSpecialRegisters.isUniform("%tid.x"));
        assertFalse(PtxSpecialRegisters.isUniform("%warpid"));
        assertTrue(PtxSpecialRegisters.isSpecial("%warpid"));
        assertFalse(PtxSpecialRegisters.isSpecial("%r1"));
    }

    @Test
    void immediateForms() {
        KernelFunction f = entry("mov.u32 %r1, 42;\nmov.u32 %r1, -5;\nmov.u32 %r1, 0x1fU;\nmov.u32 %r1, 017;\n"
                + "mov.u32 %r1, 0b1011;\nmov.f32 %f1, 0f3F800000;\nmov.f64 %fd1, 0d3FF0000000000000;\n"
                + "mov.f32 %f1, 1.5;\nmov.f32 %f1, 2.5e-3;\nmov.u32 %r1, (1 << 4) | 3;\nmov.u64 %rd1, 0xFFFFFFFFFFFFFFFF;\n"
                + "add.s32 %r1, %r1, -0x10;\nmov.u32 %r1, ~0;\nmov.f32 %f1, 0F7F800000;\nmov.u32 %r1, 4294967295U;");
        assertEquals(15, f.instrCount());
        for (int i = 0; i < f.instrCount(); i++) {
            assertEquals(1, f.defCount(i));
            assertFalse(f.instrHas(i, InstrFlags.COPY));
        }
        assertEquals(List.of("%r1"), uses(f, 11));
    }

    @Test
    void addressOperandForms() {
        KernelFunction f = entry(".shared .align 4 .b8 buf[64];\nld.global.u32 %r1, [%rd1];\nld.global.u32 %r2, [%rd1+16];\n"
                + "ld.global.u32 %r3, [%rd1+-4];\nld.global.u32 %r4, [%rd1-4];\nld.shared.u32 %r5, [buf+8];\n"
                + "ld.shared.u32 %r6, [buf];\nld.shared.u32 %r7, [%r1];\nld.u32 %r8, [%rd2+0x10];\nld.global.u32 %r9, [0x100];");
        for (int i = 0; i < 4; i++) {
            assertEquals(List.of("%rd1"), uses(f, i));
        }
        assertEquals(List.of(), uses(f, 4));
        assertEquals(List.of(), uses(f, 5));
        assertEquals(List.of("%r1"), uses(f, 6));
        assertEquals(InstrKind.LOAD_GLOBAL, f.instrKind(7), "generic ld counts as global");
        assertEquals(List.of(), uses(f, 8));
        assertTrue(f.vregHas(vreg(f, "%rd1"), VregFlags.ADDRESS));
        assertTrue(f.vregHas(vreg(f, "%rd2"), VregFlags.ADDRESS));
        assertFalse(f.vregHas(vreg(f, "%r1"), VregFlags.ADDRESS));
        assertEquals(64, f.sharedBytes());
    }

    @Test
    void guardsAreTheFirstUse() {
        KernelFunction f = entry("@%p1 add.s32 %r1, %r2, %r3;\n@!%p2 st.global.u32 [%rd1], %r1;");
        assertEquals(List.of("%p1", "%r2", "%r3"), uses(f, 0));
        assertEquals(InstrFlags.GUARDED, f.instrFlags(0));
        assertEquals(List.of("%p2", "%rd1", "%r1"), uses(f, 1));
        assertEquals(InstrFlags.GUARDED | InstrFlags.GUARD_NEGATED, f.instrFlags(1));
    }

    @Test
    void unknownOpcodesAreParseErrors() {
        // ptxas: "Not a name of any known instruction: 'frobnicate'".
        PtxParseException e = assertThrows(PtxParseException.class,
                () -> entry("add.s32 %r1, %r2, %r3;\nfrobnicate.sync.b32 %r1, %r2, [%rd1];"));
        assertEquals(PtxTestSupport.FIRST_BODY_LINE + 1, e.line());
        assertEquals("frobnicate.sync.b32", e.found());
    }

    @Test
    void instructionLinesAreSourceLines() {
        KernelFunction f = entry("add.s32 %r1, %r2, %r3;\n\n  // comment\n@%p1 bra $L1;\n$L1:\n"
                + "st.global.u32 [%rd1],\n   %r1;");
        assertEquals(PtxTestSupport.FIRST_BODY_LINE, f.instrLine(0));
        assertEquals(PtxTestSupport.FIRST_BODY_LINE + 3, f.instrLine(1));
        assertEquals(PtxTestSupport.FIRST_BODY_LINE + 5, f.instrLine(2));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "ld.global.f32 %f1|[%rd1], LOAD_GLOBAL",
        "ld.global.nc.v2.f32 {%f1|%f2}|[%rd1], LOAD_GLOBAL",
        "ldu.global.f32 %f1|[%rd1], LOAD_GLOBAL",
        "ld.shared::cta.u32 %r1|[%r2], LOAD_SHARED",
        "ld.local.u32 %r1|[%rd1], LOAD_LOCAL",
        "ld.const.u32 %r1|[%rd1], LOAD_CONST",
        "ld.param.u32 %r1|[k_param_1], LOAD_PARAM",
        "ld.volatile.global.u32 %r1|[%rd1], LOAD_GLOBAL",
        "ld.u32 %r1|[%rd1], LOAD_GLOBAL",
        "st.global.u32 [%rd1]|%r1, STORE_GLOBAL",
        "st.local.u32 [%rd1]|%r1, STORE_LOCAL",
        "st.shared::cluster.u32 [%r1]|%r2, STORE_SHARED",
        "st.u32 [%rd1]|%r1, STORE_GLOBAL",
        "fma.rn.f32 %f1|%f2|%f3|%f4, FP32",
        "fma.rn.f16x2 %r1|%r2|%r3|%r4, FP32",
        "fma.rn.bf16x2 %r1|%r2|%r3|%r4, FP32",
        "fma.rn.f64 %fd1|%fd2|%fd3|%fd4, FP64",
        "add.f32 %f1|%f2|%f3, FP32",
        "add.rn.f64 %fd1|%fd2|%fd3, FP64",
        "sub.f32 %f1|%f2|%f3, FP32",
        "mul.f32 %f1|%f2|%f3, FP32",
        "min.f32 %f1|%f2|%f3, FP32",
        "max.NaN.f32 %f1|%f2|%f3, FP32",
        "neg.f64 %fd1|%fd2, FP64",
        "abs.f32 %f1|%f2, FP32",
        "mad.rn.f32 %f1|%f2|%f3|%f4, FP32",
        "add.s32 %r1|%r2|%r3, INT_ALU",
        "min.u32 %r1|%r2|%r3, INT_ALU",
        "abs.s32 %r1|%r2, INT_ALU",
        "rcp.rn.f32 %f1|%f2, SFU",
        "rcp.approx.ftz.f64 %fd1|%fd2, SFU",
        "sqrt.rn.f32 %f1|%f2, SFU",
        "rsqrt.approx.f32 %f1|%f2, SFU",
        "ex2.approx.f32 %f1|%f2, SFU",
        "lg2.approx.f32 %f1|%f2, SFU",
        "sin.approx.f32 %f1|%f2, SFU",
        "cos.approx.f32 %f1|%f2, SFU",
        "tanh.approx.f32 %f1|%f2, SFU",
        "div.rn.f32 %f1|%f2|%f3, SFU",
        "div.approx.f32 %f1|%f2|%f3, SFU",
        "div.rn.f64 %fd1|%fd2|%fd3, FP64",
        "div.s32 %r1|%r2|%r3, INT_MUL",
        "rem.u32 %r1|%r2|%r3, INT_MUL",
        "mul.lo.s32 %r1|%r2|%r3, INT_MUL",
        "mul.hi.u32 %r1|%r2|%r3, INT_MUL",
        "mul.wide.s32 %rd1|%r2|%r3, INT_MUL",
        "mad.lo.s32 %r1|%r2|%r3|%r4, INT_MUL",
        "mad.wide.u32 %rd1|%r2|%r3|%rd4, INT_MUL",
        "mul24.lo.s32 %r1|%r2|%r3, INT_MUL",
        "cvt.rn.f32.s32 %f1|%r1, CONVERT",
        "cvta.to.global.u64 %rd1|%rd2, CONVERT",
        "mov.u32 %r1|%r2, MOVE",
        "shfl.sync.idx.b32 %r1|%r2|0|31|-1, WARP",
        "vote.sync.all.pred %p1|%p2|-1, WARP",
        "match.any.sync.b64 %r1|%rd1|-1, WARP",
        "redux.sync.min.u32 %r1|%r2|-1, WARP",
        "activemask.b32 %r1, WARP",
        "bar.sync 0, BARRIER",
        "barrier.sync.aligned 1|128, BARRIER",
        "membar.cta, BARRIER",
        "fence.sc.sys, BARRIER",
        "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%fd1|%fd2}|{%fd3}|{%fd4}|{%fd5|%fd6}, MMA",
        "ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r1}|[%r2], MMA",
        "movmatrix.sync.aligned.m8n8.trans.b16 %r1|%r2, MMA",
        "tex.1d.v4.f32.s32 {%f1|%f2|%f3|%f4}|[%rd1|{%r1}], TEXTURE",
        "tld4.r.2d.v4.f32.f32 {%f1|%f2|%f3|%f4}|[%rd1|{%f5|%f6}], TEXTURE",
        "suld.b.1d.b32.trap {%r1}|[%rd1|{%r2}], TEXTURE",
        "sust.b.1d.b32.trap [%rd1|{%r2}]|{%r1}, TEXTURE",
        "atom.global.exch.b32 %r1|[%rd1]|%r2, ATOMIC",
        "red.shared.max.s32 [%r1]|%r2, ATOMIC",
        "selp.b32 %r1|%r2|%r3|%p1, INT_ALU",
        "lop3.b32 %r1|%r2|%r3|%r4|0x96, INT_ALU",
        "shf.l.wrap.b32 %r1|%r2|%r3|%r4, INT_ALU",
        "popc.b64 %r1|%rd1, INT_ALU",
        "bfe.u32 %r1|%r2|8|4, INT_ALU",
        "and.pred %p1|%p2|%p3, INT_ALU",
        "not.b32 %r1|%r2, INT_ALU",
        "mbarrier.try_wait.parity.shared::cta.b64 %p1|[%r1]|%r2, BARRIER",
        "cp.async.ca.shared.global [%r1]|[%rd1]|16, OTHER",
        "prefetch.global.L2::evict_last [%rd1], OTHER",
    })
    void instructionKinds(String instr, String expected) {
        KernelFunction f = entry(instr.replace('|', ',') + ";");
        assertEquals(InstrKind.valueOf(expected), f.instrKind(0), f.opcode(0));
    }
}
