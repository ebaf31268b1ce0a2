package dev.regtune.core.lower;

import dev.regtune.core.ir.FunctionCopy;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * ptxas folds a constant added to an address into the memory instruction's immediate offset
 * ({@code LDG.E R5, [R2.64+0x200]}, {@code STS [R7+0x4], R9}), so the sum needs no register: read
 * from the SASS of ptxas 13.0.88 (sm_90) for a Triton kernel that forms eight addresses
 * {@code add.s64 %rd2, %rd1, 512} ... {@code %rd8 = %rd1 + 3584} ahead of eight guarded loads,
 * which ptxas issues as eight {@code LDG} from one register pair with offsets 0x0 to 0xe00.
 *
 * <p>An {@code add} of one register and an immediate (an {@code add.s64/u64/s32/u32} with a single
 * register use, unguarded, whose result and base are each defined once) goes when every read of
 * its result is the address of a global or shared load, store or atomic, or the base of another
 * such add: those reads take the base instead (the root of a chain of adds). A base defined more
 * than once (a pointer stepped in a loop) keeps its adds, since the base may change between the
 * add and the access. Local memory is left alone: its addresses are resolved into arrays before.
 */
final class AddressOffsetFolding {
    private AddressOffsetFolding() {
    }

    /** A function after folding and how many adds were folded into the accesses reading them. */
    record Folded(KernelFunction function, int adds) {
    }

    /**
     * Drops the candidates instruction {@code i} reads other than as an address, unless {@code i}
     * is itself a candidate; pushes each dropped candidate's add onto {@code work}.
     */
    private static int dropNonAddressReads(KernelFunction f, int i, int[] adder, int[] work, int pending) {
        boolean candidateBase = f.defCount(i) == 1 && adder[f.def(i, 0)] == i;
        for (int k = 0; k < f.useCount(i); k++) {
            int v = f.use(i, k);
            if (adder[v] >= 0 && !addressRead(f, i, k) && !candidateBase) {
                work[pending++] = adder[v];
                adder[v] = -1;
            }
        }
        return pending;
    }

    /** {@code f} with its address offsets folded; {@code f} itself when none folds. */
    static Folded apply(KernelFunction f) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        boolean[] addOpcode = f.opcodesWhere(AddressOffsetFolding::integerAdd);
        boolean anyAdd = false;
        for (int i = 0; i < n && !anyAdd; i++) {
            anyAdd = offsetAdd(f, i, addOpcode);
        }
        if (!anyAdd) {
            return new Folded(f, 0);
        }
        // adder[v]: the add of an immediate defining v, -1 for none. Each of the stage's loops over
        // the function lives in a method of its own, so that C2 compiles it on its own instead of
        // the whole stage once per loop it enters by on-stack replacement.
        int[] adder = candidates(f, addOpcode);
        if (adder == null) {
            return new Folded(f, 0);
        }
        dropNonAddressReads(f, adder);
        int adds = 0;
        boolean[] dropped = new boolean[n];
        for (int v = 0; v < vregs; v++) {
            if (adder[v] >= 0) {
                dropped[adder[v]] = true;
                adds++;
            }
        }
        if (adds == 0) {
            return new Folded(f, 0);
        }
        return new Folded(rewrite(f, adder, dropped), adds);
    }

    /**
     * Per vreg, the add of an immediate defining it (its only def, from a base defined at most
     * once), -1 for none; null when there is none at all.
     */
    private static int @Nullable [] candidates(KernelFunction f, boolean[] addOpcode) {
        int n = f.instrCount();
        int vregs = f.vregCount();
        int[] defs = new int[vregs];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < f.defCount(i); k++) {
                defs[f.def(i, k)]++;
            }
        }
        int[] adder = new int[vregs];
        Arrays.fill(adder, -1);
        int candidates = 0;
        for (int i = 0; i < n; i++) {
            if (offsetAdd(f, i, addOpcode) && defs[f.def(i, 0)] == 1 && defs[f.use(i, 0)] <= 1) {
                adder[f.def(i, 0)] = i;
                candidates++;
            }
        }
        return candidates == 0 ? null : adder;
    }

    /**
     * Drops from {@code adder} the candidates read other than as an address or another candidate's
     * base. Dropping a candidate can only drop more (its add's own reads are then plain reads), so
     * one pass with a worklist of the adds dropped reaches the same fixed point as repeated passes.
     */
    private static void dropNonAddressReads(KernelFunction f, int[] adder) {
        int n = f.instrCount();
        int[] work = new int[n];
        int pending = 0;
        for (int i = 0; i < n; i++) {
            pending = dropNonAddressReads(f, i, adder, work, pending);
            while (pending > 0) {
                pending = dropNonAddressReads(f, work[--pending], adder, work, pending);
            }
        }
    }

    /** {@code f} without the {@code dropped} adds, its reads of their values reading the bases of their chains. */
    private static KernelFunction rewrite(KernelFunction f, int[] adder, boolean[] dropped) {
        FunctionCopy copy = FunctionCopy.of(f);
        for (int b = 0; b < f.blockCount(); b++) {
            copy.startBlock(b);
            for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
                if (dropped[i]) {
                    continue;
                }
                int[] uses = copy.uses(i);
                boolean rewritten = false;
                for (int k = 0; k < uses.length; k++) {
                    int root = root(f, adder, uses[k]);
                    if (root != uses[k]) {
                        uses[k] = root;
                        rewritten = true;
                    }
                }
                if (rewritten) {
                    copy.copy(b, i, uses);
                } else {
                    copy.copy(b, i);
                }
            }
        }
        return copy.build();
    }

    /** The register an address held in {@code v} is an offset from: the base of its chain of folded adds. */
    private static int root(KernelFunction f, int[] adder, int v) {
        int r = v;
        while (adder[r] >= 0) {
            r = f.use(adder[r], 0);
        }
        return r;
    }

    /**
     * An {@code add} of one register and an immediate: 32- or 64-bit integer, one def, one register
     * use, unguarded (the immediate is the operand the IR does not list).
     */
    private static boolean offsetAdd(KernelFunction f, int i, boolean[] addOpcode) {
        return addOpcode[f.opcodeId(i)] && f.defCount(i) == 1 && f.useCount(i) == 1
                && (f.instrFlags(i) & InstrFlags.GUARDED) == 0 && f.def(i, 0) != f.use(i, 0);
    }

    /** A 32- or 64-bit integer {@code add} (per opcode, see {@link KernelFunction#opcodesWhere}). */
    private static boolean integerAdd(String op) {
        return op.equals("add.s64") || op.equals("add.u64") || op.equals("add.s32") || op.equals("add.u32");
    }

    /** Whether use {@code k} of instruction {@code i} is the address of a global or shared access. */
    private static boolean addressRead(KernelFunction f, int i, int k) {
        InstrKind kind = f.instrKind(i);
        boolean memory = switch (kind) {
            case LOAD_GLOBAL, LOAD_SHARED, STORE_GLOBAL, STORE_SHARED, ATOMIC -> true;
            default -> false;
        };
        int address = (f.instrFlags(i) & InstrFlags.GUARDED) != 0 ? 1 : 0;
        return memory && k == address && f.useCount(i) > address;
    }
}
