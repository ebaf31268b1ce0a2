package dev.regtune.core.schedule;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * The dependence graph of one basic block: which instruction must stay after which. Nodes are the
 * block's instructions, numbered from 0 in layout order; an edge runs from an earlier to a later
 * node, so layout order is always a valid schedule.
 *
 * <ul>
 * <li>Registers: a use after the def it reads, a def after the previous def of its register and
 * after every use of that previous value.</li>
 * <li>Memory: a load after the last fence and the last store that may write what it reads (global,
 * shared and local memory are disjoint; a generic address may be any of them: a
 * {@code ld.global} may move above a {@code st.shared}, as ptxas moves the loads of a tiled
 * transpose above its shared-memory stores); a store after the last store, the loads since it and
 * the last fence. Reads of kernel parameters and constant banks are read-only and
 * follow only the last fence (a call's return values are read with {@code ld.param}).</li>
 * <li>Fences (barriers, calls, atomics, warp-collective and tensor-core work, anything the front
 * end could not classify) keep their place among memory operations and each other.</li>
 * <li>A call keeps its place among all instructions: ptxas does not move work across the ABI
 * boundary, and the call graph counts the values live across each call.</li>
 * <li>Loads and stores with memory-ordering semantics ({@code .volatile}, {@code .acquire}, ...)
 * keep their order among themselves (probed: ptxas sinks 40 plain loads past a volatile load
 * towards their readers, but not 40 volatile loads past another).</li>
 * <li>The block's last instruction stays last when it is a branch, a return or an exit.</li>
 * </ul>
 */
final class BlockDependences {
    private final int size;
    private final int[] succStart;
    private final int[] succ;
    private final boolean[] data;
    private final int[] predCount;
    private final boolean chain;

    private BlockDependences(int size, int[] succStart, int[] succ, boolean[] data, int[] predCount, boolean chain) {
        this.size = size;
        this.chain = chain;
        this.succStart = succStart;
        this.succ = succ;
        this.data = data;
        this.predCount = predCount;
    }

    /** The graph of block {@code b} of {@code f}. */
    static BlockDependences of(KernelFunction f, int b) {
        return of(f, b, new Scratch(f.vregCount()));
    }

    /**
     * Per-vreg working arrays of {@link #of(KernelFunction, int, Scratch)}, reused across the blocks
     * of one function so that a block costs its own size, not the function's vreg count. Each call
     * leaves the per-vreg arrays as it found them; the edge list and the memory-order arrays are
     * overwritten by the next block (the graph copies its edges out).
     */
    static final class Scratch {
        private final int[] lastDef;
        /**
         * Per vreg, the readers of its current value as a list in layout order: the first and the
         * last entry (1 + its index, 0 for none); per entry, its node and the next entry. Entries
         * are numbered from 0 in each block, so no per-vreg list is allocated.
         */
        private final int[] firstReader;
        private final int[] lastReader;
        private int[] readerNode = new int[64];
        private int[] nextReader = new int[64];
        /** The edge list, emptied for each block. */
        private final EdgeList edges = new EdgeList();
        /** The loads since the last store and the memory operations since the last fence, grown to the largest block. */
        private int[] loadsSinceStore = new int[16];
        private int[] memorySinceFence = new int[16];

        Scratch(int vregs) {
            lastDef = new int[vregs];
            Arrays.fill(lastDef, -1);
            firstReader = new int[vregs];
            lastReader = new int[vregs];
        }
    }

    /** The graph of block {@code b} of {@code f}, working in {@code scratch}. */
    static BlockDependences of(KernelFunction f, int b, Scratch scratch) {
        int start = f.blockStart(b);
        int n = f.blockEnd(b) - start;
        EdgeList edges = scratch.edges;
        edges.clear();
        int[] lastDef = scratch.lastDef;
        int[] firstReader = scratch.firstReader;
        int[] lastReader = scratch.lastReader;
        int readerEntries = 0;
        int lastStore = -1;
        int[] lastStoreIn = {-1, -1, -1, -1}; // per MemorySpace ordinal
        int lastFence = -1;
        int lastCall = -1;
        int lastOrdered = -1;
        if (scratch.loadsSinceStore.length < n) {
            scratch.loadsSinceStore = new int[n];
            scratch.memorySinceFence = new int[n];
        }
        int[] loadsSinceStore = scratch.loadsSinceStore;
        int loads = 0;
        int[] memorySinceFence = scratch.memorySinceFence;
        int memory = 0;
        for (int k = 0; k < n; k++) {
            int i = start + k;
            for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                int v = f.use(i, u);
                if (lastDef[v] >= 0) {
                    edges.addData(lastDef[v], k);
                }
                if (readerEntries == scratch.readerNode.length) {
                    scratch.readerNode = Arrays.copyOf(scratch.readerNode, 2 * readerEntries);
                    scratch.nextReader = Arrays.copyOf(scratch.nextReader, 2 * readerEntries);
                }
                scratch.readerNode[readerEntries] = k;
                scratch.nextReader[readerEntries] = 0;
                readerEntries++;
                if (firstReader[v] == 0) {
                    firstReader[v] = readerEntries;
                } else {
                    scratch.nextReader[lastReader[v] - 1] = readerEntries;
                }
                lastReader[v] = readerEntries;
            }
            for (int d = 0, nd = f.defCount(i); d < nd; d++) {
                int v = f.def(i, d);
                if (lastDef[v] >= 0) {
                    edges.add(lastDef[v], k);
                }
                for (int e = firstReader[v]; e != 0; e = scratch.nextReader[e - 1]) {
                    if (scratch.readerNode[e - 1] != k) {
                        edges.add(scratch.readerNode[e - 1], k);
                    }
                }
                firstReader[v] = 0;
                lastDef[v] = k;
            }
            // A call is an ABI boundary: nothing moves across it, in either direction.
            if (f.instrHas(i, InstrFlags.CALL)) {
                for (int j = lastCall + 1; j < k; j++) {
                    edges.add(j, k);
                }
                lastCall = k;
            } else if (lastCall >= 0) {
                edges.add(lastCall, k);
            }
            if (f.instrHas(i, InstrFlags.ORDERED_MEMORY)) {
                if (lastOrdered >= 0) {
                    edges.add(lastOrdered, k);
                }
                lastOrdered = k;
            }
            switch (memoryRole(f, i)) {
                case READ_ONLY -> {
                    if (lastFence >= 0) {
                        edges.add(lastFence, k);
                    }
                }
                case LOAD -> {
                    MemorySpace space = space(f, i);
                    int after = space == MemorySpace.GENERIC ? lastStore
                            : Math.max(lastStoreIn[space.ordinal()], lastStoreIn[MemorySpace.GENERIC.ordinal()]);
                    if (after >= 0) {
                        edges.add(after, k);
                    }
                    if (lastFence >= 0) {
                        edges.add(lastFence, k);
                    }
                    loadsSinceStore[loads++] = k;
                    memorySinceFence[memory++] = k;
                }
                case STORE -> {
                    if (lastStore >= 0) {
                        edges.add(lastStore, k);
                    }
                    if (lastFence >= 0) {
                        edges.add(lastFence, k);
                    }
                    for (int l = 0; l < loads; l++) {
                        edges.add(loadsSinceStore[l], k);
                    }
                    loads = 0;
                    lastStore = k;
                    lastStoreIn[space(f, i).ordinal()] = k;
                    memorySinceFence[memory++] = k;
                }
                case FENCE -> {
                    if (lastFence >= 0) {
                        edges.add(lastFence, k);
                    }
                    for (int m = 0; m < memory; m++) {
                        edges.add(memorySinceFence[m], k);
                    }
                    memory = 0;
                    loads = 0;
                    lastStore = -1;
                    Arrays.fill(lastStoreIn, -1);
                    lastFence = k;
                }
                case NONE -> {
                }
            }
        }
        for (int i = start; i < start + n; i++) {
            for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                firstReader[f.use(i, u)] = 0;
            }
            for (int d = 0, nd = f.defCount(i); d < nd; d++) {
                lastDef[f.def(i, d)] = -1;
            }
        }
        if (n > 1 && endsBlock(f, start + n - 1)) {
            for (int k = 0; k < n - 1; k++) {
                edges.add(k, n - 1);
            }
        }
        return edges.toGraph(n);
    }

    /** Nodes of the block. */
    int size() {
        return size;
    }

    int succCount(int node) {
        return succStart[node + 1] - succStart[node];
    }

    int succ(int node, int k) {
        return succ[succStart[node] + k];
    }

    /**
     * Whether the {@code k}-th edge out of {@code node} carries a value (a use of the node's def),
     * so the successor waits for the node's latency; other edges only keep an order.
     */
    boolean carriesValue(int node, int k) {
        return data[succStart[node] + k];
    }

    /**
     * Whether every node has an edge from the one before it in layout order: then layout order is
     * the only schedule (nothing is ever ready but the next node), and no list scheduler can move
     * anything.
     */
    boolean fixesLayoutOrder() {
        return chain;
    }

    /** Edges into {@code node} (an edge added twice counts twice, as it is released twice). */
    int predCount(int node) {
        return predCount[node];
    }

    private static boolean endsBlock(KernelFunction f, int i) {
        return hasAny(f, i, InstrFlags.BRANCH | InstrFlags.NO_FALLTHROUGH | InstrFlags.RETURN);
    }

    /** Whether instruction {@code i} has any of the bits of {@code mask} ({@link KernelFunction#instrHas} wants all). */
    private static boolean hasAny(KernelFunction f, int i, int mask) {
        return (f.instrFlags(i) & mask) != 0;
    }

    private enum MemoryRole { NONE, READ_ONLY, LOAD, STORE, FENCE }

    private static MemoryRole memoryRole(KernelFunction f, int i) {
        if (hasAny(f, i, InstrFlags.CALL | InstrFlags.BRANCH | InstrFlags.RETURN | InstrFlags.NO_FALLTHROUGH)) {
            return MemoryRole.FENCE;
        }
        InstrKind kind = f.instrKind(i);
        return switch (kind) {
            case INT_ALU, FP32, FP64, SFU, CONVERT, MOVE, INT_MUL -> MemoryRole.NONE;
            case LOAD_PARAM, LOAD_CONST -> MemoryRole.READ_ONLY;
            case LOAD_GLOBAL, LOAD_SHARED, LOAD_LOCAL, TEXTURE -> MemoryRole.LOAD;
            case STORE_GLOBAL, STORE_SHARED, STORE_LOCAL, STORE_PARAM -> MemoryRole.STORE;
            case ATOMIC, WARP, BARRIER, MMA, BRANCH, CALL, RETURN, OTHER -> MemoryRole.FENCE;
        };
    }

    /** Where a load or store goes: global, shared and local memory do not overlap; a generic address may be any of them. */
    private enum MemorySpace {
        GLOBAL, SHARED, LOCAL, GENERIC
    }

    /**
     * The state space instruction {@code i} (a load or a store) names: explicit {@code .global},
     * {@code .shared} ({@code ::cta} and {@code ::cluster} alike) or {@code .local}, otherwise
     * generic (texture reads count as global).
     */
    private static MemorySpace space(KernelFunction f, int i) {
        return switch (f.instrKind(i)) {
            case LOAD_SHARED, STORE_SHARED -> MemorySpace.SHARED;
            case LOAD_LOCAL, STORE_LOCAL -> MemorySpace.LOCAL;
            case TEXTURE -> MemorySpace.GLOBAL;
            case LOAD_GLOBAL, STORE_GLOBAL -> f.opcode(i).contains(".global") ? MemorySpace.GLOBAL : MemorySpace.GENERIC;
            default -> MemorySpace.GENERIC;
        };
    }

    /** Edges as they are found, then packed by source node; one list serves every block of a function. */
    private static final class EdgeList {
        private int[] from = new int[64];
        private int[] to = new int[64];
        private boolean[] value = new boolean[64];
        private int count;
        /**
         * The nodes {@code k} with an edge from {@code k - 1}, counted once each: every edge into a
         * node is added while the node is visited, or (into the last) just after the last visit.
         */
        private int links;
        private int linkedLast = -1;

        void clear() {
            count = 0;
            links = 0;
            linkedLast = -1;
        }

        void add(int a, int b) {
            add(a, b, false);
        }

        void addData(int a, int b) {
            add(a, b, true);
        }

        private void add(int a, int b, boolean carries) {
            if (a == b) {
                return; // an instruction that names a register twice (vector components) orders nothing
            }
            if (count == from.length) {
                from = Arrays.copyOf(from, count * 2);
                to = Arrays.copyOf(to, count * 2);
                value = Arrays.copyOf(value, count * 2);
            }
            if (b == a + 1 && b != linkedLast) {
                links++;
                linkedLast = b;
            }
            from[count] = a;
            to[count] = b;
            value[count] = carries;
            count++;
        }

        BlockDependences toGraph(int n) {
            int[] start = new int[n + 1];
            int[] preds = new int[n];
            for (int e = 0; e < count; e++) {
                start[from[e] + 1]++;
                preds[to[e]]++;
            }
            for (int k = 0; k < n; k++) {
                start[k + 1] += start[k];
            }
            int[] fill = Arrays.copyOf(start, n);
            int[] out = new int[count];
            boolean[] carries = new boolean[count];
            for (int e = 0; e < count; e++) {
                carries[fill[from[e]]] = value[e];
                out[fill[from[e]]++] = to[e];
            }
            return new BlockDependences(n, start, out, carries, preds, links == n - 1);
        }
    }
}
