package dev.regtune.core.lower;

import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.InstructionInsertion;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;

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
        // The CFG stays as it is: the insertion builds the copy from the original's arrays.
        InstructionInsertion edit = new InstructionInsertion(f);
        for (int i = 0; i < f.instrCount(); i++) {
            if (count[i] == 0) {
                continue;
            }
            int[] temps = new int[count[i]];
            for (int t = 0; t < temps.length; t++) {
                temps[t] = edit.vreg("lower" + i + "." + t, RegClass.R, PairMode.SINGLE, 0, NvptxRegClass.INT32);
            }
            int[] uses = new int[f.useCount(i)];
            for (int k = 0; k < uses.length; k++) {
                uses[k] = f.use(i, k);
            }
            edit.insertBefore(i, PSEUDO_OPCODE, InstrKind.OTHER, 0, temps, uses);
            edit.appendUses(i, temps);
        }
        return edit.build();
    }
}
