package dev.regtune.core.coalesce;

import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.analysis.Dominators;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.knobs.Knobs;
import java.util.List;

/** Hand-built straight-line test functions for the coalescer, with vreg numbers in declaration order. */
final class Kernel {
    final FunctionBuilder b = new FunctionBuilder("k", FunctionKind.ENTRY);

    int b32(String name) {
        return b.vreg(name, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.INT32);
    }

    int f32(String name) {
        return b.vreg(name, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.FLOAT32);
    }

    /** {@code def = op uses}: an integer operation. */
    Kernel alu(int def, int... uses) {
        b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {def}, uses, 0);
        return this;
    }

    /** {@code mov.b32 dst, src}: a register copy (COPY when both take one 32-bit slot, as the front end marks it). */
    Kernel mov(int dst, int src) {
        b.instr("mov.b32", InstrKind.MOVE, InstrFlags.COPY, new int[] {dst}, new int[] {src}, 0);
        return this;
    }

    int pred(String name) {
        return b.vreg(name, RegClass.P, PairMode.SINGLE, 0, NvptxRegClass.INT1);
    }

    Kernel label(String l) {
        b.label(l);
        return this;
    }

    Kernel bra(String target) {
        b.branch("bra", InstrFlags.NO_FALLTHROUGH, new int[0], List.of(target), 0);
        return this;
    }

    /** {@code @p bra target}. */
    Kernel cbra(int p, String target) {
        b.branch("bra", InstrFlags.GUARDED, new int[] {p}, List.of(target), 0);
        return this;
    }

    Kernel store(int... uses) {
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], uses, 0);
        return this;
    }

    KernelFunction build() {
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        return b.build();
    }

    static CoalescedFunction coalesce(KernelFunction fn, Knobs knobs) {
        Dominators dom = Dominators.compute(fn);
        LiveRanges ranges = LiveRanges.compute(fn, Liveness.compute(fn, dom));
        return CopyCoalescer.coalesce(fn, ranges, BlockFrequency.compute(Loops.compute(dom), 10), knobs);
    }
}
