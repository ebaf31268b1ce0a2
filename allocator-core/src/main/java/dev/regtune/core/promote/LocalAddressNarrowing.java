package dev.regtune.core.promote;

import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.LocalAccess;
import dev.regtune.core.ir.LocalMemory;
import dev.regtune.core.ir.PairMode;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Addresses of the {@code .local} arrays that stay in memory, as ptxas forms them: local memory
 * is addressed with 32 bits relative to the stack pointer {@code R1} ({@code STL [R1+0x8], R5},
 * {@code LEA R4, R3, R1, 0x2}), where PTX computes 64-bit addresses from {@code %SPL}. Read from
 * the SASS of ptxas 13.0.88 (sm_90) for kernels with dynamically indexed arrays (the 28-byte
 * array of the sine/cosine argument reduction, SHA-256's message schedule).
 *
 * <p>For an array whose address escapes nowhere:
 * <ul>
 * <li>an address at a constant offset from the frame ({@code mov.u64 %SPL, __local_depot0},
 * {@code add.u64 %rd1, %SPL, 8}; defined once, from such addresses only) needs no register: its
 * defining instruction goes, and its readers read {@code R1} with the offset folded in;</li>
 * <li>any other address of the array (a frame address plus an index, a pointer stepped in a loop)
 * takes one register, not a pair;</li>
 * <li>the index added to a frame address, when that is all it is read for, takes one register as
 * well, and a {@code mul.wide} forming it becomes a 32-bit multiply ({@code LEA}/{@code IMAD}).</li>
 * </ul>
 * An array whose address escapes (stored, passed, converted to a generic address read elsewhere)
 * keeps its 64-bit generic addresses.
 */
final class LocalAddressNarrowing {
    private LocalAddressNarrowing() {
    }

    /**
     * A function after narrowing.
     *
     * @param function the rewritten function, with its {@link LocalMemory} carried over
     * @param removed frame addresses that need no register
     * @param narrowed addresses and indices that take one register instead of a pair
     */
    record Narrowed(KernelFunction function, int removed, int narrowed) {
    }

    /**
     * {@code f} with the addresses of the arrays flagged in {@code narrow} (per {@link
     * LocalMemory#arrays()}) narrowed; {@code f} itself when nothing changes.
     */
    static Narrowed apply(KernelFunction f, boolean[] narrow) {
        int vregs = f.vregCount();
        // defs[v]: v's definitions; array[v]: the array whose address v holds (every def of v an
        // address term of it), -1 for none.
        int[] defs = new int[vregs];
        int[] array = addressArrays(f, narrow, defs);
        // frame[v]: v is a constant offset from the frame, defined once from frame addresses only.
        boolean[] frame = frameAddresses(f, array, defs);
        @Nullable PairMode[] modes = narrowedModes(f, array, frame);
        int removed = 0;
        int narrowed = 0;
        for (int v = 0; v < vregs; v++) {
            removed += frame[v] ? 1 : 0;
            narrowed += modes[v] != null ? 1 : 0;
        }
        if (removed == 0 && narrowed == 0) {
            return new Narrowed(f, 0, 0);
        }
        return new Narrowed(rewrite(f, array, frame, modes), removed, narrowed);
    }

    /**
     * Per vreg, the array whose address it holds (every def of it an address term of that array),
     * -1 for none; counts each vreg's definitions into {@code defs}. Each of the stage's loops over
     * the function lives in a method of its own, so that C2 compiles it on its own instead of the
     * whole stage once per loop it enters by on-stack replacement.
     */
    private static int[] addressArrays(KernelFunction f, boolean[] narrow, int[] defs) {
        LocalMemory memory = f.localMemory();
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] array = new int[vregs];
        Arrays.fill(array, -1);
        int[] addressDefs = new int[vregs];
        for (int i = 0; i < n; i++) {
            LocalAccess x = memory.access(i);
            int a = x != null && x.role() == LocalAccess.Role.ADDRESS && narrow[x.array()] && f.defCount(i) == 1
                    ? x.array() : -1;
            for (int k = 0; k < f.defCount(i); k++) {
                int v = f.def(i, k);
                defs[v]++;
                if (a >= 0) {
                    addressDefs[v]++;
                    array[v] = a;
                }
            }
        }
        for (int v = 0; v < vregs; v++) {
            if (array[v] >= 0 && (addressDefs[v] != defs[v] || f.vregSlots(v) != 2)) {
                array[v] = -1;
            }
        }
        return array;
    }

    /** Per vreg, whether it is a constant offset from the frame, defined once from frame addresses only. */
    private static boolean[] frameAddresses(KernelFunction f, int[] array, int[] defs) {
        int n = f.instrCount();
        boolean[] frame = new boolean[f.vregCount()];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 0; i < n; i++) {
                if (f.defCount(i) != 1 || (f.instrFlags(i) & InstrFlags.GUARDED) != 0) {
                    continue;
                }
                int v = f.def(i, 0);
                if (frame[v] || array[v] < 0 || defs[v] != 1) {
                    continue;
                }
                boolean fromFrame = true;
                for (int k = 0; k < f.useCount(i); k++) {
                    fromFrame &= frame[f.use(i, k)];
                }
                if (fromFrame && constantOffset(f, i)) {
                    frame[v] = true;
                    changed = true;
                }
            }
        }
        return frame;
    }

    /**
     * Per vreg, {@link PairMode#SINGLE} for a narrowed address that is not a frame address and for
     * a 64-bit register read only as the index added to a narrowed address; null for the rest.
     */
    private static @Nullable PairMode[] narrowedModes(KernelFunction f, int[] array, boolean[] frame) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] indexReads = new int[vregs];
        int[] reads = new int[vregs];
        for (int i = 0; i < n; i++) {
            boolean sum = f.defCount(i) == 1 && array[f.def(i, 0)] >= 0 && f.useCount(i) == 2;
            for (int k = 0; k < f.useCount(i); k++) {
                int u = f.use(i, k);
                reads[u]++;
                if (sum && array[u] < 0 && array[f.use(i, 1 - k)] >= 0) {
                    indexReads[u]++;
                }
            }
        }
        @Nullable PairMode[] modes = new PairMode[vregs];
        for (int v = 0; v < vregs; v++) {
            if (!frame[v]
                    && (array[v] >= 0 || indexReads[v] > 0 && indexReads[v] == reads[v] && f.vregSlots(v) == 2)) {
                modes[v] = PairMode.SINGLE;
            }
        }
        return modes;
    }

    /** {@code f} without its frame addresses' definitions, with their reads dropped and the modes set. */
    private static KernelFunction rewrite(KernelFunction f, int[] array, boolean[] frame,
            @Nullable PairMode[] modes) {
        LocalMemory memory = f.localMemory();
        int n = f.instrCount();
        FunctionCopy copy = FunctionCopy.of(f);
        @Nullable LocalAccess[] access = new LocalAccess[n];
        for (int b = 0; b < f.blockCount(); b++) {
            copyBlock(f, copy, b, array, frame, modes, access);
        }
        KernelFunction built = copy.build();
        LocalMemory carried = new LocalMemory(memory.arrays(), Arrays.copyOf(access, built.instrCount()));
        return built.withLocalMemory(carried).withPairModes(modes);
    }

    /**
     * Copies block {@code b} without its frame addresses' definitions and reads, noting each
     * copied instruction's access in {@code access}. A block at a time, so that C2 compiles the
     * copying of a block on its own and the loop over the blocks does not inline it again.
     */
    private static void copyBlock(KernelFunction f, FunctionCopy copy, int b, int[] array, boolean[] frame,
            @Nullable PairMode[] modes, @Nullable LocalAccess[] access) {
        LocalMemory memory = f.localMemory();
        copy.startBlock(b);
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            if (f.defCount(i) == 1 && frame[f.def(i, 0)]) {
                continue;
            }
            int at = copy.builder().instrCount();
            access[at] = memory.access(i);
            int[] uses = copy.uses(i);
            int kept = 0;
            for (int u : uses) {
                if (!frame[u]) {
                    uses[kept++] = u;
                }
            }
            String op = f.opcode(i);
            if (f.defCount(i) == 1 && modes[f.def(i, 0)] != null && array[f.def(i, 0)] < 0
                    && op.startsWith("mul.wide.")) {
                copy.builder().instr("mul.lo." + op.substring("mul.wide.".length()), f.instrKind(i),
                        f.instrFlags(i), copy.defs(i), Arrays.copyOf(uses, kept), f.instrLine(i));
            } else if (kept < uses.length) {
                copy.copy(b, i, Arrays.copyOf(uses, kept));
            } else {
                copy.copy(b, i);
            }
        }
    }

    /**
     * Whether instruction {@code i}, an address term, adds only a constant to its register
     * operands: a {@code mov}, {@code cvta} or {@code cvt} copy, or an {@code add}/{@code sub} with
     * at most one register (the other operand an immediate).
     */
    private static boolean constantOffset(KernelFunction f, int i) {
        String op = f.opcode(i);
        if (op.startsWith("mov") || op.startsWith("cvta") || op.startsWith("cvt")) {
            return f.useCount(i) <= 1;
        }
        return (op.startsWith("add") || op.startsWith("sub")) && f.useCount(i) <= 1;
    }
}
