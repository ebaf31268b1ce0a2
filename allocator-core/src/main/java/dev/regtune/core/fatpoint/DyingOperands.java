package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;

/**
 * Retarget preferences between an instruction's result and an operand of the same class and width
 * that dies at that instruction, as ptxas 13.0.88 writes a result over such an operand
 * ({@code IMAD.WIDE R2, R7, 0x8, R2}; {@code LDG.E.64 R2, [R2.64]}); knob
 * {@code RegTuneDyingOperandHints}. Like a copy's, a preference is only taken where the value has
 * none yet, and the scanner takes it only where the slot is free.
 */
final class DyingOperands {
    private DyingOperands() {
    }

    /** Adds to {@code hintVreg} (-1: none) a preference for each result and the first operand dying under it. */
    static void hint(KernelFunction fn, LiveRanges ranges, int[] effectiveClass, boolean[] removedCopy,
            int[] hintVreg) {
        for (int i = 0; i < fn.instrCount(); i++) {
            if (removedCopy[i] || fn.defCount(i) != 1 || fn.instrHas(i, InstrFlags.GUARDED)) {
                continue;
            }
            int d = fn.def(i, 0);
            if (effectiveClass[d] == 0) {
                continue;
            }
            for (int k = 0; k < fn.useCount(i); k++) {
                int s = fn.use(i, k);
                if (s != d && effectiveClass[s] == effectiveClass[d] && fn.pairMode(s) == fn.pairMode(d)
                        && diesAt(ranges, s, i)) {
                    if (hintVreg[d] < 0) {
                        hintVreg[d] = s;
                    }
                    if (hintVreg[s] < 0) {
                        hintVreg[s] = d;
                    }
                    break;
                }
            }
        }
    }

    private static boolean diesAt(LiveRanges ranges, int v, int i) {
        return ranges.isLiveAt(v, LiveRanges.readPoint(i)) && !ranges.isLiveAt(v, LiveRanges.writePoint(i));
    }
}
