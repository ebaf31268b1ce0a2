package dev.regtune.core.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Copies a function into a {@link FunctionBuilder} so that a code transform (local-array
 * promotion, lowering) can rebuild it with some instructions changed: the header (signature,
 * launch bounds, memory sizes, every vreg with its number, constraints), instructions one at a
 * time with their block's label, and the call targets. What the transform does not copy it emits
 * itself between the copied instructions.
 */
public final class FunctionCopy {
    private final KernelFunction f;
    private final FunctionBuilder fb;
    /** Per opcode id of {@code f}: its id in {@link #fb}, -1 until the first instruction with it is copied. */
    private final int[] opcodeIds;

    private FunctionCopy(KernelFunction f, int localBytes) {
        this.f = f;
        this.fb = new FunctionBuilder(f.name(), f.kind());
        for (Param p : f.params()) {
            fb.param(p);
        }
        fb.launchBounds(f.launchBounds());
        fb.addLocalBytes(localBytes);
        fb.addSharedBytes(f.sharedBytes());
        fb.copyVregs(f);
        fb.reserve(0, f.instrCount(), f.operandCount());
        for (VregConstraint c : f.constraints()) {
            fb.constraint(c);
        }
        opcodeIds = new int[f.opcodeCount()];
        Arrays.fill(opcodeIds, -1);
    }

    /** A copy of {@code f}'s header, with its own local bytes, ready for its instructions. */
    public static FunctionCopy of(KernelFunction f) {
        return new FunctionCopy(f, f.localBytes());
    }

    /** A copy of {@code f}'s header whose function keeps {@code localBytes} of {@code .local} memory. */
    public static FunctionCopy of(KernelFunction f, int localBytes) {
        return new FunctionCopy(f, localBytes);
    }

    /** The builder the copy goes into, for the vregs and instructions a transform adds. */
    public FunctionBuilder builder() {
        return fb;
    }

    /** Starts block {@code b}: emits its label, if it has one. Call before the block's first instruction. */
    public void startBlock(int b) {
        String label = f.blockLabel(b);
        if (label != null) {
            fb.label(label);
        }
    }

    /** Appends instruction {@code i} of block {@code b} unchanged. */
    public void copy(int b, int i) {
        if (f.instrHas(i, InstrFlags.BRANCH)) {
            copy(b, i, uses(i));
        } else {
            fb.copyInstr(f, i, opcodeId(i), null);
        }
    }

    /** Appends instruction {@code i} of block {@code b} with {@code uses} in place of its own. */
    public void copy(int b, int i, int[] uses) {
        if (f.instrHas(i, InstrFlags.BRANCH)) {
            fb.branch(f.opcode(i), f.instrFlags(i) & ~InstrFlags.BRANCH, uses, targets(b, i), f.instrLine(i));
        } else {
            fb.copyInstr(f, i, opcodeId(i), uses);
        }
    }

    /** The builder's id of instruction {@code i}'s opcode, looked up by name once per opcode. */
    private int opcodeId(int i) {
        int src = f.opcodeId(i);
        int id = opcodeIds[src];
        if (id < 0) {
            id = fb.opcodeId(f.opcode(i));
            opcodeIds[src] = id;
        }
        return id;
    }

    /** The function built, with the original's call targets. */
    public KernelFunction build() {
        for (CallTarget t : f.callTargets()) {
            fb.callTarget(t);
        }
        return fb.build();
    }

    /** The defs of instruction {@code i}, in operand order. */
    public int[] defs(int i) {
        int[] d = new int[f.defCount(i)];
        for (int k = 0; k < d.length; k++) {
            d[k] = f.def(i, k);
        }
        return d;
    }

    /** The uses of instruction {@code i}, in operand order (a guard first). */
    public int[] uses(int i) {
        int[] u = new int[f.useCount(i)];
        for (int k = 0; k < u.length; k++) {
            u[k] = f.use(i, k);
        }
        return u;
    }

    /**
     * The labels branch {@code i}, the last instruction of block {@code b}, targets: its successors,
     * except the block it falls through to (unless that is its only successor, a branch to the next
     * block).
     */
    private List<String> targets(int b, int i) {
        boolean fallsThrough = !f.instrHas(i, InstrFlags.NO_FALLTHROUGH);
        List<String> out = new ArrayList<>();
        for (int k = 0; k < f.succCount(b); k++) {
            int s = f.succ(b, k);
            String label = f.blockLabel(s);
            if (!(fallsThrough && s == b + 1) && label != null) {
                out.add(label);
            }
        }
        String next = b + 1 < f.blockCount() ? f.blockLabel(b + 1) : null;
        if (out.isEmpty() && next != null) {
            out.add(next);
        }
        return out;
    }
}
