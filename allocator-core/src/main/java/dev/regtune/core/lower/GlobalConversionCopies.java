package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;

/**
 * ptxas emits no instruction for {@code cvta.to.global.u64}: a global address and its generic
 * form are the same 64-bit value on the architectures modelled, so the converted value sits in the
 * register pair of its source (read from the SASS of ptxas 13.0.88 for gpu-graph-playground's
 * {@code orAssign}, sm_90: {@code LDC.64 R2, c[0x0][0x218]} feeds {@code IMAD.WIDE R2, R7, 0x8, R2}
 * with nothing between them for the PTX's {@code cvta.to.global.u64 %rd3, %rd2}). Each such
 * conversion becomes a copy ({@link InstrFlags#COPY}), which value grouping coalesces where the two
 * values do not interfere.
 */
final class GlobalConversionCopies {
    private static final String OPCODE = "cvta.to.global.u64";

    private GlobalConversionCopies() {
    }

    /** A function after the rewrite and how many conversions became copies. */
    record Copied(KernelFunction function, int conversions) {
    }

    /** {@code f} with its global conversions as copies; {@code f} itself when it has none. */
    static Copied apply(KernelFunction f) {
        int conversions = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            conversions += isConversion(f, i) ? 1 : 0;
        }
        if (conversions == 0) {
            return new Copied(f, 0);
        }
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (isConversion(f, i)) {
                    copy.builder().instr("mov.b64", InstrKind.MOVE, f.instrFlags(i) | InstrFlags.COPY,
                            copy.defs(i), copy.uses(i), f.instrLine(i));
                } else {
                    copy.copy(b, i);
                }
            }
        }
        return new Copied(copy.build(), conversions);
    }

    private static boolean isConversion(KernelFunction f, int i) {
        if (!f.opcode(i).equals(OPCODE) || f.instrHas(i, InstrFlags.GUARDED) || f.defCount(i) != 1
                || f.useCount(i) != 1) {
            return false;
        }
        int d = f.def(i, 0);
        int s = f.use(i, 0);
        return f.vregClass(d) == f.vregClass(s) && f.pairMode(d) == f.pairMode(s);
    }
}
