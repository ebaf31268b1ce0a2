package dev.regtune.core.analysis;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import java.util.List;

/** A terse wrapper over {@link FunctionBuilder} for hand-built test functions. */
final class Ir {
    final FunctionBuilder b;

    Ir() {
        this(FunctionKind.ENTRY);
    }

    Ir(FunctionKind kind) {
        b = new FunctionBuilder("test", kind);
    }

    static int[] of(int... v) {
        return v;
    }

    int r(String name) {
        return b.vreg(name, RegClass.R, PairMode.SINGLE, 0);
    }

    int rd(String name) {
        return b.vreg(name, RegClass.R, PairMode.DOUBLE, 0);
    }

    int p(String name) {
        return b.vreg(name, RegClass.P, PairMode.SINGLE, 0);
    }

    int op(InstrKind kind, int def, int... uses) {
        return b.instr(kind.name().toLowerCase(), kind, 0, def < 0 ? new int[0] : new int[] {def}, uses, 0);
    }

    int alu(int def, int... uses) {
        return op(InstrKind.INT_ALU, def, uses);
    }

    /** {@code @guard op def, uses}: the guard becomes the first use. */
    int guarded(int guard, int def, int... uses) {
        int[] all = new int[uses.length + 1];
        all[0] = guard;
        System.arraycopy(uses, 0, all, 1, uses.length);
        return b.instr("mov", InstrKind.MOVE, InstrFlags.GUARDED, new int[] {def}, all, 0);
    }

    int flagged(InstrKind kind, int flags, int def, int... uses) {
        return b.instr(kind.name().toLowerCase(), kind, flags, def < 0 ? new int[0] : new int[] {def}, uses, 0);
    }

    int tid(int def) {
        return flagged(InstrKind.MOVE, InstrFlags.READS_DIVERGENT_SPECIAL, def);
    }

    int ctaid(int def) {
        return flagged(InstrKind.MOVE, InstrFlags.READS_UNIFORM_SPECIAL, def);
    }

    int store(int... uses) {
        return op(InstrKind.STORE_GLOBAL, -1, uses);
    }

    void label(String l) {
        b.label(l);
    }

    int bra(String target) {
        return b.branch("bra", InstrFlags.NO_FALLTHROUGH, new int[0], List.of(target), 0);
    }

    int cbra(int pred, String target) {
        return b.branch("bra", InstrFlags.GUARDED, new int[] {pred}, List.of(target), 0);
    }

    int ret() {
        return b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
    }

    KernelFunction build() {
        return b.build();
    }
}
