package dev.regtune.core.schedule;

import dev.regtune.core.analysis.Loops;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstructionInsertion;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * ptxas reads a kernel parameter from the constant bank ({@code LDC}) in the block that uses it,
 * not where the PTX loads it: read from the SASS of ptxas 13.0.88 (sm_90) for the common
 * {@code ld.param} of three pointers in the entry block, used only after the bounds check's
 * branch, which it compiles to three {@code LDC.64} after the branch, so the pointers hold no
 * registers across the index computation.
 *
 * <p>An entry's {@code ld.param} moves to the top of the block that holds every read of its value
 * when that block is not the load's own, the value has this one definition, and the block is no
 * deeper in loops than the load's unless {@code intoLoops} (the scheduler then orders it within
 * its new block).
 */
final class ParameterLoadSinking {
    private ParameterLoadSinking() {
    }

    /** A function after sinking and how many loads moved. */
    record Sunk(KernelFunction function, int moved) {
    }

    /** {@code f} with its parameter loads sunk; {@code f} itself when none moves. */
    static Sunk apply(KernelFunction f, Loops loops, boolean intoLoops) {
        if (f.kind() != FunctionKind.ENTRY) {
            return new Sunk(f, 0);
        }
        int n = f.instrCount();
        // Each of the stage's loops over the function lives in a method of its own, so that C2
        // compiles it on its own instead of the whole stage once per loop it enters by on-stack
        // replacement.
        int[] target = targets(f, loops, intoLoops);
        int moved = 0;
        for (int i = 0; i < n; i++) {
            moved += target[i] >= 0 ? 1 : 0;
        }
        if (moved == 0) {
            return new Sunk(f, 0);
        }
        // Moved loads per target block, in their original order (CSR).
        int[] start = new int[f.blockCount() + 1];
        for (int i = 0; i < n; i++) {
            if (target[i] >= 0) {
                start[target[i] + 1]++;
            }
        }
        for (int b = 0; b < f.blockCount(); b++) {
            start[b + 1] += start[b];
        }
        int[] into = new int[moved];
        int[] fill = Arrays.copyOf(start, f.blockCount());
        for (int i = 0; i < n; i++) {
            if (target[i] >= 0) {
                into[fill[target[i]]++] = i;
            }
        }
        // Moved loads first in their new block, then the block's own that stay. A block left
        // without instructions would merge with the next one: only then is the function rebuilt
        // from its labels.
        boolean emptied = false;
        for (int b = 0; b < f.blockCount() && !emptied; b++) {
            int stay = start[b + 1] - start[b];
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (target[i] < 0) {
                    stay++;
                }
            }
            emptied = stay == 0 && f.blockEnd(b) > f.blockStart(b);
        }
        if (emptied) {
            return new Sunk(rebuilt(f, target, start, into), moved);
        }
        return new Sunk(laidOut(f, target, start, into), moved);
    }

    /**
     * Per instruction, the block its parameter load moves to: the one block reading its value,
     * which the load's block dominates (and, without {@code intoLoops}, in no deeper loop); -1 for
     * an instruction that stays.
     */
    private static int[] targets(KernelFunction f, Loops loops, boolean intoLoops) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] defs = new int[vregs];
        int[] useBlock = new int[vregs];
        Arrays.fill(useBlock, -1);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                defs[f.def(i, k)]++;
            }
            int b = f.blockOf(i);
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                useBlock[v] = useBlock[v] == -1 || useBlock[v] == b ? b : -2;
            }
        }
        int[] target = new int[n];
        Arrays.fill(target, -1);
        for (int i = 0; i < n; i++) {
            if (f.instrKind(i) != InstrKind.LOAD_PARAM || f.defCount(i) != 1 || f.instrHas(i, InstrFlags.GUARDED)
                    || f.useCount(i) != 0) {
                continue;
            }
            int v = f.def(i, 0);
            int from = f.blockOf(i);
            int to = useBlock[v];
            if (defs[v] != 1 || to < 0 || to == from || !loops.dominators().dominates(from, to)
                    || (!intoLoops && loops.depth(to) > loops.depth(from))) {
                continue;
            }
            target[i] = to;
        }
        return target;
    }

    /** The function with the loads moved first into their blocks, its blocks kept. */
    private static KernelFunction laidOut(KernelFunction f, int[] target, int[] start, int[] into) {
        InstructionInsertion edit = new InstructionInsertion(f);
        for (int b = 0; b < f.blockCount(); b++) {
            int own = f.blockEnd(b) - f.blockStart(b);
            int[] seq = new int[start[b + 1] - start[b] + own];
            int size = 0;
            for (int k = start[b]; k < start[b + 1]; k++) {
                seq[size++] = into[k];
            }
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (target[i] < 0) {
                    seq[size++] = i;
                }
            }
            if (size != own || start[b + 1] > start[b]) {
                edit.layout(b, Arrays.copyOf(seq, size));
            }
        }
        return edit.build();
    }

    /** The function with the loads moved, rebuilt through a {@link FunctionCopy}. */
    private static KernelFunction rebuilt(KernelFunction f, int[] target, int[] start, int[] into) {
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int k = start[b]; k < start[b + 1]; k++) {
                copy.copy(f.blockOf(into[k]), into[k]);
            }
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (target[i] < 0) {
                    copy.copy(b, i);
                }
            }
        }
        return copy.build();
    }
}
