package dev.regtune.core.schedule;

import dev.regtune.core.analysis.Loops;
import dev.regtune.core.analysis.ParameterValues;
import dev.regtune.core.ir.FunctionBuilder;
import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.FunctionKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import java.util.BitSet;
import org.jspecify.annotations.Nullable;

/**
 * ptxas reads a kernel parameter from the constant bank again in a block of a loop that runs on
 * only some of the loop's iterations, and holds it in a register from before the loop where the
 * block runs on every iteration: read from the SASS of ptxas 13.0.88 for a probe pair
 * ({@code parameter_rematerialization_sm90.ptx}, {@code _sm80}). A grid-stride loop adding 1 to
 * one of four counters chosen by a comparison gets {@code LDC.64 R4, c[0x0][...]} (sm_90; on sm_80
 * two {@code MOV}s from the constant bank) right before each {@code RED}, 10 and 8 registers; the
 * same loop adding to all four counters on every iteration reads the four pointers into R2..R9
 * before the loop, 24 and 22 registers. That is loop-invariant code motion as it is usually done:
 * only what runs on every iteration moves to the loop's preheader.
 *
 * <p>A parameter value is an entry's {@code ld.param} of one 64-bit value (a pointer, a register
 * pair) with this one definition, or a {@code cvta.to.*} of one (an identity on these
 * architectures). A 32-bit parameter that arithmetic reads is a constant-bank operand of that
 * instruction in SASS ({@code ISETP.GE.AND P0, PT, R0, c[0x0][0x390]}), which the model's uniform
 * placement and parameter folding stand for; copying it would count it twice (it moved 'local'
 * kernels' MAPE on sm_90 from 19.3% to 20.3%, against 19.6% for pointers only). A block that reads such a value,
 * is dominated by the block defining it and (with {@code intoLoopsOnly}) lies in a loop not
 * containing that block without dominating the loop's back edges (nor, once hoisted to a
 * preheader, those of the enclosing loops up to the definition's) gets its own copy of the read
 * (and of the conversion), placed before the block's first instruction reading it; its reads use
 * the copy. Without {@code intoLoopsOnly} every other dominated block gets one. A definition left
 * without reads goes, and a parameter read only by such a conversion goes with it. The scheduler
 * then orders each copy within its block.
 *
 * <p>With {@code pastLoops}, a block outside the loops that do not contain the definition also gets
 * a copy when it lies past such a loop in which nothing reads the value: ptxas 13.0.88 reads a
 * pointer again after a loop that does not use it rather than holding it through the loop ({@code
 * LDC.64} after the back edge in the sm_90 SASS of probe {@code parameter_after_loop_sm90.ptx},
 * 14 registers; on sm_80, {@code _sm80}, it computes the addresses it needs after the loop before
 * it and holds those instead, 18).
 */
final class ParameterRematerialization {
    private ParameterRematerialization() {
    }

    /** A function after rematerialization and how many reads were copied into other blocks. */
    record Rematerialized(KernelFunction function, int copies) {
    }

    /**
     * {@code f} with its pointer parameter reads copied into the blocks using them (with {@code
     * intoLoopsOnly}, only into blocks of a loop not containing the read that run on some of its
     * iterations only); {@code f} itself when none is.
     */
    static Rematerialized apply(KernelFunction f, Loops loops, boolean intoLoopsOnly) {
        return apply(f, loops, intoLoopsOnly, false);
    }

    /**
     * As {@link #apply(KernelFunction, Loops, boolean)}; with {@code pastLoops} (and {@code
     * intoLoopsOnly}), also into a block outside the loops not containing the read that lies past
     * a loop the value lives through without being read in it.
     */
    static Rematerialized apply(KernelFunction f, Loops loops, boolean intoLoopsOnly, boolean pastLoops) {
        if (f.kind() != FunctionKind.ENTRY) {
            return new Rematerialized(f, 0);
        }
        int vregs = f.vregCount();
        // source[v]: the instruction defining pointer parameter value v (ld.param, or cvta of one); -1 otherwise.
        int[] source = ParameterValues.definitions(f);
        if (!keepPointers(f, source)) {
            return new Rematerialized(f, 0);
        }
        // Only a loop can lie between a read and its definition: without loops no block is past one.
        @Nullable BitSet[] readBlocks = pastLoops && loops.loopCount() > 0 ? blocksReading(f, source)
                : new BitSet[pastLoops ? vregs : 0];
        // Reads that stay with the original definition: in its own block, or in one it does not
        // dominate. A conversion's read of its parameter counts only where the conversion stays.
        Reach reach = new Reach(f, loops, intoLoopsOnly, pastLoops, readBlocks);
        int[] reads = new int[vregs];
        if (countReads(f, reach, source, reads) == 0) {
            return new Rematerialized(f, 0);
        }
        for (int v = 0; v < vregs; v++) {
            int i = source[v];
            int p = i >= 0 && f.useCount(i) == 1 ? f.use(i, 0) : -1;
            if (p >= 0 && reads[v] > 0 && !reach.movable(p, source[p], f.blockOf(i))) {
                reads[f.use(i, 0)]++;
            }
        }
        return rewrite(f, reach, source, reads);
    }

    /**
     * Which reads get a copy of their parameter value (see {@link #movable}).
     *
     * @param readBlocks per parameter value, the blocks reading it (with {@code pastLoops} and loops)
     */
    private record Reach(KernelFunction f, Loops loops, boolean intoLoopsOnly, boolean pastLoops,
            @Nullable BitSet[] readBlocks) {
        /** Whether a read of value {@code v}, which {@code def} defines, in block {@code b}, gets a copy there. */
        boolean movable(int v, int def, int b) {
            return ParameterRematerialization.movable(f, loops, intoLoopsOnly, pastLoops, readBlocks, v, def, b);
        }
    }

    /**
     * Keeps in {@code source} the pointers, and for a conversion one of a pointer read (32-bit
     * addresses stay as they are); whether any is left. The stage's loops over the function live
     * in methods of their own, so that C2 compiles each on its own instead of the whole stage once
     * per loop it enters by on-stack replacement.
     */
    private static boolean keepPointers(KernelFunction f, int[] source) {
        boolean any = false;
        for (int v = 0; v < source.length; v++) {
            int i = source[v];
            if (i >= 0 && (f.vregSlots(v) != 2 || f.useCount(i) == 1 && f.vregSlots(f.use(i, 0)) != 2)) {
                source[v] = -1;
            }
            any |= source[v] >= 0;
        }
        return any;
    }

    /**
     * Counts into {@code reads} the reads of each value that stay with its definition (a
     * conversion's read of its parameter not counted); returns how many reads get a copy.
     */
    private static int countReads(KernelFunction f, Reach reach, int[] source, int[] reads) {
        int copies = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            boolean conversion = f.defCount(i) == 1 && source[f.def(i, 0)] == i && f.useCount(i) == 1;
            int b = f.blockOf(i);
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                if (source[v] >= 0 && reach.movable(v, source[v], b)) {
                    copies++;
                } else if (!conversion) {
                    reads[v]++;
                }
            }
        }
        return copies;
    }

    /** {@code f} with the movable reads renamed to their block's copies and the unread definitions dropped. */
    private static Rematerialized rewrite(KernelFunction f, Reach reach, int[] source, int[] reads) {
        int vregs = f.vregCount();
        FunctionCopy copy = FunctionCopy.of(f);
        int[] local = new int[vregs];
        int[] localBlock = new int[vregs];
        Arrays.fill(localBlock, -1);
        int made = 0;
        for (int b = 0; b < f.blockCount(); b++) {
            made += copyBlock(f, copy, b, reach, source, reads, local, localBlock);
        }
        return new Rematerialized(copy.build(), made);
    }

    /**
     * Copies block {@code b}, its movable reads renamed to the block's copies (emitted at their
     * first use); returns how many reads it renamed. A block at a time, so that C2 compiles the
     * copying of a block on its own and the loop over the blocks does not inline it again.
     */
    private static int copyBlock(KernelFunction f, FunctionCopy copy, int b, Reach reach, int[] source, int[] reads,
            int[] local, int[] localBlock) {
        FunctionBuilder fb = copy.builder();
        int made = 0;
        copy.startBlock(b);
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            if (f.defCount(i) == 1 && source[f.def(i, 0)] == i && reads[f.def(i, 0)] == 0) {
                continue;
            }
            int[] uses = copy.uses(i);
            boolean renamed = false;
            for (int k = 0; k < uses.length; k++) {
                int v = uses[k];
                if (source[v] >= 0 && reach.movable(v, source[v], b)) {
                    uses[k] = localCopy(f, fb, source, v, b, local, localBlock);
                    renamed = true;
                    made++;
                }
            }
            if (renamed) {
                copy.copy(b, i, uses);
            } else {
                copy.copy(b, i);
            }
        }
        return made;
    }

    /** Whether a read of value {@code v}, which {@code def} defines, in block {@code b}, gets a copy of it there. */
    private static boolean movable(KernelFunction f, Loops loops, boolean intoLoopsOnly, boolean pastLoops,
            @Nullable BitSet[] readBlocks, int v, int def, int b) {
        int from = f.blockOf(def);
        if (from == b || !loops.dominators().dominates(from, b)) {
            return false;
        }
        if (!intoLoopsOnly || conditionalInLoop(f, loops, from, b)) {
            return true;
        }
        return pastLoops && pastUnreadLoop(loops, readBlocks[v], from, b);
    }

    /**
     * Whether block {@code b}, in no loop that does not contain block {@code from}, comes after a
     * loop that does not contain {@code from} or {@code b} and in none of whose blocks the value is
     * read ({@code reads}: the blocks reading it): a loop whose header {@code from} dominates and
     * which lies before {@code b} in layout order, so that the value would live through it unread.
     */
    private static boolean pastUnreadLoop(Loops loops, @Nullable BitSet reads, int from, int b) {
        int own = loops.loopOf(b);
        if (own >= 0 && !loops.contains(own, from)) {
            return false;
        }
        for (int l = 0; l < loops.loopCount(); l++) {
            int header = loops.loopHeader(l);
            if (loops.contains(l, from) || loops.contains(l, b) || !loops.dominators().dominates(from, header)
                    || b < header) {
                continue;
            }
            boolean read = false;
            for (int k = 0; k < loops.loopBlockCount(l) && !read; k++) {
                read = reads != null && reads.get(loops.loopBlock(l, k));
            }
            if (!read) {
                return true;
            }
        }
        return false;
    }

    /** Per parameter value ({@code source[v] >= 0}), the blocks reading it; null for any other vreg. */
    private static @Nullable BitSet[] blocksReading(KernelFunction f, int[] source) {
        @Nullable BitSet[] out = new BitSet[f.vregCount()];
        for (int i = 0; i < f.instrCount(); i++) {
            for (int k = 0; k < f.useCount(i); k++) {
                int v = f.use(i, k);
                if (source[v] >= 0) {
                    if (out[v] == null) {
                        out[v] = new BitSet(f.blockCount());
                    }
                    out[v].set(f.blockOf(i));
                }
            }
        }
        return out;
    }

    /**
     * Whether block {@code b} sits in a loop that does not contain block {@code from} without
     * running on each of its iterations: a read there is not hoisted out of the loop (loop-invariant
     * code motion moves only what runs on every iteration, into the loop's preheader, and from
     * there out of the enclosing loops in the same way).
     */
    private static boolean conditionalInLoop(KernelFunction f, Loops loops, int from, int b) {
        int at = b;
        for (int l = loops.loopOf(b); l >= 0 && !loops.contains(l, from); l = loops.loopParent(l)) {
            int header = loops.loopHeader(l);
            for (int k = 0; k < f.predCount(header); k++) {
                int p = f.pred(header, k);
                if (loops.contains(l, p) && !loops.dominators().dominates(at, p)) {
                    return true;
                }
            }
            at = header;
        }
        return false;
    }

    /** Block {@code b}'s copy of parameter value {@code v}, emitted (with its parameter read) at its first use. */
    private static int localCopy(KernelFunction f, FunctionBuilder fb, int[] source, int v, int b, int[] local,
            int[] localBlock) {
        if (localBlock[v] == b) {
            return local[v];
        }
        int i = source[v];
        int[] uses = new int[f.useCount(i)];
        for (int k = 0; k < uses.length; k++) {
            uses[k] = localCopy(f, fb, source, f.use(i, k), b, local, localBlock);
        }
        int c = fb.vreg(f.vregName(v) + ".b" + b, f.vregClass(v), f.pairMode(v), f.vregFlags(v), f.nvptxClass(v));
        fb.instr(f.opcode(i), f.instrKind(i), f.instrFlags(i), new int[] {c}, uses, f.instrLine(i));
        local[v] = c;
        localBlock[v] = b;
        return c;
    }
}
