package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;

/** Hand-built kernels whose pressure is known exactly. */
final class SmallKernels {
    private SmallKernels() {
    }

    /**
     * {@code n} values of the given mode loaded from global memory, then summed into one
     * accumulator: peak pressure is {@code n * slots + 1} (+2 for the address pair) slots.
     */
    static KernelFunction parallelLive(int n, PairMode mode) {
        FunctionBuilder b = new FunctionBuilder("parallel_live_" + n + "_" + mode, FunctionKind.ENTRY);
        int addr = b.vreg("%rd0", RegClass.R, PairMode.DOUBLE, 0);
        b.instr("ld.param.u64", InstrKind.LOAD_PARAM, 0, new int[] {addr}, new int[0], 1);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = b.vreg("%v" + i, RegClass.R, mode, 0);
            b.instr("ld.global.u32", InstrKind.LOAD_GLOBAL, 0, new int[] {v[i]}, new int[] {addr}, 2 + i);
        }
        int acc = b.vreg("%acc", RegClass.R, PairMode.SINGLE, 0);
        b.instr("mov.u32", InstrKind.MOVE, 0, new int[] {acc}, new int[0], 2 + n);
        for (int i = 0; i < n; i++) {
            b.instr("add.s32", InstrKind.INT_ALU, 0, new int[] {acc}, new int[] {acc, v[i]}, 3 + n + i);
        }
        b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {addr, acc}, 3 + 2 * n);
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0],
                4 + 2 * n);
        return b.build();
    }

    /** A loop whose body keeps {@code n} values live around the back edge. */
    static KernelFunction loopCarried(int n) {
        FunctionBuilder b = new FunctionBuilder("loop_carried_" + n, FunctionKind.ENTRY);
        int addr = b.vreg("%rd0", RegClass.R, PairMode.DOUBLE, 0);
        b.instr("ld.param.u64", InstrKind.LOAD_PARAM, 0, new int[] {addr}, new int[0], 1);
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = b.vreg("%v" + i, RegClass.R, PairMode.SINGLE, 0);
            b.instr("ld.global.u32", InstrKind.LOAD_GLOBAL, 0, new int[] {v[i]}, new int[] {addr}, 0);
        }
        int p = b.vreg("%p0", RegClass.P, PairMode.SINGLE, 0);
        b.label("LOOP");
        for (int i = 0; i < n; i++) {
            b.instr("fma.rn.f32", InstrKind.FP32, 0, new int[] {v[i]}, new int[] {v[i], v[(i + 1) % n]}, 0);
        }
        b.instr("setp.lt.s32", InstrKind.INT_ALU, 0, new int[] {p}, new int[] {v[0]}, 0);
        b.branch("bra", InstrFlags.GUARDED, new int[] {p}, java.util.List.of("LOOP"), 0);
        for (int i = 0; i < n; i++) {
            b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {addr, v[i]}, 0);
        }
        b.instr("ret", InstrKind.RETURN, InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH, new int[0], new int[0], 0);
        return b.build();
    }

    /** {@code n} constants ({@code mov} of an immediate) live together until one store each. */
    static KernelFunction constants(int n) {
        FunctionBuilder b = new FunctionBuilder("constants_" + n, FunctionKind.ENTRY);
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            c[i] = b.vreg("%c" + i, RegClass.R, PairMode.SINGLE, 0);
            b.instr("mov.u32", InstrKind.MOVE, 0, new int[] {c[i]}, new int[0], 0);
        }
        for (int i = 0; i < n; i++) {
            b.instr("st.global.u32", InstrKind.STORE_GLOBAL, 0, new int[0], new int[] {c[i]}, 0);
        }
        return b.build();
    }
}
