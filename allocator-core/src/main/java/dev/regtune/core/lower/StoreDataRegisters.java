package dev.regtune.core.lower;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import org.jspecify.annotations.Nullable;

/**
 * ptxas keeps the data of a scalar global store of at most 32 bits in an odd register, as the
 * high half of a register pair (read from the SASS of ptxas 13.0.88, sm_80 and sm_90: four
 * values loaded and stored back with {@code st.global.f32}, {@code .u32}, {@code .u16} or
 * {@code .u8}, volatile or not, land in R5, R7, R9 and R11, so the kernel uses 14 registers
 * where 10 would hold it; with {@code st.shared} they land in R4-R7). The value keeps that
 * register for its whole life, so this marks the vreg {@link PairMode#HI_HALF}: an odd slot.
 */
final class StoreDataRegisters {
    private StoreDataRegisters() {
    }

    /**
     * The pair mode each vreg takes (null: unchanged): {@code HI_HALF} for every single 32-bit
     * general register that is the data of such a store.
     */
    static @Nullable PairMode[] of(KernelFunction f) {
        @Nullable PairMode[] modes = new PairMode[f.vregCount()];
        for (int i = 0; i < f.instrCount(); i++) {
            if (f.instrKind(i) != InstrKind.STORE_GLOBAL || f.useCount(i) < 2 || !scalarAtMost32Bits(f.opcode(i))) {
                continue;
            }
            int data = f.use(i, f.useCount(i) - 1);
            int guard = f.instrHas(i, InstrFlags.GUARDED) ? f.use(i, 0) : -1;
            if (data == guard || f.vregClass(data) != RegClass.R || f.pairMode(data) != PairMode.SINGLE
                    || f.vregSlots(data) != 1 || readsAsAddress(f, i, data)) {
                continue;
            }
            modes[data] = PairMode.HI_HALF;
        }
        return modes;
    }

    /** Whether {@code v} is also among the store's other operands (its address). */
    private static boolean readsAsAddress(KernelFunction f, int i, int v) {
        for (int u = 0; u < f.useCount(i) - 1; u++) {
            if (f.use(i, u) == v) {
                return true;
            }
        }
        return false;
    }

    private static boolean scalarAtMost32Bits(String opcode) {
        if (opcode.contains(".v2") || opcode.contains(".v4") || opcode.contains(".v8")) {
            return false;
        }
        int dot = opcode.lastIndexOf('.');
        String type = opcode.substring(dot + 1);
        return switch (type) {
            case "b8", "u8", "s8", "b16", "u16", "s16", "f16", "bf16", "b32", "u32", "s32", "f32" -> true;
            default -> false;
        };
    }
}
