package dev.regtune.core.unroll;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Unrolls each small counted single-block loop of a function as ptxas does before it schedules
 * and allocates: a block that branches back to itself, with no call, barrier or return, whose body
 * (the instructions before its closing branch) has at most {@code bodyLimit} instructions and whose
 * exit test compares a counter stepped by a constant against a value the loop does not change,
 * becomes {@code factor} copies of its body followed by the branch. ptxas leaves a loop whose step
 * is a register alone (a grid-stride loop, {@code i += blockDim.x * gridDim.x}: read from its SASS,
 * one store per iteration), as its trip count is not known on entry, and a loop under
 * {@code .pragma "nounroll"}.
 *
 * <p>Values the body defines and that are dead at the block's end (addresses, loaded values, the
 * exit test) are temporaries: each copy gets its own, so that the scheduler can overlap the copies
 * as ptxas's does. Values live at the end (the induction variable, accumulators) keep their
 * register and chain from one copy to the next, as the iterations did. Only the last copy keeps the
 * exit test; an earlier copy's instructions whose results no later instruction of that copy reads
 * are left out, as ptxas's main loop tests once per {@code factor} iterations (not an atomic whose
 * old value is unused, nor an ordered load: they act on memory). The remainder loop
 * ptxas adds for the last iterations holds no more than the main loop and is not modelled.
 *
 * <p>Copies after the first are flagged {@link InstrFlags#UNROLLED_COPY}: the unrolled loop runs
 * {@code factor} times fewer iterations, so the time estimates count each iteration's work once.
 */
public final class InnermostLoopUnrolling {
    private InnermostLoopUnrolling() {
    }

    /** A function with its loops unrolled and how many loops were. */
    public record Unrolled(KernelFunction function, int loops) {
    }

    /**
     * {@code f} with each eligible loop unrolled {@code factor} times; {@code f} itself when none is
     * ({@code liveness}, {@code f}'s, is only computed when a loop is unrolled).
     */
    public static Unrolled apply(KernelFunction f, Supplier<Liveness> liveness, int factor, int bodyLimit) {
        boolean[] unroll = new boolean[f.blockCount()];
        int loops = 0;
        for (int b = 0; b < f.blockCount(); b++) {
            if (factor > 1 && eligible(f, b, bodyLimit)) {
                unroll[b] = true;
                loops++;
            }
        }
        if (loops == 0) {
            return new Unrolled(f, 0);
        }
        Liveness live = liveness.get();
        FunctionCopy copy = FunctionCopy.of(f);
        // A block at a time, so that C2 compiles the copying of a block on its own instead of the
        // whole stage once per loop it enters by on-stack replacement.
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            if (unroll[b]) {
                unrollBlock(f, copy, live, b, factor);
            } else {
                copyBlock(f, copy, b);
            }
        }
        return new Unrolled(copy.build(), loops);
    }

    private static void copyBlock(KernelFunction f, FunctionCopy copy, int b) {
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            copy.copy(b, i);
        }
    }

    /**
     * Copies loop block {@code b}'s body {@code factor} times (its temporaries renamed in all but
     * the last copy), then its branch.
     */
    private static void unrollBlock(KernelFunction f, FunctionCopy copy, Liveness live, int b, int factor) {
        FunctionBuilder fb = copy.builder();
        int branch = f.blockEnd(b) - 1;
        int[] rename = new int[f.vregCount()];
        boolean[] temporary = temporaries(f, live, b);
        boolean[] kept = keptInCopy(f, b, temporary);
        for (int c = 0; c < factor; c++) {
            boolean last = c == factor - 1;
            for (int v = 0; v < rename.length; v++) {
                rename[v] = v;
            }
            if (!last) {
                for (int v = 0; v < rename.length; v++) {
                    if (temporary[v]) {
                        rename[v] = fb.vreg(f.vregName(v) + "$unroll" + c, f.vregClass(v), f.pairMode(v),
                                f.vregFlags(v), f.nvptxClass(v));
                    }
                }
            }
            int flags = c == 0 ? 0 : InstrFlags.UNROLLED_COPY;
            for (int i = f.blockStart(b); i < branch; i++) {
                if (!last && !kept[i - f.blockStart(b)]) {
                    continue;
                }
                fb.instr(f.opcode(i), f.instrKind(i), f.instrFlags(i) | flags, renamed(copy.defs(i), rename),
                        renamed(copy.uses(i), rename), f.instrLine(i));
            }
        }
        copy.copy(b, branch);
    }

    /** A block that loops to itself through its closing branch, small, and free of calls, barriers and returns. */
    static boolean eligible(KernelFunction f, int b, int bodyLimit) {
        int end = f.blockEnd(b);
        if (end - f.blockStart(b) < 2 || end - 1 - f.blockStart(b) > bodyLimit
                || !f.instrHas(end - 1, InstrFlags.BRANCH)) {
            return false;
        }
        boolean self = false;
        for (int k = 0; k < f.succCount(b); k++) {
            self |= f.succ(b, k) == b;
        }
        if (!self || !f.instrHas(end - 1, InstrFlags.GUARDED)) {
            return false;
        }
        for (int i = f.blockStart(b); i < end - 1; i++) {
            InstrKind kind = f.instrKind(i);
            if (kind == InstrKind.CALL || kind == InstrKind.BARRIER || kind == InstrKind.RETURN
                    || kind == InstrKind.BRANCH
                    || (f.instrFlags(i) & (InstrFlags.CALL | InstrFlags.RETURN | InstrFlags.NO_UNROLL)) != 0) {
                return false;
            }
        }
        return counted(f, b, f.use(end - 1, 0));
    }

    /**
     * Whether the exit test {@code guard} is a comparison, in the body, of counters stepped by a
     * constant against values the body does not define (at least one counter).
     */
    private static boolean counted(KernelFunction f, int b, int guard) {
        int test = onlyDef(f, b, guard);
        if (test < 0 || !f.opcode(test).startsWith("setp.")) {
            return false;
        }
        boolean counter = false;
        for (int k = 0; k < f.useCount(test); k++) {
            int v = f.use(test, k);
            int d = onlyDef(f, b, v);
            if (d >= 0) {
                if (!steppedByConstant(f, b, v, 2)) {
                    return false;
                }
                counter = true;
            } else if (d == SEVERAL) {
                return false;
            }
        }
        return counter;
    }

    /**
     * Whether {@code v}'s one definition in the body adds or subtracts a constant to itself, or to
     * another such counter ({@code depth} levels at most: {@code j = i + 1; i = j}).
     */
    private static boolean steppedByConstant(KernelFunction f, int b, int v, int depth) {
        int d = onlyDef(f, b, v);
        if (d < 0 || depth == 0 || f.useCount(d) != 1 || f.instrHas(d, InstrFlags.GUARDED)) {
            return false;
        }
        String op = f.opcode(d);
        if (!op.startsWith("add.") && !op.startsWith("sub.") && !op.startsWith("mov.")) {
            return false;
        }
        int from = f.use(d, 0);
        return (from == v && !op.startsWith("mov.")) || steppedByConstant(f, b, from, depth - 1);
    }

    /** {@link #onlyDef}'s answer for a value the body defines more than once. */
    private static final int SEVERAL = -2;

    /**
     * The one instruction of block {@code b}'s body that defines {@code v}; -1 if none,
     * {@link #SEVERAL} if several.
     */
    private static int onlyDef(KernelFunction f, int b, int v) {
        int found = -1;
        for (int i = f.blockStart(b); i < f.blockEnd(b) - 1; i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                if (f.def(i, k) == v) {
                    if (found >= 0) {
                        return SEVERAL;
                    }
                    found = i;
                }
            }
        }
        return found;
    }

    /** The vregs block {@code b}'s body defines and that are dead at its end. */
    private static boolean[] temporaries(KernelFunction f, Liveness live, int b) {
        boolean[] t = new boolean[f.vregCount()];
        for (int i = f.blockStart(b); i < f.blockEnd(b) - 1; i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                int v = f.def(i, k);
                t[v] = !live.isLiveOut(b, v);
            }
        }
        return t;
    }

    /**
     * Per body instruction of a copy without the exit test: whether it stays, that is, it defines
     * a value live at the block's end, writes memory or has any other effect, or a later kept
     * instruction of the copy reads one of its temporaries.
     */
    private static boolean[] keptInCopy(KernelFunction f, int b, boolean[] temporary) {
        int start = f.blockStart(b);
        int n = f.blockEnd(b) - 1 - start;
        boolean[] kept = new boolean[n];
        boolean[] needed = new boolean[f.vregCount()];
        for (int k = n - 1; k >= 0; k--) {
            int i = start + k;
            boolean keep = f.defCount(i) == 0 || hasEffect(f, i);
            for (int d = 0; d < f.defCount(i) && !keep; d++) {
                int v = f.def(i, d);
                keep = !temporary[v] || needed[v];
            }
            kept[k] = keep;
            if (keep) {
                for (int u = 0; u < f.useCount(i); u++) {
                    needed[f.use(i, u)] = true;
                }
            }
        }
        return kept;
    }

    /**
     * Whether instruction {@code i} has an effect beyond the values it defines: an atomic, which
     * writes memory whether or not its old value is read ({@code atom.global.add.f32 %f4, [a], %f3}
     * with {@code %f4} unused), or a load or store with memory-ordering semantics.
     */
    private static boolean hasEffect(KernelFunction f, int i) {
        return f.instrKind(i) == InstrKind.ATOMIC || f.instrHas(i, InstrFlags.ORDERED_MEMORY);
    }

    private static int[] renamed(int[] vregs, int[] rename) {
        int[] out = Arrays.copyOf(vregs, vregs.length);
        for (int k = 0; k < out.length; k++) {
            out[k] = rename[out[k]];
        }
        return out;
    }
}
