package dev.regtune.core.ptx;

import java.util.ArrayList;
import java.util.List;

import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.RegClass;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;

/**
 * Structural invariants every function the front end produces must satisfy, whatever the PTX:
 * operand indices in range, sane operand counts, flags consistent with kinds, guards that are
 * predicates, every vreg referenced, constraints where (and only where) they belong.
 */
final class IrSanity {
    private IrSanity() {
    }

    /** Problems found in {@code f}, empty when it is sane. */
    static List<String> problems(KernelFunction f, boolean requireInstructions) {
        List<String> out = new ArrayList<>();
        int n = f.vregCount();
        boolean[] referenced = new boolean[n];
        if (requireInstructions && f.instrCount() == 0) {
            out.add(f.name() + ": no instructions");
        }
        int lastLine = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            String at = f.name() + ":" + i + " " + f.opcode(i) + ": ";
            int flags = f.instrFlags(i);
            InstrKind kind = f.instrKind(i);
            if (f.defCount(i) < 0 || f.defCount(i) > 127) {
                out.add(at + "def count " + f.defCount(i));
            }
            if (f.useCount(i) < 0 || f.useCount(i) > 300) {
                out.add(at + "use count " + f.useCount(i));
            }
            for (int k = 0; k < f.defCount(i); k++) {
                int v = f.def(i, k);
                if (v < 0 || v >= n) {
                    out.add(at + "def out of range " + v);
                } else {
                    referenced[v] = true;
                }
            }
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                if (v < 0 || v >= n) {
                    out.add(at + "use out of range " + v);
                } else {
                    referenced[v] = true;
                }
            }
            if ((flags & InstrFlags.GUARD_NEGATED) != 0 && (flags & InstrFlags.GUARDED) == 0) {
                out.add(at + "negated but not guarded");
            }
            if ((flags & InstrFlags.GUARDED) != 0
                    && (f.useCount(i) == 0 || f.vregClass(f.use(i, 0)) != RegClass.P)) {
                out.add(at + "guard is not a predicate");
            }
            if (((flags & InstrFlags.BRANCH) != 0) != (kind == InstrKind.BRANCH)) {
                out.add(at + "BRANCH flag and kind disagree");
            }
            if (((flags & InstrFlags.CALL) != 0) != (kind == InstrKind.CALL)) {
                out.add(at + "CALL flag and kind disagree");
            }
            if (((flags & InstrFlags.RETURN) != 0) != (kind == InstrKind.RETURN)) {
                out.add(at + "RETURN flag and kind disagree");
            }
            if ((flags & InstrFlags.NO_FALLTHROUGH) != 0 && (flags & InstrFlags.GUARDED) != 0) {
                out.add(at + "a guarded instruction cannot be NO_FALLTHROUGH");
            }
            if ((flags & InstrFlags.COPY) != 0 && (f.defCount(i) != 1 || f.useCount(i) != 1
                    || f.vregClass(f.def(i, 0)) != f.vregClass(f.use(i, 0))
                    || f.pairMode(f.def(i, 0)) != f.pairMode(f.use(i, 0)))) {
                out.add(at + "COPY is not a same-class one-to-one move");
            }
            if (kind.name().startsWith("STORE") && f.defCount(i) != 0) {
                out.add(at + "a store defines a register");
            }
            if (f.instrLine(i) < lastLine) {
                out.add(at + "lines go backwards");
            }
            lastLine = f.instrLine(i);
            if (f.instrLine(i) < 1) {
                out.add(at + "no line");
            }
        }
        int[] paired = new int[n];
        for (VregConstraint c : f.constraints()) {
            if (c.kind() == ConstraintKind.PAIRED) {
                paired[c.vreg()]++;
            }
        }
        for (int v = 0; v < n; v++) {
            if (!referenced[v]) {
                out.add(f.name() + ": vreg " + f.vregName(v) + " is never referenced");
            }
            boolean wide = f.pairMode(v) == PairMode.DOUBLE || f.pairMode(v) == PairMode.QUAD;
            if (paired[v] != (wide ? 1 : 0)) {
                out.add(f.name() + ": vreg " + f.vregName(v) + " has " + paired[v] + " PAIRED constraints");
            }
        }
        for (VregConstraint c : f.constraints()) {
            if (c.kind() == ConstraintKind.VECTOR_GROUP) {
                if (!f.vregHas(c.vreg(), VregFlags.VECTOR_MEMBER) || c.a() < 0 || c.a() >= n || c.b() < 1) {
                    out.add(f.name() + ": bad group constraint " + c);
                }
            }
        }
        for (int b = 0; b < f.blockCount(); b++) {
            for (int k = 0; k < f.succCount(b); k++) {
                if (f.succ(b, k) < 0 || f.succ(b, k) >= f.blockCount()) {
                    out.add(f.name() + ": block " + b + " successor out of range");
                }
            }
        }
        return out;
    }
}
