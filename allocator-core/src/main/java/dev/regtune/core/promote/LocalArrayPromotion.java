package dev.regtune.core.promote;

import java.util.ArrayList;
import java.util.List;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalAccess;
import dev.regtune.core.ir.LocalArray;
import dev.regtune.core.ir.LocalMemory;
import dev.regtune.core.ir.NvptxRegClass;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;

/**
 * Rewrites a function with some of its {@code .local} arrays in registers: element slot {@code k}
 * of a promoted array becomes the vreg {@code name[k]} (created on first reference), a load of it
 * a {@code mov} out of that vreg, a store a {@code mov} into it (a store of an immediate a {@code
 * mov} with no use), and the instructions that only computed the array's address are dropped. A
 * guarded store also reads the element, whose old value survives when the guard is false. Every
 * other instruction, label, branch, vreg and constraint is kept as it was (vreg numbers too; the
 * element vregs come after them), and the function's local bytes shrink by the promoted arrays.
 */
final class LocalArrayPromotion {
    private final KernelFunction f;
    private final LocalMemory memory;
    private final boolean[] promoted;
    private final FunctionCopy copy;
    private final FunctionBuilder fb;
    private final int[] elementBytes;
    private final int[][] elementVreg;

    private LocalArrayPromotion(KernelFunction f, boolean[] promoted) {
        this.f = f;
        this.memory = f.localMemory();
        this.promoted = promoted;
        int removedBytes = 0;
        for (int a = 0; a < promoted.length; a++) {
            if (promoted[a]) {
                removedBytes += memory.arrays().get(a).bytes();
            }
        }
        this.copy = FunctionCopy.of(f, f.localBytes() - removedBytes);
        this.fb = copy.builder();
        int n = memory.arrays().size();
        this.elementBytes = new int[n];
        this.elementVreg = new int[n][];
    }

    /** {@code f} with the arrays flagged in {@code promoted} (per {@link LocalMemory#arrays()}) in registers. */
    static KernelFunction promote(KernelFunction f, boolean[] promoted) {
        return new LocalArrayPromotion(f, promoted).build();
    }

    private KernelFunction build() {
        for (int i = 0; i < f.instrCount(); i++) {
            LocalAccess x = memory.access(i);
            if (x != null && x.role() != LocalAccess.Role.ADDRESS && elementBytes[x.array()] == 0) {
                elementBytes[x.array()] = x.elementBytes();
            }
        }
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                LocalAccess x = memory.access(i);
                if (x != null && promoted[x.array()]) {
                    rewriteAccess(i, x);
                } else {
                    copy.copy(b, i);
                }
            }
        }
        return copy.build();
    }

    private void rewriteAccess(int i, LocalAccess x) {
        if (x.role() == LocalAccess.Role.ADDRESS) {
            return;
        }
        int e = x.elementBytes();
        String mov = e == 2 ? "mov.b16" : "mov.b32";
        boolean guarded = f.instrHas(i, InstrFlags.GUARDED);
        int guardFlags = f.instrFlags(i) & (InstrFlags.GUARDED | InstrFlags.GUARD_NEGATED);
        int first = x.offset() / e;
        int line = f.instrLine(i);
        if (x.role() == LocalAccess.Role.LOAD) {
            int d = 0;
            for (int k = 0; k < x.elements(); k++) {
                if ((x.registerMask() & (1 << k)) == 0) {
                    continue;
                }
                int def = f.def(i, d++);
                int element = element(x.array(), first + k);
                int[] uses = guarded ? new int[] {f.use(i, 0), element} : new int[] {element};
                int flags = guardFlags | (guarded || !sameShape(def, element) ? 0 : InstrFlags.COPY);
                fb.instr(mov, InstrKind.MOVE, flags, new int[] {def}, uses, line);
            }
            return;
        }
        int data = f.useCount(i) - x.registerCount();
        for (int k = 0; k < x.elements(); k++) {
            int element = element(x.array(), first + k);
            List<Integer> uses = new ArrayList<>(3);
            if (guarded) {
                uses.add(f.use(i, 0));
            }
            boolean register = (x.registerMask() & (1 << k)) != 0;
            int source = register ? f.use(i, data++) : -1;
            if (register) {
                uses.add(source);
            }
            if (guarded) {
                uses.add(element);
            }
            int flags = guardFlags | (register && !guarded && sameShape(element, source) ? InstrFlags.COPY : 0);
            fb.instr(mov, InstrKind.MOVE, flags, new int[] {element},
                    uses.stream().mapToInt(Integer::intValue).toArray(), line);
        }
    }

    private boolean sameShape(int a, int b) {
        return fb.vregClass(a) == fb.vregClass(b) && fb.pairMode(a) == fb.pairMode(b);
    }

    /** The vreg of element slot {@code k} of array {@code a}, created on first reference. */
    private int element(int a, int k) {
        if (elementVreg[a] == null) {
            LocalArray array = memory.arrays().get(a);
            elementVreg[a] = new int[array.bytes() / elementBytes[a]];
            java.util.Arrays.fill(elementVreg[a], -1);
        }
        if (elementVreg[a][k] < 0) {
            NvptxRegClass typed = elementBytes[a] == 2 ? NvptxRegClass.INT16 : NvptxRegClass.INT32;
            elementVreg[a][k] = fb.vreg(memory.arrays().get(a).name() + "[" + k + "]", RegClass.R, PairMode.SINGLE, 0,
                    typed);
        }
        return elementVreg[a][k];
    }
}
