package dev.regtune.core.unroll;

import dev.regtune.core.analysis.Loops;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Induction variables that step together share one register, as ptxas's loop strength reduction
 * keeps them: nvcc's unrolled loops step several counters by the same loop-invariant amount
 * ({@code add.s32 %r75, %r75, %r7; add.s32 %r74, %r74, %r7; ...}), each starting at a value that
 * differs from the others only by kernel parameters and immediates. ptxas keeps one of them and
 * forms each other one where it is read, adding the difference from the constant bank; so the
 * others hold no register across the loop.
 *
 * <p>An induction variable here is a vreg with exactly two defs, one before its loop and one
 * {@code add} of itself and a step vreg defined outside the loop, in a block of that loop and of
 * no inner loop, and whose every read is in the loop. Those of one loop with the same step form a
 * group; each but the first whose starting value differs from the first's by kernel parameters
 * and immediates only (a linear form over the defs that reach it) loses its update. A comparison
 * reads the first in its place (ptxas compares the difference of the other operand and the first
 * against the constant bank); any other read reads a fresh value formed from the first just
 * before it. Probe {@code induction_variables_sm90.ptx}: loops comparing against 2, 4 and 8 such
 * variables take 10 registers each under ptxas 13.0.88 (sm_90), and 12, 13 and 21 when the
 * starting values differ by thread-dependent amounts.
 */
final class InductionVariableMerging {
    private InductionVariableMerging() {
    }

    /** A function after merging and how many induction variables were merged into another. */
    record Merged(KernelFunction function, int variables) {
    }

    /** {@code f} with its merged induction variables; {@code f} itself when none merges. */
    static Merged apply(KernelFunction f, Loops loops) {
        if (loops.loopCount() == 0) {
            // An induction variable is updated in a loop.
            return new Merged(f, 0);
        }
        int vregs = f.vregCount();
        int[] defCount = new int[vregs];
        int[] firstDef = new int[vregs];
        int[] secondDef = new int[vregs];
        // Each of the stage's loops over the function lives in a method of its own, so that C2
        // compiles it on its own instead of the whole stage once per loop it enters by on-stack
        // replacement.
        countDefs(f, defCount, firstDef, secondDef);
        Readers readers = new Readers(f);
        Map<Long, List<int[]>> groups = candidates(f, loops, defCount, firstDef, secondDef, readers);
        int[] base = new int[vregs];
        Arrays.fill(base, -1);
        boolean[] update = new boolean[f.instrCount()];
        int merged = 0;
        @Nullable LinearForms forms = null;
        for (List<int[]> group : groups.values()) {
            if (group.size() < 2) {
                continue;
            }
            if (forms == null) {
                forms = new LinearForms(f, defCount, firstDef);
            }
            int[] first = group.get(0);
            for (int g = 1; g < group.size(); g++) {
                int[] other = group.get(g);
                if (forms.differByParameters(other[4], first[4])) {
                    base[other[0]] = first[0];
                    update[other[3]] = true;
                    merged++;
                }
            }
        }
        if (merged == 0) {
            return new Merged(f, 0);
        }
        boolean[] dead = deadStarts(f, update, base, readers, defCount, firstDef);
        return new Merged(rewrite(f, update, dead, base, secondDef), merged);
    }

    /** Counts each vreg's defs into {@code defCount}, with its first and its second def (-1 for none). */
    private static void countDefs(KernelFunction f, int[] defCount, int[] firstDef, int[] secondDef) {
        Arrays.fill(firstDef, -1);
        Arrays.fill(secondDef, -1);
        for (int i = 0; i < f.instrCount(); i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                int d = f.def(i, k);
                if (defCount[d]++ == 0) {
                    firstDef[d] = i;
                } else {
                    secondDef[d] = i;
                }
            }
        }
    }

    /** Candidates: per (loop, step) the induction variables in order of their update. */
    private static Map<Long, List<int[]>> candidates(KernelFunction f, Loops loops, int[] defCount, int[] firstDef,
            int[] secondDef, Readers readers) {
        Map<Long, List<int[]>> groups = new TreeMap<>();
        for (int i = 0; i < f.instrCount(); i++) {
            int[] iv = inductionVariable(f, loops, i, defCount, firstDef, secondDef, readers);
            if (iv != null) {
                long key = ((long) iv[1] << 32) | iv[2];
                groups.computeIfAbsent(key, x -> new ArrayList<>()).add(iv);
            }
        }
        return groups;
    }

    /**
     * {@code f} without the merged variables' updates and the dead starts, each read of a merged
     * variable computed from its base (a comparison reads the base itself).
     */
    private static KernelFunction rewrite(KernelFunction f, boolean[] update, boolean[] dead, int[] base,
            int[] secondDef) {
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (update[i] || dead[i]) {
                    continue;
                }
                int[] uses = copy.uses(i);
                boolean changed = false;
                for (int k = 0; k < uses.length; k++) {
                    int v = uses[k];
                    if (base[v] >= 0 && f.opcode(i).startsWith("setp.")) {
                        uses[k] = base[v]; // ISETP of (x - base) against the difference in the constant bank
                        changed = true;
                    } else if (base[v] >= 0) {
                        int t = fb.vreg(f.vregName(v) + ".iv" + i, f.vregClass(v), f.pairMode(v), 0, f.nvptxClass(v));
                        fb.instr(f.opcode(secondDef[v]), InstrKind.INT_ALU, 0, new int[] {t}, new int[] {base[v]},
                                f.instrLine(i));
                        uses[k] = t;
                        changed = true;
                    }
                }
                if (changed) {
                    copy.copy(b, i, uses);
                } else {
                    copy.copy(b, i);
                }
            }
        }
        return copy.build();
    }

    /**
     * The instructions that computed only the starting values of merged induction variables: each
     * merged variable's first def, and then every side-effect-free single def whose every reader
     * is such an instruction (the parameter reads and arithmetic the start needed), as ptxas drops
     * them as dead code.
     */
    private static boolean[] deadStarts(KernelFunction f, boolean[] update, int[] base, Readers readers,
            int[] defCount, int[] firstDef) {
        boolean[] dead = new boolean[f.instrCount()];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        for (int v = 0; v < base.length; v++) {
            if (base[v] >= 0) {
                work.add(firstDef[v]);
            }
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            if (dead[i]) {
                continue;
            }
            dead[i] = true;
            for (int k = 0; k < f.useCount(i); k++) {
                int u = f.use(i, k);
                int d = firstDef[u];
                if (defCount[u] != 1 || dead[d] || !pure(f, d) || f.defCount(d) != 1) {
                    continue;
                }
                boolean unread = true;
                for (int r = readers.start(u); r < readers.end(u) && unread; r++) {
                    int j = readers.instr(r);
                    unread = dead[j] || update[j];
                }
                if (unread) {
                    work.add(d);
                }
            }
        }
        return dead;
    }

    /** Whether instruction {@code i} only computes its defs (no memory, control or special register). */
    private static boolean pure(KernelFunction f, int i) {
        InstrKind kind = f.instrKind(i);
        boolean arithmetic = kind == InstrKind.INT_ALU || kind == InstrKind.INT_MUL || kind == InstrKind.MOVE
                || kind == InstrKind.CONVERT || kind == InstrKind.LOAD_PARAM;
        return arithmetic && !f.instrHas(i, InstrFlags.GUARDED) && !f.instrHas(i, InstrFlags.BRANCH)
                && !f.instrHas(i, InstrFlags.CALL);
    }

    /**
     * If instruction {@code i} updates an induction variable: {vreg, loop, step, update instruction,
     * starting instruction}; otherwise null.
     */
    private static int @Nullable [] inductionVariable(KernelFunction f, Loops loops, int i,
            int[] defCount, int[] firstDef, int[] secondDef, Readers readers) {
        if (!f.opcode(i).startsWith("add.") || f.defCount(i) != 1 || f.useCount(i) != 2
                || f.instrHas(i, InstrFlags.GUARDED)) {
            return null;
        }
        int v = f.def(i, 0);
        int step = f.use(i, 1);
        int block = f.blockOf(i);
        int loop = loops.loopOf(block);
        if (f.use(i, 0) != v || step == v || loop < 0 || defCount[v] != 2 || secondDef[v] != i) {
            return null;
        }
        int start = firstDef[v];
        if (loops.contains(loop, f.blockOf(start)) || f.vregSlots(v) != 1) {
            return null;
        }
        if (defCount[step] == 0 || (firstDef[step] >= 0 && loops.contains(loop, f.blockOf(firstDef[step])))
                || (secondDef[step] >= 0 && loops.contains(loop, f.blockOf(secondDef[step]))) || defCount[step] > 2) {
            return null;
        }
        for (int r = readers.start(v); r < readers.end(v); r++) {
            if (!loops.contains(loop, f.blockOf(readers.instr(r)))) {
                return null;
            }
        }
        return new int[] {v, loop, step, i, start};
    }

    /** The instructions reading each vreg, in layout order (compressed rows). */
    private static final class Readers {
        private final int[] start;
        private final int[] instrs;

        Readers(KernelFunction f) {
            int vregs = f.vregCount();
            start = new int[vregs + 1];
            for (int i = 0; i < f.instrCount(); i++) {
                for (int k = 0; k < f.useCount(i); k++) {
                    start[f.use(i, k) + 1]++;
                }
            }
            for (int v = 0; v < vregs; v++) {
                start[v + 1] += start[v];
            }
            instrs = new int[start[vregs]];
            int[] at = Arrays.copyOf(start, vregs);
            for (int i = 0; i < f.instrCount(); i++) {
                for (int k = 0; k < f.useCount(i); k++) {
                    instrs[at[f.use(i, k)]++] = i;
                }
            }
        }

        int start(int v) {
            return start[v];
        }

        int end(int v) {
            return start[v + 1];
        }

        int instr(int r) {
            return instrs[r];
        }
    }
}
