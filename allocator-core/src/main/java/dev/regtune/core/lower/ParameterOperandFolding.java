package dev.regtune.core.lower;

import dev.regtune.core.analysis.ParameterValues;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import java.util.Set;

/**
 * ptxas reads a kernel parameter as a constant-bank operand ({@code c[0x0][...]}) of the
 * arithmetic instruction that uses it, not into a register: read from the SASS of ptxas 13.0.88
 * (sm_90) for a saxpy whose three pointers feed only 64-bit adds and whose scale and bound feed an
 * {@code fma} and a {@code setp}: {@code IADD3 R4, R6, c[0x0][0x388]}, {@code FFMA R9, R2,
 * c[0x0][0x380], R5}, {@code ISETP.GE.U32 P0, R0, c[0x0][0x3a0]}, and no {@code LDC} of any of
 * them. A SASS instruction has one constant-bank operand, and memory addresses, store data and
 * call arguments are registers.
 *
 * <p>An entry's {@code ld.param} of one scalar with this one definition, or a {@code cvta.to.*}
 * of such a value (an identity on these architectures), loses every read that is the single
 * constant operand of an integer, floating-point or move instruction ({@code add sub mul mad
 * fma setp min max and or xor selp mov}, but not a {@code mad.wide} fused from a
 * {@code mul.wide} by an immediate, whose {@code IMAD.WIDE} takes the immediate there); a load left without reads goes, and a parameter read
 * only by such a conversion goes with it. The reads that stay (addresses, store data) keep the
 * value in a register, which {@code ParameterLoadSinking} then brings close to them.
 */
final class ParameterOperandFolding {
    private static final Set<String> FOLDING_OPERATIONS = Set.of("add", "sub", "mul", "mad", "fma", "setp", "min",
            "max", "and", "or", "xor", "selp", "mov");

    private ParameterOperandFolding() {
    }

    /** A function after folding and how many parameter reads became constant operands. */
    record Folded(KernelFunction function, int operands) {
    }

    /** {@code f} with its parameter reads folded; {@code f} itself when none folds. */
    static Folded apply(KernelFunction f) {
        if (f.kind() != FunctionKind.ENTRY) {
            return new Folded(f, 0);
        }
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] reads = new int[vregs];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f.useCount(i); k++) {
                reads[f.use(i, k)]++;
            }
        }
        // source[v]: the instruction defining a parameter value v (ld.param or cvta of one); -1 otherwise.
        int[] source = ParameterValues.definitions(f);
        // folded[i]: the use index of instruction i read from the constant bank (-1: none).
        int[] folded = new int[n];
        Arrays.fill(folded, -1);
        int operands = 0;
        for (int i = 0; i < n; i++) {
            if (!folds(f, i)) {
                continue;
            }
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                if (source[v] >= 0 && occurrences(f, i, v) == 1) {
                    folded[i] = k;
                    reads[v]--;
                    operands++;
                    break;
                }
            }
        }
        if (operands == 0) {
            return new Folded(f, 0);
        }
        boolean[] dropped = UnreadParameterReads.of(f, source, reads);
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (dropped[i]) {
                    continue;
                }
                if (folded[i] < 0) {
                    copy.copy(b, i);
                    continue;
                }
                int[] own = copy.uses(i);
                int[] uses = new int[own.length - 1];
                System.arraycopy(own, 0, uses, 0, folded[i]);
                System.arraycopy(own, folded[i] + 1, uses, folded[i], own.length - folded[i] - 1);
                copy.copy(b, i, uses);
            }
        }
        return new Folded(copy.build(), operands);
    }

    /** Whether instruction {@code i} is arithmetic or a move that can take one constant-bank operand. */
    private static boolean folds(KernelFunction f, int i) {
        if (f.instrHas(i, InstrFlags.BRANCH)) {
            return false;
        }
        InstrKind kind = f.instrKind(i);
        boolean arithmetic = switch (kind) {
            case INT_ALU, FP32, FP64, MOVE, INT_MUL -> true;
            default -> false;
        };
        String op = f.opcode(i);
        if (op.startsWith("mad.wide")) {
            // IMAD.WIDE of a fused mul.wide takes its immediate factor where a constant would go.
            return false;
        }
        int dot = op.indexOf('.');
        return arithmetic && FOLDING_OPERATIONS.contains(dot < 0 ? op : op.substring(0, dot));
    }

    private static int occurrences(KernelFunction f, int i, int v) {
        int count = 0;
        for (int k = 0; k < f.useCount(i); k++) {
            if (f.use(i, k) == v) {
                count++;
            }
        }
        return count;
    }
}
