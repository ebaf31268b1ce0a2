package dev.regtune.core.analysis;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * The values of a kernel that hold a kernel parameter as read: an {@code ld.param} of one value
 * (no register operands), or a {@code cvta.to.*} of such a value (an identity on the architectures
 * modelled), each the value's one definition and unguarded. SASS reads these from the constant bank
 * wherever they are used, so the stages that model that (parameter operand folding, parameter
 * rematerialization) start from them.
 */
public final class ParameterValues {
    private ParameterValues() {
    }

    /** Per vreg of {@code f}: the instruction defining it when it is a parameter value; -1 otherwise. */
    public static int[] definitions(KernelFunction f) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] defs = new int[vregs];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                defs[f.def(i, k)]++;
            }
        }
        int[] source = new int[vregs];
        Arrays.fill(source, -1);
        for (int i = 0; i < n; i++) {
            if (f.defCount(i) != 1 || f.instrHas(i, InstrFlags.GUARDED) || defs[f.def(i, 0)] != 1) {
                continue;
            }
            boolean load = f.instrKind(i) == InstrKind.LOAD_PARAM && f.useCount(i) == 0;
            boolean conversion = !load && f.useCount(i) == 1 && source[f.use(i, 0)] >= 0
                    && f.instrKind(source[f.use(i, 0)]) == InstrKind.LOAD_PARAM && f.opcode(i).startsWith("cvta.to.");
            if (load || conversion) {
                source[f.def(i, 0)] = i;
            }
        }
        return source;
    }
}
