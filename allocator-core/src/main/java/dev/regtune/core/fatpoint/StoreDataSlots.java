package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * Where ptxas puts the data of a 32-bit global store or atomic: three registers above the
 * address pair, in the odd half of the next pair, when that register is free. Read from the SASS
 * of ptxas 13.0.88 (sm_90) on real and probed kernels: {@code STG.E [R2.64], R5}, {@code [R4.64],
 * R7}, {@code [R6.64], R9}, {@code ATOMG.E.ADD [R2.64], R5}, even where a lower register is free;
 * it is why ptxas's small kernels use two more registers than the lowest free slots would.
 *
 * <p>A soft preference: the data's group takes that slot when it is free over its whole live
 * range and within the budget, and the lowest free slot otherwise. Only for the general-register
 * class, a scalar store of at most 32 bits whose address and data are distinct groups. Data that
 * holds a register only at the store (a folded constant, or a value reloaded from memory: a
 * piece at the store's program point) takes the same slot there: ptxas's {@code STG.E [R2.64],
 * R5} after {@code MOV R5, 0x539} stores a constant.
 *
 * <p>Data that is not live together with other data stored through the same address is
 * produced after the store before it: where that store's held operand ({@link StoreOperandHolds})
 * still occupies the slot, the data moves up two slots at a time, to the next odd register free
 * over its range, up to a limit (ptxas's R7, R9, R11, R13 for the data of consecutive stores
 * through one address pair). Data live together takes the lowest free slots instead (ptxas's R4
 * to R11 for eight parameters read before their stores).
 */
final class StoreDataSlots {
    /** Slots from the address pair's first register to the data's. */
    static final int OFFSET = 3;

    private final int[] addressGroup;
    /** Per instruction: the address group of the scalar store it is, or -1. */
    private final int[] storeAddress;
    /** Per instruction: the data group of the scalar store it is, or -1. */
    private final int[] storeData;
    /** Whether any group has an address to follow (none: the order and the scan are left alone). */
    private final boolean any;
    /** The slots data may move up within when its preferred one is taken; 0: it does not move. */
    private final int moveUpTo;
    /** Per group: data live apart from the other data stored through its address, which may move up. */
    private final boolean[] moves;

    private StoreDataSlots(int[] addressGroup, int[] storeAddress, int[] storeData, boolean any, int moveUpTo,
            boolean[] moves) {
        this.addressGroup = addressGroup;
        this.storeAddress = storeAddress;
        this.storeData = storeData;
        this.any = any;
        this.moveUpTo = moveUpTo;
        this.moves = moves;
    }

    /** No preference for any of {@code groupCount} groups. */
    static StoreDataSlots none(int groupCount) {
        int[] a = new int[groupCount];
        Arrays.fill(a, -1);
        return new StoreDataSlots(a, new int[0], new int[0], false, 0, new boolean[groupCount]);
    }

    /**
     * The store-data groups of {@code f} and the address group each follows (the first store's);
     * data whose slot is taken moves up within {@code moveUpTo} slots (0: it does not move).
     */
    static StoreDataSlots of(KernelFunction f, ValueGroups groups, int moveUpTo) {
        int[] addressGroup = new int[groups.groupCount()];
        Arrays.fill(addressGroup, -1);
        int[] storeAddress = new int[f.instrCount()];
        int[] storeData = new int[f.instrCount()];
        Arrays.fill(storeAddress, -1);
        Arrays.fill(storeData, -1);
        boolean any = false;
        for (int i = 0; i < f.instrCount(); i++) {
            if (!scalarStore(f, i)) {
                continue;
            }
            int address = groups.groupOf(f.use(i, 0));
            int data = groups.groupOf(f.use(i, 1));
            if (address >= 0 && data >= 0 && address != data) {
                storeAddress[i] = address;
                storeData[i] = data;
                any = true;
                if (addressGroup[data] < 0) {
                    addressGroup[data] = address;
                }
            }
        }
        return new StoreDataSlots(addressGroup, storeAddress, storeData, any, moveUpTo,
                moveUpTo > 0 ? livingApart(groups, addressGroup) : new boolean[groups.groupCount()]);
    }

    /**
     * Per group: whether it is store data whose live range meets no other data's following the same
     * address (by first point: each against the data that starts before and after it).
     */
    private static boolean[] livingApart(ValueGroups groups, int[] addressGroup) {
        int n = addressGroup.length;
        int count = 0;
        for (int a : addressGroup) {
            count += a >= 0 ? 1 : 0;
        }
        int[] data = new int[count];
        for (int g = 0, k = 0; g < n; g++) {
            if (addressGroup[g] >= 0) {
                data[k++] = g;
            }
        }
        // By address group, then first point; ties keep group order (a stable sort of ascending groups).
        if (count > 1) {
            int[] first = new int[count];
            for (int k = 0; k < count; k++) {
                first[k] = groups.segments(data[k])[0];
            }
            mergeSort(data, first, addressGroup, 0, count, new int[count], new int[count]);
        }
        boolean[] apart = new boolean[n];
        for (int k = 0; k < data.length; k++) {
            int g = data[k];
            boolean before = k > 0 && addressGroup[data[k - 1]] == addressGroup[g] && meet(groups, data[k - 1], g);
            boolean after = k + 1 < data.length && addressGroup[data[k + 1]] == addressGroup[g]
                    && meet(groups, g, data[k + 1]);
            apart[g] = !before && !after;
        }
        return apart;
    }

    /**
     * Sorts {@code data[from..to)} (groups, with their first points in {@code first}, moved along)
     * by address group, then first point, stably; {@code tmpData} and {@code tmpFirst} are scratch.
     */
    private static void mergeSort(int[] data, int[] first, int[] addressGroup, int from, int to, int[] tmpData,
            int[] tmpFirst) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(data, first, addressGroup, from, mid, tmpData, tmpFirst);
        mergeSort(data, first, addressGroup, mid, to, tmpData, tmpFirst);
        int a = from;
        int b = mid;
        int k = from;
        while (a < mid && b < to) {
            int ga = addressGroup[data[a]];
            int gb = addressGroup[data[b]];
            boolean takeB = gb < ga || (gb == ga && first[b] < first[a]);
            int src = takeB ? b++ : a++;
            tmpData[k] = data[src];
            tmpFirst[k++] = first[src];
        }
        while (a < mid) {
            tmpData[k] = data[a];
            tmpFirst[k++] = first[a++];
        }
        while (b < to) {
            tmpData[k] = data[b];
            tmpFirst[k++] = first[b++];
        }
        System.arraycopy(tmpData, from, data, from, to - from);
        System.arraycopy(tmpFirst, from, first, from, to - from);
    }

    /** Whether group {@code a}'s range reaches group {@code b}'s first point ({@code a} starts first). */
    private static boolean meet(ValueGroups groups, int a, int b) {
        int[] s = groups.segments(a);
        return s[s.length - 1] >= groups.segments(b)[0];
    }

    /** A global store or atomic of one value of at most 32 bits: uses (address, data), unguarded. */
    private static boolean scalarStore(KernelFunction f, int i) {
        InstrKind kind = f.instrKind(i);
        if (kind != InstrKind.STORE_GLOBAL && kind != InstrKind.ATOMIC) {
            return false;
        }
        String op = f.opcode(i);
        boolean narrow = op.endsWith("32") || op.endsWith("16") || op.endsWith("8");
        return narrow && !op.contains(".v") && !op.contains(".cas") && f.useCount(i) == 2 && f.defCount(i) <= 1
                && !f.instrHas(i, InstrFlags.GUARDED);
    }

    /**
     * {@code order} with each store-data unit moved to just after its address's unit when it came
     * before it, so that the address is placed first (ptxas places the data relative to it). Only
     * single-slot data behind a register-pair address moves (a whole value, or its piece at the
     * store); every other unit keeps its place.
     */
    int[] addressesFirst(int[] order, UnitSet units) {
        if (!any) {
            return order;
        }
        int[] unitOfGroup = new int[addressGroup.length];
        Arrays.fill(unitOfGroup, -1);
        for (int u = 0; u < units.count; u++) {
            if (!units.isPiece(u)) {
                unitOfGroup[units.group[u]] = u;
            }
        }
        boolean[] placed = new boolean[units.count];
        // followers[u]: data units waiting for address unit u, as a linked list through next[].
        int[] followers = new int[units.count];
        int[] next = new int[units.count];
        Arrays.fill(followers, -1);
        int[] out = new int[order.length];
        int k = 0;
        for (int u : order) {
            int a = addressOf(units, u);
            int au = a < 0 ? -1 : unitOfGroup[a];
            if (au >= 0 && !placed[au] && units.width[u] == 1 && units.width[au] == 2) {
                next[u] = followers[au];
                followers[au] = u;
                continue;
            }
            k = emit(u, out, k, placed, followers, next);
        }
        return out;
    }

    private static int emit(int u, int[] out, int k, boolean[] placed, int[] followers, int[] next) {
        out[k++] = u;
        placed[u] = true;
        for (int f = followers[u]; f >= 0; f = next[f]) {
            k = emit(f, out, k, placed, followers, next);
        }
        return k;
    }

    /** The address group unit {@code u} follows: its group's first store's, or for a piece, its store's. */
    private int addressOf(UnitSet units, int u) {
        int g = units.group[u];
        if (!units.isPiece(u)) {
            return g < addressGroup.length ? addressGroup[g] : -1;
        }
        int point = units.piecePoint[u];
        // A use is at the even point 2i of instruction i.
        int i = point / 2;
        return point % 2 == 0 && i < storeData.length && storeData[i] == g ? storeAddress[i] : -1;
    }

    /**
     * The end (exclusive) of the slots unit {@code u} of width {@code w} preferring slot
     * {@code preferred} may take, two at a time from it: just the preferred one, or up to the move
     * limit for data that moves; never past the budget (an address pair at its top leaves the data
     * no preferred slot).
     */
    int limit(UnitSet units, int u, int preferred, int w, int budget) {
        boolean moving = moveUpTo > 0 && !units.isPiece(u) && moves[units.group[u]];
        return Math.min(budget, moving ? Math.max(preferred + w, moveUpTo) : preferred + w);
    }

    /** The slot unit {@code u} prefers, given the slots groups hold so far; -1 for none. */
    int preferred(UnitSet units, int u, int[] groupSlot) {
        if (!any) {
            return -1;
        }
        int a = addressOf(units, u);
        return a < 0 || groupSlot[a] < 0 ? -1 : groupSlot[a] + OFFSET;
    }
}
