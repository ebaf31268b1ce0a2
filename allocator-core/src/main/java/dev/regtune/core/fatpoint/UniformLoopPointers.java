package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.analysis.ParameterValues;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;

/**
 * Pointer parameters that ptxas holds in a uniform register pair across a loop: a 64-bit kernel
 * parameter value ({@link ParameterValues}) live into a loop it is not defined in, every read of
 * which is a 64-bit address add. ptxas 13.0.88 reads it once into UR ({@code ULDC.64}) and lets
 * each address add take it as its uniform operand ({@code LEA R4, P0, R2, UR4, 0x2}; on sm_80
 * also {@code IMAD.WIDE R4, R0, 0x4, UR6}), so it holds no general register in the loop. On
 * sm_90 an add of a {@code mul.wide} product (IMAD.WIDE) reads its addend from a general register
 * pair instead ({@code LDC.64 R6, c[0x0][...]; IMAD.WIDE R10, R0, 0x4, R6}), so such a pointer
 * stays in R there. Probes {@code loop_pointers_sm80.ptx} / {@code _sm90}: a loop under
 * {@code .pragma "nounroll"} loading through 1, 2, 3, 4 pointers indexed by {@code mul.wide} uses
 * 8, 10, 12, 14 registers on sm_80 and 12, 16, 20, 24 on sm_90; indexed by {@code shl.b64} (LEA)
 * 10, 12, 16 (1, 2, 4 pointers) on both.
 */
final class UniformLoopPointers {
    private UniformLoopPointers() {
    }

    /**
     * Per vreg of {@code fn}: whether it is such a pointer on {@code arch}. An address add of a
     * {@code mul.wide} product reads a uniform addend only below compute capability
     * {@code wideAddendBelowSm} (times ten: 90 for sm_90).
     */
    static boolean[] of(KernelFunction fn, Loops loops, Liveness live, ArchProfile arch, int wideAddendBelowSm) {
        int vregs = fn.vregCount();
        boolean[] out = new boolean[vregs];
        if (!arch.hasUniformRegisters() || loops.loopCount() == 0) {
            return out;
        }
        int[] source = ParameterValues.definitions(fn);
        int[] defCount = new int[vregs];
        int[] def = new int[vregs];
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.defCount(i); k++) {
                defCount[fn.def(i, k)]++;
                def[fn.def(i, k)] = i;
            }
        }
        boolean wideUniform = arch.smVersion() < wideAddendBelowSm;
        boolean[] candidate = new boolean[vregs];
        boolean[] read = new boolean[vregs];
        for (int v = 0; v < vregs; v++) {
            candidate[v] = source[v] >= 0 && fn.vregSlots(v) == 2;
        }
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.useCount(i); k++) {
                int v = fn.use(i, k);
                if (candidate[v]) {
                    read[v] = true;
                    candidate[v] = addressAdd(fn, i, v, defCount, def, wideUniform);
                }
            }
        }
        for (int v = 0; v < vregs; v++) {
            out[v] = candidate[v] && read[v] && liveIntoLoop(fn, loops, live, v, fn.blockOf(source[v]));
        }
        return out;
    }

    /**
     * Whether instruction {@code i} is a 64-bit add of pointer {@code v} and another value that can
     * read {@code v} as a uniform operand.
     */
    private static boolean addressAdd(KernelFunction fn, int i, int v, int[] defCount, int[] def, boolean wideUniform) {
        String op = fn.opcode(i);
        if (!(op.startsWith("add.s64") || op.startsWith("add.u64")) || fn.useCount(i) != 2 || fn.defCount(i) != 1
                || fn.instrHas(i, InstrFlags.GUARDED)) {
            return false;
        }
        int other = fn.use(i, 0) == v ? fn.use(i, 1) : fn.use(i, 0);
        if (other == v) {
            return false;
        }
        boolean wide = defCount[other] == 1 && fn.opcode(def[other]).startsWith("mul.wide.");
        return wideUniform || !wide;
    }

    /** Whether {@code v} is live into the header of a loop not containing its definition's block. */
    private static boolean liveIntoLoop(KernelFunction fn, Loops loops, Liveness live, int v, int defBlock) {
        for (int l = 0; l < loops.loopCount(); l++) {
            if (!loops.contains(l, defBlock) && live.isLiveIn(loops.loopHeader(l), v)) {
                return true;
            }
        }
        return false;
    }
}
