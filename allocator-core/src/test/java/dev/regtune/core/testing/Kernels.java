package dev.regtune.core.testing;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import java.util.List;

/**
 * A terse way to write small kernels by hand in tests: {@code k.op("add.s32", defs(c), a, b)}.
 * Wraps a {@link FunctionBuilder}; {@link #fb()} gives the builder for anything not covered.
 */
public final class Kernels {
    private final FunctionBuilder fb;

    public Kernels(String name) {
        this.fb = new FunctionBuilder(name, FunctionKind.ENTRY);
    }

    public FunctionBuilder fb() {
        return fb;
    }

    public static int[] defs(int... vregs) {
        return vregs;
    }

    public int r(String name) {
        return fb.vreg(name, RegClass.R, PairMode.SINGLE, 0);
    }

    public int rd(String name) {
        return fb.vreg(name, RegClass.R, PairMode.DOUBLE, 0);
    }

    public int rq(String name) {
        return fb.vreg(name, RegClass.R, PairMode.QUAD, 0);
    }

    public int p(String name) {
        return fb.vreg(name, RegClass.P, PairMode.SINGLE, 0);
    }

    /** An unguarded instruction; returns its index. */
    public int op(String opcode, int[] defs, int... uses) {
        return fb.instr(opcode, InstrKind.INT_ALU, 0, defs, uses, 0);
    }

    /** A copy {@code dst <- src}. */
    public int copy(int dst, int src) {
        return fb.instr("mov.b32", InstrKind.MOVE, InstrFlags.COPY, new int[] {dst}, new int[] {src}, 0);
    }

    /** An instruction guarded by {@code guard} (the guard becomes its first use). */
    public int guarded(String opcode, int guard, int[] defs, int... uses) {
        int[] all = new int[uses.length + 1];
        all[0] = guard;
        System.arraycopy(uses, 0, all, 1, uses.length);
        return fb.instr(opcode, InstrKind.INT_ALU, InstrFlags.GUARDED, defs, all, 0);
    }

    /** {@code @guard bra label}. */
    public int branchIf(int guard, String label) {
        return fb.branch("bra", InstrFlags.GUARDED, new int[] {guard}, List.of(label), 0);
    }

    /** {@code bra label}. */
    public int jump(String label) {
        return fb.branch("bra.uni", InstrFlags.NO_FALLTHROUGH, new int[0], List.of(label), 0);
    }

    public void label(String label) {
        fb.label(label);
    }

    public int ret() {
        return fb.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0],
                new int[0], 0);
    }

    public KernelFunction build() {
        return fb.build();
    }
}
