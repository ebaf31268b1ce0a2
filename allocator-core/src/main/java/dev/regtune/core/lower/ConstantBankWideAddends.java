package dev.regtune.core.lower;

import dev.regtune.core.analysis.ParameterValues;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregFlags;
import java.util.Arrays;

/**
 * Below sm_90, ptxas reads a kernel's pointer parameter as the constant-bank addend of an
 * {@code IMAD.WIDE}: read from the SASS of ptxas 13.0.88 for squareJIT's
 * {@code mul.wide.s32 %rd3, %r1, 4; add.s64 %rd4, %rd2, %rd3} (with {@code %rd2} the
 * {@code cvta.to.global} of {@code ld.param.u64}), which on sm_80 is {@code MOV R3, 0x4} and
 * {@code IMAD.WIDE R2, R2, R3, c[0x0][0x160]} (8 registers in all) and on sm_90
 * {@code LDC.64 R2, c[0x0][0x210]} and {@code IMAD.WIDE R2, R5, 0x4, R2} (10). With the constant
 * bank taking the addend's place, an immediate factor needs a register: one {@code MOV} for the
 * multiply, shared by its adds (vectorAddTwo's three {@code IMAD.WIDE} read {@code R6, R7}).
 *
 * <p>The multiply qualifies as for {@link WideMultiplyAddFusion} and, besides, every add reading
 * its product adds a parameter value ({@link ParameterValues}). Each add becomes a {@code mad.wide}
 * reading the factors (and the immediate's register), not the pointer; the multiply becomes that
 * register's {@code mov}, or goes when both factors are registers; parameter reads left without
 * readers go.
 */
final class ConstantBankWideAddends {
    private ConstantBankWideAddends() {
    }

    /** A function after folding and how many adds read their pointer from the constant bank. */
    record Folded(KernelFunction function, int adds) {
    }

    /** {@code f} with its qualifying products folded; {@code f} itself when none qualifies. */
    static Folded apply(KernelFunction f) {
        if (f.kind() != FunctionKind.ENTRY) {
            return new Folded(f, 0);
        }
        int n = f.instrCount();
        OperandCounts counts = OperandCounts.of(f);
        int[] defs = counts.defs();
        int[] reads = counts.reads();
        int[] source = ParameterValues.definitions(f);
        // fusedInto[a]: the multiply add a reads its product from (-1: none); pointer[a]: its pointer.
        int[] fusedInto = new int[n];
        int[] pointer = new int[n];
        Arrays.fill(fusedInto, -1);
        boolean[] multiply = new boolean[n];
        int folded = 0;
        for (int m = 0; m < n; m++) {
            if (!WideMultiplyAddFusion.isWideMultiply(f, m) || defs[f.def(m, 0)] != 1) {
                continue;
            }
            int product = f.def(m, 0);
            int[] adds = WideMultiplyAddFusion.addsOf(f, m, reads[product]);
            if (adds.length == 0 || !allAddParameters(f, adds, product, source, fusedInto)) {
                continue;
            }
            multiply[m] = true;
            for (int a : adds) {
                fusedInto[a] = m;
                pointer[a] = otherOperand(f, a, product);
                reads[pointer[a]]--;
                folded++;
            }
        }
        if (folded == 0) {
            return new Folded(f, 0);
        }
        boolean[] dropped = UnreadParameterReads.of(f, source, reads);
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        // immediate[m]: the register holding multiply m's immediate factor (-1: both factors registers).
        int[] immediate = new int[n];
        Arrays.fill(immediate, -1);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (dropped[i]) {
                    continue;
                }
                if (multiply[i]) {
                    if (f.useCount(i) == 1) {
                        immediate[i] = fb.vreg("wideimm" + i, RegClass.R, PairMode.SINGLE,
                                VregFlags.REGISTER_IMMEDIATE, NvptxRegClass.INT32);
                        fb.instr("mov.b32", InstrKind.MOVE, 0, new int[] {immediate[i]}, new int[0],
                                f.instrLine(i));
                    }
                    continue;
                }
                int m = fusedInto[i];
                if (m < 0) {
                    copy.copy(b, i);
                    continue;
                }
                fb.instr(f.opcode(m).replace("mul.wide", "mad.wide"), f.instrKind(i), f.instrFlags(i),
                        copy.defs(i), fusedUses(f, i, m, pointer[i], immediate[m]), f.instrLine(i));
            }
        }
        return new Folded(copy.build(), folded);
    }

    /** Whether every add adds a parameter value to the product and none is taken by another multiply. */
    private static boolean allAddParameters(KernelFunction f, int[] adds, int product, int[] source,
            int[] fusedInto) {
        for (int a : adds) {
            if (fusedInto[a] >= 0 || source[otherOperand(f, a, product)] < 0) {
                return false;
            }
        }
        return true;
    }

    /** The add's register operand that is not the product (its last such use; a guard comes first). */
    private static int otherOperand(KernelFunction f, int add, int product) {
        int other = -1;
        for (int k = 0; k < f.useCount(add); k++) {
            if (f.use(add, k) != product) {
                other = f.use(add, k);
            }
        }
        return other;
    }

    /** The add's uses without product and pointer, then the multiply's factors and the immediate's register. */
    private static int[] fusedUses(KernelFunction f, int add, int m, int pointer, int immediate) {
        int product = f.def(m, 0);
        int[] uses = new int[f.useCount(add) + f.useCount(m) + 1];
        int k = 0;
        for (int u = 0; u < f.useCount(add); u++) {
            int v = f.use(add, u);
            if (v != product && v != pointer) {
                uses[k++] = v;
            }
        }
        for (int u = 0; u < f.useCount(m); u++) {
            uses[k++] = f.use(m, u);
        }
        if (immediate >= 0) {
            uses[k++] = immediate;
        }
        return Arrays.copyOf(uses, k);
    }
}
