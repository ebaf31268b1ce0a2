package dev.regtune.core.calls;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregFlags;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * How many 32-bit general-purpose registers hold values live across each call of a function:
 * the values the caller still needs after the call, which ptxas keeps in registers the callee
 * does not touch. A 64-bit value counts two; predicates and uniform registers do not count, nor
 * do values loaded from a kernel parameter ({@link VregFlags#FROM_PARAM}) or set only by moves of an
 * immediate: ptxas reads the former again from the constant bank after the call and folds or
 * rematerializes the latter (probed: an entry keeping 0, 8, 16 or 24 parameter floats across a call
 * uses 22 registers every time; 0, 8 or 16 float constants, 23 every time).
 */
public final class LiveAcrossCalls {
    private LiveAcrossCalls() {
    }

    /** One count per instruction flagged {@link InstrFlags#CALL} of {@code fn}, in layout order. */
    public static int[] count(KernelFunction fn) {
        return count(fn, null);
    }

    /** {@link #count(KernelFunction)} with {@code fn}'s liveness, computed when null and needed. */
    static int[] count(KernelFunction fn, @Nullable Liveness liveness) {
        int calls = 0;
        for (int i = 0; i < fn.instrCount(); i++) {
            if (fn.instrHas(i, InstrFlags.CALL)) {
                calls++;
            }
        }
        int[] out = new int[calls];
        if (calls == 0) {
            return out;
        }
        Liveness live = liveness != null ? liveness : Liveness.compute(fn);
        long[] set = new long[live.words()];
        boolean[] free = rereadable(fn);
        int ordinal = calls;
        for (int b = fn.blockCount() - 1; b >= 0; b--) {
            live.copyLiveOut(b, set);
            for (int i = fn.blockEnd(b) - 1; i >= fn.blockStart(b); i--) {
                if (InstrFlags.killsDefs(fn.instrFlags(i))) {
                    for (int k = 0; k < fn.defCount(i); k++) {
                        clear(set, fn.def(i, k));
                    }
                }
                if (fn.instrHas(i, InstrFlags.CALL)) {
                    out[--ordinal] = gprSlotsKept(fn, set, free);
                }
                for (int k = 0; k < fn.useCount(i); k++) {
                    int v = fn.use(i, k);
                    set[v >>> 6] |= 1L << (v & 63);
                }
            }
            Arrays.fill(set, 0L);
        }
        return out;
    }

    /**
     * The most general-purpose register slots live at once anywhere in {@code fn} (a def counts
     * from its instruction on): the fewest registers it needs without spilling, before reserved ones.
     */
    public static int maxLive(KernelFunction fn) {
        return maxLive(fn, Liveness.compute(fn));
    }

    /** {@link #maxLive(KernelFunction)} with {@code live}, {@code fn}'s liveness. */
    static int maxLive(KernelFunction fn, Liveness live) {
        long[] set = new long[live.words()];
        int max = 0;
        for (int b = fn.blockCount() - 1; b >= 0; b--) {
            live.copyLiveOut(b, set);
            int n = gprSlots(fn, set);
            for (int i = fn.blockEnd(b) - 1; i >= fn.blockStart(b); i--) {
                for (int k = 0; k < fn.defCount(i); k++) {
                    n += add(fn, set, fn.def(i, k));
                }
                max = Math.max(max, n);
                if (InstrFlags.killsDefs(fn.instrFlags(i))) {
                    for (int k = 0; k < fn.defCount(i); k++) {
                        n -= remove(fn, set, fn.def(i, k));
                    }
                }
                for (int k = 0; k < fn.useCount(i); k++) {
                    n += add(fn, set, fn.use(i, k));
                }
                max = Math.max(max, n);
            }
            Arrays.fill(set, 0L);
        }
        return max;
    }

    /** Adds {@code v} to {@code set}; the GPR slots that adds (0 if it was there or is no GPR). */
    private static int add(KernelFunction fn, long[] set, int v) {
        long bit = 1L << (v & 63);
        if ((set[v >>> 6] & bit) != 0) {
            return 0;
        }
        set[v >>> 6] |= bit;
        return gprSlotsOf(fn, v);
    }

    private static int remove(KernelFunction fn, long[] set, int v) {
        long bit = 1L << (v & 63);
        if ((set[v >>> 6] & bit) == 0) {
            return 0;
        }
        set[v >>> 6] &= ~bit;
        return gprSlotsOf(fn, v);
    }

    private static int gprSlotsOf(KernelFunction fn, int v) {
        RegClass c = fn.vregClass(v);
        return c == RegClass.R || c == RegClass.R_ALT || c == RegClass.TENSOR ? fn.vregSlots(v) : 0;
    }

    private static void clear(long[] set, int v) {
        set[v >>> 6] &= ~(1L << (v & 63));
    }

    /**
     * The values a call costs nothing: loaded from a kernel parameter, or defined only by unguarded
     * moves of an immediate (a move without register uses that reads no special register).
     */
    private static boolean[] rereadable(KernelFunction fn) {
        boolean[] free = new boolean[fn.vregCount()];
        boolean[] other = new boolean[fn.vregCount()];
        for (int v = 0; v < free.length; v++) {
            free[v] = fn.vregHas(v, VregFlags.FROM_PARAM);
        }
        int special = InstrFlags.READS_UNIFORM_SPECIAL | InstrFlags.READS_DIVERGENT_SPECIAL | InstrFlags.GUARDED;
        boolean[] constant = new boolean[fn.vregCount()];
        for (int i = 0; i < fn.instrCount(); i++) {
            boolean immediate = fn.instrKind(i) == InstrKind.MOVE && fn.useCount(i) == 0 && fn.defCount(i) == 1
                    && (fn.instrFlags(i) & special) == 0;
            for (int k = 0; k < fn.defCount(i); k++) {
                int v = fn.def(i, k);
                if (immediate) {
                    constant[v] = true;
                } else {
                    other[v] = true;
                }
            }
        }
        for (int v = 0; v < free.length; v++) {
            free[v] |= constant[v] && !other[v];
        }
        return free;
    }

    /** GPR slots of {@code set} a call costs: those of values that cannot be had again after it. */
    private static int gprSlotsKept(KernelFunction fn, long[] set, boolean[] free) {
        int slots = 0;
        for (int w = 0; w < set.length; w++) {
            long bits = set[w];
            while (bits != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (!free[v]) {
                    slots += gprSlotsOf(fn, v);
                }
            }
        }
        return slots;
    }

    private static int gprSlots(KernelFunction fn, long[] set) {
        int slots = 0;
        for (int w = 0; w < set.length; w++) {
            long bits = set[w];
            while (bits != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                slots += gprSlotsOf(fn, v);
            }
        }
        return slots;
    }
}
