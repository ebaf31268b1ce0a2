package dev.regtune.core.lower;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import org.jspecify.annotations.Nullable;

/**
 * ptxas keeps the 32-bit multiplicand of a widening multiply ({@code mul.wide.s32/u32}, SASS
 * {@code IMAD.WIDE R2, R5, 0x4, R2}) in an odd register, as the high half of a register pair: read
 * from the SASS of ptxas 13.0.88 (sm_90) over the first 120 files of corpus-real, 1,295 of the 1,785
 * {@code IMAD.WIDE} with a register multiplicand read an odd register (73%), where the results of
 * {@code IMAD}, {@code IADD3} and {@code FFMA} are odd about half the time (48% to 54%). A small
 * kernel reading three special registers into an address lands them in R5, R7 and R9. Marks each
 * such single 32-bit general register {@link PairMode#HI_HALF}: an odd slot for its whole life.
 *
 * <p>Only from sm_90: there every {@code IMAD.WIDE} takes its addend from registers (a pointer
 * parameter is read with {@code LDC} first), 2,466 of 3,304 with an immediate factor read an odd
 * multiplicand over 179 corpus-real files (75%). On sm_80, ptxas reads a pointer parameter as the
 * constant-bank operand of the {@code IMAD.WIDE} itself (1,936 of 3,460 in the same files), and there
 * the multiplicand is odd in a third (647), the factor going to a register of its own.
 */
final class WideMultiplicandRegisters {
    private WideMultiplicandRegisters() {
    }

    /**
     * The pair mode each vreg takes (null: unchanged): {@code HI_HALF} for every multiplicand as above
     * on {@code arch} from sm_90, none before it.
     */
    static @Nullable PairMode[] of(KernelFunction f, ArchProfile arch) {
        @Nullable PairMode[] modes = new PairMode[f.vregCount()];
        if (arch.smVersion() < 90) {
            return modes;
        }
        for (int i = 0; i < f.instrCount(); i++) {
            String op = f.opcode(i);
            if (!(op.startsWith("mul.wide.") || op.startsWith("mad.wide.")) || f.useCount(i) < 1) {
                continue;
            }
            int v = f.use(i, 0);
            if (f.vregClass(v) == RegClass.R && f.pairMode(v) == PairMode.SINGLE && f.vregSlots(v) == 1) {
                modes[v] = PairMode.HI_HALF;
            }
        }
        return modes;
    }
}
