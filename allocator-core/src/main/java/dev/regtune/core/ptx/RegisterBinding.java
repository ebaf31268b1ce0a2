package dev.regtune.core.ptx;

import java.util.Arrays;

import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import org.jspecify.annotations.Nullable;

/**
 * One {@code .reg} declarator in scope: a plain name ({@code %SP}, {@code low}) or a range
 * ({@code %r<45>} declares {@code %r0..%r44}). Virtual registers are created lazily, on first
 * reference, so a range costs one object and one int array sized by the highest index actually
 * used, never one object per declared name.
 */
final class RegisterBinding {
    /** The name, or the range prefix. */
    final String name;
    final RegClass cls;
    final PairMode mode;
    final NvptxRegClass nvptxClass;
    /** -1 for a plain name, else the number of names the range declares. */
    final int count;
    /**
     * A vector register ({@code .reg .v4 .f32 %v}): one wide vreg of the vector's total width whose
     * components ({@code %v.x}, {@code %v.w}) are read and written through the whole vreg.
     */
    final boolean vector;
    /** Scope depth of the declaration (1 = function body). */
    final int depth;
    /** The declaration this one hides, restored when its scope closes. */
    final RegisterBinding shadowed;
    /** Plain name: the vreg once referenced, else -1. */
    int vreg = -1;
    /** Range: vreg per index once referenced (-1 = not yet); grown on demand. */
    private int @Nullable [] vregs;

    RegisterBinding(String name, RegClass cls, PairMode mode, NvptxRegClass nvptxClass, boolean vector, int count,
            int depth, RegisterBinding shadowed) {
        this.vector = vector;
        this.name = name;
        this.cls = cls;
        this.mode = mode;
        this.nvptxClass = nvptxClass;
        this.count = count;
        this.depth = depth;
        this.shadowed = shadowed;
    }

    boolean isRange() {
        return count >= 0;
    }

    /** The vreg already created for index {@code i} of a range, or -1. */
    int vregAt(int i) {
        return vregs != null && i < vregs.length ? vregs[i] : -1;
    }

    void setVregAt(int i, int v) {
        if (vregs == null || i >= vregs.length) {
            int n = Math.max(i + 1, Math.min(count, vregs == null ? 16 : vregs.length * 2));
            int old = vregs == null ? 0 : vregs.length;
            vregs = vregs == null ? new int[n] : Arrays.copyOf(vregs, n);
            Arrays.fill(vregs, old, n, -1);
        }
        vregs[i] = v;
    }
}
