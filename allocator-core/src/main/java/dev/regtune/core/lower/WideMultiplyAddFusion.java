package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * ptxas folds a PTX {@code mul.wide.s32/u32} whose product only feeds 64-bit adds into each add,
 * as one SASS {@code IMAD.WIDE} per add ({@code R2 = R9 * 4 + R2}), so the 64-bit product never
 * holds a register pair: read from the SASS of ptxas 13.0.88 (sm_80, sm_90) for the indexing
 * {@code mul.wide.s32 %rd7, %r4, 4; add.s64 %rd8, %rd6, %rd7; ... add.s64 %rd10, %rd4, %rd7},
 * which it compiles to three {@code IMAD.WIDE} reading {@code R9} and no pair for {@code %rd7}.
 *
 * <p>The fusion applies when the product has this one definition, every read of it is an operand
 * of a 64-bit integer {@code add} in the same basic block after it whose other operand is a
 * register, and neither factor is redefined before the last such add. Each add becomes a
 * {@code mad.wide} reading the factors and its other operand; the multiply goes.
 */
final class WideMultiplyAddFusion {
    private WideMultiplyAddFusion() {
    }

    /** {@code f} with every fusable product folded into its adds; {@code f} itself when there is none. */
    static KernelFunction apply(KernelFunction f) {
        int n = f.instrCount();
        OperandCounts counts = OperandCounts.of(f);
        int[] defs = counts.defs();
        int[] reads = counts.reads();
        // fusedInto[i]: the multiply an add reads its product from (-1: none); dropped[i]: a fused multiply.
        int[] fusedInto = new int[n];
        Arrays.fill(fusedInto, -1);
        boolean[] dropped = new boolean[n];
        int fused = 0;
        for (int i = 0; i < n; i++) {
            if (!isWideMultiply(f, i) || defs[f.def(i, 0)] != 1) {
                continue;
            }
            int[] adds = addsOf(f, i, reads[f.def(i, 0)]);
            if (adds.length == 0 || anyFused(adds, fusedInto)) {
                continue;
            }
            for (int a : adds) {
                fusedInto[a] = i;
            }
            dropped[i] = true;
            fused++;
        }
        if (fused == 0) {
            return f;
        }
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (dropped[i]) {
                    continue;
                }
                int m = fusedInto[i];
                if (m < 0) {
                    copy.copy(b, i);
                    continue;
                }
                int product = f.def(m, 0);
                int[] own = copy.uses(i);
                int[] factors = copy.uses(m);
                int[] uses = new int[own.length - 1 + factors.length];
                int k = 0;
                for (int u : own) {
                    if (u != product) {
                        uses[k++] = u;
                    }
                }
                for (int u : factors) {
                    uses[k++] = u;
                }
                copy.builder().instr(f.opcode(m).replace("mul.wide", "mad.wide"), f.instrKind(i), f.instrFlags(i),
                        copy.defs(i), Arrays.copyOf(uses, k), f.instrLine(i));
            }
        }
        return copy.build();
    }

    /** Whether an add already reads another fused product (an add of two products keeps one multiply). */
    private static boolean anyFused(int[] adds, int[] fusedInto) {
        for (int a : adds) {
            if (fusedInto[a] >= 0) {
                return true;
            }
        }
        return false;
    }

    static boolean isWideMultiply(KernelFunction f, int i) {
        String op = f.opcode(i);
        return (op.equals("mul.wide.s32") || op.equals("mul.wide.u32")) && f.defCount(i) == 1
                && !f.instrHas(i, InstrFlags.GUARDED);
    }

    /**
     * The adds reading multiply {@code m}'s product, when every read is a fusable add in {@code m}'s
     * block with the factors unchanged up to it; otherwise none.
     */
    static int[] addsOf(KernelFunction f, int m, int reads) {
        int product = f.def(m, 0);
        int end = f.blockEnd(f.blockOf(m));
        int[] found = new int[4];
        int count = 0;
        for (int i = m + 1; i < end && count < reads; i++) {
            int here = 0;
            for (int k = 0; k < f.useCount(i); k++) {
                if (f.use(i, k) == product) {
                    here++;
                }
            }
            if (here > 0) {
                if (here != 1 || !isWideAdd(f, i, product)) {
                    return new int[0];
                }
                if (count == found.length) {
                    found = Arrays.copyOf(found, count * 2);
                }
                found[count++] = i;
            }
            if (count < reads && redefinesFactor(f, i, m)) {
                return new int[0];
            }
        }
        return count == reads && count > 0 ? Arrays.copyOf(found, count) : new int[0];
    }

    /** A 64-bit integer add of the product and one other register. */
    private static boolean isWideAdd(KernelFunction f, int i, int product) {
        String op = f.opcode(i);
        if (!(op.equals("add.s64") || op.equals("add.u64") || op.equals("add.b64")) || f.defCount(i) != 1) {
            return false;
        }
        int guard = f.instrHas(i, InstrFlags.GUARDED) ? 1 : 0;
        return f.useCount(i) - guard == 2 && f.def(i, 0) != product;
    }

    private static boolean redefinesFactor(KernelFunction f, int i, int m) {
        for (int d = 0; d < f.defCount(i); d++) {
            for (int k = 0; k < f.useCount(m); k++) {
                if (f.def(i, d) == f.use(m, k)) {
                    return true;
                }
            }
        }
        return false;
    }
}
