package dev.regtune.core.promote;

import java.util.ArrayList;
import java.util.Arrays;
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
 *
 * <p>An array promoted with dynamically indexed accesses keeps its address arithmetic (narrowed
 * to 32-bit offsets before this), which now computes the index, and its accesses become what
 * ptxas's SASS does with them (the sine reduction's 28-byte array: a compare of the offset per
 * element and predicated moves, 0 bytes of stack): a load one {@code selp} per element into the
 * loaded register, reading the element and the offset; a store one {@code selp} per element
 * into the element, reading the stored value, the element and the offset. Every element is
 * defined just before the array's first access, so that none is live before it.
 */
final class LocalArrayPromotion {
    private final KernelFunction f;
    private final LocalMemory memory;
    private final boolean[] promoted;
    private final boolean[] dynamic;
    private final FunctionCopy copy;
    private final FunctionBuilder fb;
    private final int[] elementBytes;
    private final int[][] elementVreg;

    private LocalArrayPromotion(KernelFunction f, boolean[] promoted, boolean[] dynamic) {
        this.f = f;
        this.memory = f.localMemory();
        this.promoted = promoted;
        this.dynamic = dynamic;
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

    /**
     * {@code f} with the arrays flagged in {@code promoted} (per {@link LocalMemory#arrays()}) in
     * registers; those also flagged in {@code dynamic} have dynamically indexed accesses.
     */
    static KernelFunction promote(KernelFunction f, boolean[] promoted, boolean[] dynamic) {
        return new LocalArrayPromotion(f, promoted, dynamic).build();
    }

    private KernelFunction build() {
        int[] first = new int[promoted.length];
        Arrays.fill(first, -1);
        for (int i = 0; i < f.instrCount(); i++) {
            LocalAccess x = memory.access(i);
            if (x == null) {
                continue;
            }
            if (first[x.array()] < 0) {
                first[x.array()] = i;
            }
            if (x.role() != LocalAccess.Role.ADDRESS && elementBytes[x.array()] == 0) {
                elementBytes[x.array()] = x.elementBytes();
            }
        }
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                LocalAccess x = memory.access(i);
                if (x == null || !promoted[x.array()]) {
                    copy.copy(b, i);
                    continue;
                }
                if (dynamic[x.array()] && first[x.array()] == i) {
                    defineElements(x.array(), f.instrLine(i));
                }
                if (x.role() == LocalAccess.Role.ADDRESS) {
                    if (dynamic[x.array()]) {
                        copy.copy(b, i);
                    }
                } else if (x.constantOffset()) {
                    rewriteAccess(i, x);
                } else {
                    rewriteDynamicAccess(i, x);
                }
            }
        }
        return copy.build();
    }

    /** Every element of array {@code a}, defined (with no value yet) before its first access. */
    private void defineElements(int a, int line) {
        int count = memory.arrays().get(a).bytes() / elementBytes[a];
        String mov = elementBytes[a] == 2 ? "mov.b16" : "mov.b32";
        for (int k = 0; k < count; k++) {
            fb.instr(mov, InstrKind.MOVE, 0, new int[] {element(a, k)}, new int[0], line);
        }
    }

    /** A dynamically indexed load or store of a promoted array: one selection per element it may be. */
    private void rewriteDynamicAccess(int i, LocalAccess x) {
        int a = x.array();
        int e = x.elementBytes();
        String select = e == 2 ? "selp.b16" : "selp.b32";
        int guardFlags = f.instrFlags(i) & (InstrFlags.GUARDED | InstrFlags.GUARD_NEGATED);
        int data = x.role() == LocalAccess.Role.STORE ? x.registerCount() : 0;
        int addressEnd = f.useCount(i) - data;
        int count = memory.arrays().get(a).bytes() / e;
        int line = f.instrLine(i);
        int d = 0;
        for (int k = 0; k < x.elements(); k++) {
            boolean register = (x.registerMask() & (1 << k)) != 0;
            int value = !register ? -1 : x.role() == LocalAccess.Role.LOAD ? f.def(i, d++) : f.use(i, addressEnd + d++);
            if (x.role() == LocalAccess.Role.LOAD && !register) {
                continue;
            }
            for (int slot = 0; slot < count; slot++) {
                int element = element(a, slot);
                List<Integer> uses = new ArrayList<>(addressEnd + 3);
                for (int u = 0; u < addressEnd; u++) {
                    uses.add(f.use(i, u));
                }
                int def;
                if (x.role() == LocalAccess.Role.LOAD) {
                    uses.add(element);
                    if (slot > 0) {
                        uses.add(value);
                    }
                    def = value;
                } else {
                    if (register) {
                        uses.add(value);
                    }
                    uses.add(element);
                    def = element;
                }
                fb.instr(select, InstrKind.INT_ALU, guardFlags, new int[] {def},
                        uses.stream().mapToInt(Integer::intValue).toArray(), line);
            }
        }
    }

    private void rewriteAccess(int i, LocalAccess x) {
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
            Arrays.fill(elementVreg[a], -1);
        }
        if (elementVreg[a][k] < 0) {
            NvptxRegClass typed = elementBytes[a] == 2 ? NvptxRegClass.INT16 : NvptxRegClass.INT32;
            elementVreg[a][k] = fb.vreg(memory.arrays().get(a).name() + "[" + k + "]", RegClass.R, PairMode.SINGLE, 0,
                    typed);
        }
        return elementVreg[a][k];
    }
}
