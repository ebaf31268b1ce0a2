package dev.regtune.core.schedule;

import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * If-conversion of short guarded blocks, as ptxas does before it schedules: a block that a
 * conditional branch skips ({@code @p bra L; B; L:}) becomes predicated code ({@code @!p} on each
 * of its instructions) in the block before it, and the branch goes. An instruction whose results
 * are read only later in the converted block is marked {@link InstrFlags#GUARD_SCOPED_DEFS}: every
 * read is under its guard, so its defs start their values as unguarded defs do. Where nothing else branches to
 * {@code L}, the three blocks become one, so the scheduler can hoist the loads of several guarded
 * blocks together. Probed with ptxas 13.0.88 (sm_90) on a tiled transpose's shape, k guarded
 * blocks each loading one global value and storing it to shared memory: 2, 4 and 8 blocks take 10,
 * 18 and 32 registers (every load in flight at once) while a guarded block holds up to 20 PTX
 * instructions; with 21, four blocks take 14.
 *
 * <p>A block is converted when it is reached only from the block before it, falls through to the
 * branch's target, which does not start with a return (ptxas compiles {@code @p bra L; B; L: ret}
 * to {@code @P0 EXIT} and {@code B}, an early exit, not predicated code), holds between one and {@code maxInstructions} instructions, none of them
 * guarded already, a branch, a call, a return, a barrier, warp-collective or tensor-core work, and
 * does not redefine the guard.
 */
final class GuardedBlockMerging {
    private GuardedBlockMerging() {
    }

    /** A function after if-conversion and how many blocks were converted. */
    record Merged(KernelFunction function, int blocks) {
    }

    /** {@code f} with its short guarded blocks predicated; {@code f} itself when none is. */
    static Merged apply(KernelFunction f, int maxInstructions) {
        int blocks = f.blockCount();
        // The uses are read only for a function with a block the CFG alone lets convert.
        boolean any = false;
        for (int b = 1; b + 1 < blocks && !any; b++) {
            any = convertible(f, b, maxInstructions);
        }
        if (!any) {
            return new Merged(f, 0);
        }
        // Each of the stage's loops over the function lives in a method of its own, so that C2
        // compiles it on its own instead of the whole stage once per loop it enters by on-stack
        // replacement.
        int[] useBlock = new int[f.vregCount()];
        int[] firstUse = new int[f.vregCount()];
        uses(f, useBlock, firstUse);
        boolean[] converted = new boolean[blocks];
        boolean[] dropLabel = new boolean[blocks];
        int count = 0;
        for (int b = 1; b + 1 < blocks; b++) {
            if (convertible(f, b, maxInstructions) && keepsItsValues(f, b, useBlock, firstUse)) {
                converted[b] = true;
                dropLabel[b] = true;
                int target = b + 1;
                dropLabel[target] = f.predCount(target) == 2;
                count++;
            }
        }
        if (count == 0) {
            return new Merged(f, 0);
        }
        return new Merged(rewrite(f, converted, dropLabel, useBlock, firstUse), count);
    }

    /** Per vreg, the block reading it (-1 for none, -2 for several) and its first reader (-1 for none). */
    private static void uses(KernelFunction f, int[] useBlock, int[] firstUse) {
        Arrays.fill(useBlock, -1);
        Arrays.fill(firstUse, -1);
        for (int i = 0; i < f.instrCount(); i++) {
            int b = f.blockOf(i);
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                useBlock[v] = useBlock[v] == -1 || useBlock[v] == b ? b : -2;
                if (firstUse[v] < 0) {
                    firstUse[v] = i;
                }
            }
        }
    }

    /** {@code f} with the {@code converted} blocks predicated and merged, the branches over them gone. */
    private static KernelFunction rewrite(KernelFunction f, boolean[] converted, boolean[] dropLabel, int[] useBlock,
            int[] firstUse) {
        int blocks = f.blockCount();
        FunctionCopy copy = FunctionCopy.of(f);
        FunctionBuilder fb = copy.builder();
        for (int b = 0; b < blocks; b++) {
            if (!dropLabel[b]) {
                copy.startBlock(b);
            }
            int end = f.blockEnd(b);
            boolean skipsNext = b + 1 < blocks && converted[b + 1];
            int guardFlags = 0;
            int guard = -1;
            if (converted[b]) {
                int branch = f.blockEnd(b - 1) - 1;
                guard = f.use(branch, 0);
                guardFlags = InstrFlags.GUARDED
                        | (f.instrHas(branch, InstrFlags.GUARD_NEGATED) ? 0 : InstrFlags.GUARD_NEGATED);
            }
            for (int i = f.blockStart(b); i < end; i++) {
                if (skipsNext && i == end - 1) {
                    continue; // the branch over the converted block
                }
                if (guard < 0) {
                    copy.copy(b, i);
                    continue;
                }
                int[] uses = copy.uses(i);
                int[] guarded = new int[uses.length + 1];
                guarded[0] = guard;
                System.arraycopy(uses, 0, guarded, 1, uses.length);
                int flags = f.instrFlags(i) | guardFlags;
                if (readHereOnly(f, i, b, useBlock, firstUse)) {
                    flags |= InstrFlags.GUARD_SCOPED_DEFS;
                }
                fb.instr(f.opcode(i), f.instrKind(i), flags, copy.defs(i), guarded, f.instrLine(i));
            }
        }
        return copy.build();
    }

    /**
     * Whether every value instruction {@code i} defines is read only in its own block {@code b}
     * and only after {@code i}: then every read is under the same guard as the def.
     */
    private static boolean readHereOnly(KernelFunction f, int i, int b, int[] useBlock, int[] firstUse) {
        for (int k = 0; k < f.defCount(i); k++) {
            int d = f.def(i, k);
            if (firstUse[d] >= 0 && (useBlock[d] != b || firstUse[d] <= i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether no value block {@code b} defines is read outside it (nothing flows out of the guarded code). */
    private static boolean keepsItsValues(KernelFunction f, int b, int[] useBlock, int[] firstUse) {
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            if (!readHereOnly(f, i, b, useBlock, firstUse)) {
                return false;
            }
        }
        return true;
    }

    /** Whether block {@code b} is a short guarded block that the branch ending block {@code b-1} skips. */
    private static boolean convertible(KernelFunction f, int b, int maxInstructions) {
        int a = b - 1;
        int target = b + 1;
        int size = f.blockEnd(b) - f.blockStart(b);
        if (size < 1 || size > maxInstructions || f.blockEnd(a) == f.blockStart(a)) {
            return false;
        }
        if (f.predCount(b) != 1 || f.pred(b, 0) != a || f.succCount(b) != 1 || f.succ(b, 0) != target) {
            return false;
        }
        int branch = f.blockEnd(a) - 1;
        if (!f.instrHas(branch, InstrFlags.BRANCH) || !f.instrHas(branch, InstrFlags.GUARDED)
                || f.instrHas(branch, InstrFlags.CALL) || f.instrHas(branch, InstrFlags.RETURN) || f.succCount(a) != 2) {
            return false;
        }
        boolean toTarget = f.succ(a, 0) == target || f.succ(a, 1) == target;
        boolean toBlock = f.succ(a, 0) == b || f.succ(a, 1) == b;
        if (!toTarget || !toBlock) {
            return false;
        }
        if (f.blockStart(target) < f.blockEnd(target) && f.instrHas(f.blockStart(target), InstrFlags.RETURN)) {
            return false; // an early exit: ptxas keeps the branch as a predicated EXIT
        }
        int guard = f.use(branch, 0);
        int excluded = InstrFlags.GUARDED | InstrFlags.BRANCH | InstrFlags.CALL | InstrFlags.RETURN
                | InstrFlags.NO_FALLTHROUGH;
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            if ((f.instrFlags(i) & excluded) != 0) {
                return false;
            }
            InstrKind kind = f.instrKind(i);
            if (kind == InstrKind.BARRIER || kind == InstrKind.WARP || kind == InstrKind.MMA
                    || kind == InstrKind.OTHER) {
                return false;
            }
            for (int k = 0; k < f.defCount(i); k++) {
                if (f.def(i, k) == guard) {
                    return false;
                }
            }
        }
        return true;
    }
}
