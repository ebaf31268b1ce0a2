package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import java.util.Arrays;

/**
 * Rewrites a function with the temporaries of its lowered instructions: before instruction
 * {@code i} with {@code count[i] > 0} temporaries, an unguarded {@code lower.temporaries}
 * pseudo-instruction defines that many fresh 32-bit vregs from {@code i}'s inputs (so they are
 * uniform exactly when the inputs are), and {@code i} reads them after its own uses. Every other
 * instruction, label, vreg and constraint is kept as it was; the temporaries come after the
 * function's vregs.
 */
final class Lowering {
    /** The pseudo-instruction's opcode, as {@code --explain} and the checker show it. */
    static final String PSEUDO_OPCODE = "lower.temporaries";

    private Lowering() {
    }

    static KernelFunction withTemporaries(KernelFunction f, int[] count) {
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (count[i] == 0) {
                    copy.copy(b, i);
                    continue;
                }
                int[] uses = copy.uses(i);
                int[] temps = new int[count[i]];
                for (int t = 0; t < temps.length; t++) {
                    temps[t] = fb.vreg("lower" + i + "." + t, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.INT32);
                }
                fb.instr(PSEUDO_OPCODE, InstrKind.OTHER, 0, temps, uses, f.instrLine(i));
                int[] withTemps = Arrays.copyOf(uses, uses.length + temps.length);
                System.arraycopy(temps, 0, withTemps, uses.length, temps.length);
                copy.copy(b, i, withTemps);
            }
        }
        return copy.build();
    }
}
