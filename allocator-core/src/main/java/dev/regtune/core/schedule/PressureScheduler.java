package dev.regtune.core.schedule;

import dev.regtune.core.analysis.BlockBitSets;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import org.jspecify.annotations.Nullable;

/**
 * A top-down list scheduler over one block at a time that trades latency against register
 * pressure as ptxas's pre-allocation scheduler does. Among the instructions whose predecessors
 * are placed, it takes
 * <ol>
 * <li>while the instruction's new values fit under the register target: the one with the longest
 * weighted path to the end of the block (a load's latency counts on the edges to its readers), so
 * independent loads, parameter reads and address arithmetic move to the top;</li>
 * <li>otherwise: the one that changes pressure least (frees the most), then the longest path.</li>
 * </ol>
 * Ties go to the earlier instruction in layout order, so the result is deterministic. Pressure
 * counts the 32-bit GPR slots of values live across the block (live-out or still to be read).
 *
 * <p>A block of at most {@link #SCAN_LIMIT} instructions scans its ready list at every step. A
 * larger one keeps each ready instruction's growth and pressure change in a {@link ReadyIndex}
 * and updates them only when a value it reads or writes changes state, so a block costs
 * {@code O(n log n)} instead of {@code O(n * ready)}; both choose the same instruction at every
 * step (the same maximum of the same total order). Blocks of at most two instructions keep PTX's
 * order, and so does a block whose dependences chain every instruction to the one before it
 * ({@link BlockDependences#fixesLayoutOrder}: nothing to choose); neither is listed.
 */
final class PressureScheduler {
    private final KernelFunction f;
    private final Liveness liveness;
    private final SchedulingParameters parameters;
    private final OccupancyCliffs cliffs;
    private final PressureOperands operands;
    private BlockDependences.@Nullable Scratch scratch;
    private @Nullable ReadyIndex index;
    /** Per value, the instructions of the block being listed whose operand facts name it (one bit each). */
    private long @Nullable [] naming;

    private final int scanLimit;
    /**
     * Per node of the block being listed: its placement ({@code scheduled}), unplaced predecessors,
     * the ready list, growth and pressure change, path length and {@link #early} tier. Grown to the
     * largest block, so that a block allocates nothing of its own size.
     */
    private int[] scheduled = new int[0];
    private int[] waiting = new int[0];
    private int[] ready = new int[0];
    private int[] growthOf = new int[0];
    private int[] deltaOf = new int[0];
    private int[] height = new int[0];
    private byte[] tier = new byte[0];
    /** The values {@link #enter} last marked live on a block's entry. */
    private int[] entered = new int[16];
    /** {@link #placeIndexed}'s remaining count and liveness of each operand before a placement. */
    private int[] touched = new int[8];
    private int enteredCount;

    PressureScheduler(KernelFunction f, Liveness liveness, SchedulingParameters parameters) {
        this(f, liveness, parameters, OccupancyCliffs.NONE, SCAN_LIMIT);
    }

    /** A scheduler that also reorders blocks above the target down to the occupancy cliff below their demand. */
    PressureScheduler(KernelFunction f, Liveness liveness, SchedulingParameters parameters, OccupancyCliffs cliffs) {
        this(f, liveness, parameters, cliffs, SCAN_LIMIT);
    }

    /** A scheduler whose blocks of more than {@code scanLimit} instructions use the index (tests compare both). */
    PressureScheduler(KernelFunction f, Liveness liveness, SchedulingParameters parameters, int scanLimit) {
        this(f, liveness, parameters, OccupancyCliffs.NONE, scanLimit);
    }

    private PressureScheduler(KernelFunction f, Liveness liveness, SchedulingParameters parameters,
            OccupancyCliffs cliffs, int scanLimit) {
        this.f = f;
        this.liveness = liveness;
        this.parameters = parameters;
        this.cliffs = cliffs;
        this.scanLimit = scanLimit;
        this.operands = new PressureOperands(f, liveness);
    }

    /**
     * The new layout of the whole function: position {@code i} takes instruction {@code order[i]}.
     * Blocks keep their instructions.
     */
    int[] order() {
        int[] order = new int[f.instrCount()];
        int[] remaining = new int[f.vregCount()];
        boolean[] live = new boolean[f.vregCount()];
        for (int b = 0; b < f.blockCount(); b++) {
            scheduleBlock(b, order, remaining, live);
        }
        return order;
    }

    private void scheduleBlock(int b, int[] order, int[] remaining, boolean[] live) {
        int start = f.blockStart(b);
        int n = f.blockEnd(b) - start;
        for (int k = 0; k < n; k++) {
            order[start + k] = start + k;
        }
        if (n <= 2) {
            return;
        }
        operands.prepare(b);
        int entry = enter(b, remaining, live);
        int layoutPeak = simulate(b, entry, order, remaining, live);
        // Above the target a block is reordered to free registers when the knob says so, when PTX's
        // order cannot be held at all, or to reach the occupancy cliff below its demand; the new
        // order must then fit under that cap.
        int cap = parameters.reducePressureAbove();
        if (layoutPeak > parameters.registerTarget() && !parameters.reducePressure() && layoutPeak <= cap) {
            int cliff = cliffs.below(layoutPeak);
            if (cliff < 0) {
                leave(b, remaining, live);
                return;
            }
            cap = Math.max(cliff, parameters.registerTarget());
        }
        if (scratch == null) {
            scratch = new BlockDependences.Scratch(f.vregCount());
        }
        BlockDependences g = BlockDependences.of(f, b, scratch);
        if (g.fixesLayoutOrder()) {
            // Its dependences chain the whole block (a load, its use, the store of the result and
            // the branch): it keeps PTX's order whatever the pressure.
            leave(b, remaining, live);
            return;
        }
        makeRoom(n);
        int[] height = heights(g, start);
        byte @Nullable [] early = parameters.loadsFirst() ? early(g, start) : null;
        int[] scheduled = this.scheduled;
        rewind(b, remaining, live);
        int pressure = entry;
        int peak = n > scanLimit ? scheduleIndexed(b, g, height, early, scheduled, pressure, remaining, live)
                : scheduleScanning(b, g, height, early, scheduled, pressure, remaining, live);
        leave(b, remaining, live);
        // Under the target ptxas hoists (pressure grows towards the target, never above it); an
        // order that needs fewer registers than PTX's there comes from the critical-path order
        // interleaving loads with their consumers, which ptxas does not do: keep PTX's order then.
        // Above the target the order must need fewer registers than PTX's, and at most the cap.
        boolean keep = layoutPeak <= parameters.registerTarget()
                ? peak >= layoutPeak && peak <= parameters.registerTarget()
                : peak < layoutPeak && peak <= cap;
        if (keep) {
            System.arraycopy(scheduled, 0, order, start, n);
        }
    }

    /** Grows the per-node arrays to hold {@code n} nodes. */
    private void makeRoom(int n) {
        if (scheduled.length < n) {
            int c = Math.max(n, 2 * scheduled.length);
            scheduled = new int[c];
            waiting = new int[c];
            ready = new int[c];
            growthOf = new int[c];
            deltaOf = new int[c];
            height = new int[c];
            tier = new byte[c];
        }
    }

    /** Blocks up to this size scan the ready list at every step. */
    static final int SCAN_LIMIT = 64;

    /**
     * Lists block {@code b} into {@code scheduled} by scanning the ready list; returns the peak
     * pressure. A candidate's growth and pressure change read only the state of the values its
     * operand facts name, so they are kept from step to step and computed again only for the
     * instructions that name a value the last placed instruction reads or writes (a block of at
     * most 64 instructions marks them in one word per value; a larger one computes every step).
     */
    private int scheduleScanning(int b, BlockDependences g, int[] height, byte @Nullable [] early,
            int[] scheduled, int pressure,
            int[] remaining, boolean[] live) {
        int start = f.blockStart(b);
        int n = g.size();
        int peak = pressure;
        int[] waiting = this.waiting;
        int[] ready = this.ready;
        int[] growthOf = this.growthOf;
        int[] deltaOf = this.deltaOf;
        long @Nullable [] named = n <= Long.SIZE ? naming() : null;
        if (named != null) {
            for (int k = 0; k < n; k++) {
                operands.markValues(start + k, 1L << k, named);
            }
        }
        long stale = -1L;
        int readyCount = 0;
        for (int k = 0; k < n; k++) {
            waiting[k] = g.predCount(k);
            if (waiting[k] == 0) {
                ready[readyCount++] = k;
            }
        }
        for (int placed = 0; placed < n; placed++) {
            int best = -1;
            int bestAt = -1;
            int bestDelta = 0;
            boolean bestFits = false;
            for (int r = 0; r < readyCount; r++) {
                int k = ready[r];
                int i = start + k;
                if (named == null || (stale & (1L << k)) != 0) {
                    int growth = growth(b, i, live, remaining);
                    growthOf[k] = growth;
                    deltaOf[k] = growth - freed(b, i, remaining);
                    stale &= ~(1L << k);
                }
                int delta = deltaOf[k];
                boolean fits = pressure + growthOf[k] <= parameters.registerTarget();
                if (best < 0 || better(k, fits, delta, height, early, best, bestFits, bestDelta)) {
                    best = k;
                    bestAt = r;
                    bestDelta = delta;
                    bestFits = fits;
                }
            }
            int i = start + best;
            scheduled[placed] = i;
            pressure += bestDelta;
            peak = Math.max(peak, pressure);
            place(b, i, live, remaining);
            if (named != null) {
                for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                    stale |= named[f.use(i, u)];
                }
                for (int d = 0, nd = f.defCount(i); d < nd; d++) {
                    stale |= named[f.def(i, d)];
                }
            }
            ready[bestAt] = ready[--readyCount];
            for (int s = 0; s < g.succCount(best); s++) {
                int next = g.succ(best, s);
                if (--waiting[next] == 0) {
                    ready[readyCount++] = next;
                }
            }
        }
        if (named != null) {
            for (int k = 0; k < n; k++) {
                operands.clearValues(start + k, named);
            }
        }
        return peak;
    }

    /** {@link #naming}, created on first use; every word is clear between blocks. */
    private long[] naming() {
        long[] a = naming;
        if (a == null) {
            a = new long[f.vregCount()];
            naming = a;
        }
        return a;
    }

    /**
     * Lists block {@code b} into {@code scheduled} as {@link #scheduleScanning} does, choosing
     * through a {@link ReadyIndex}; returns the peak pressure.
     */
    private int scheduleIndexed(int b, BlockDependences g, int[] height, byte @Nullable [] early,
            int[] scheduled, int pressure,
            int[] remaining, boolean[] live) {
        int start = f.blockStart(b);
        int n = g.size();
        if (index == null) {
            index = new ReadyIndex(f.vregCount());
        }
        ReadyIndex x = index;
        x.open(f, start, n, height, early);
        int peak = pressure;
        int[] waiting = this.waiting;
        for (int k = 0; k < n; k++) {
            waiting[k] = g.predCount(k);
            if (waiting[k] == 0) {
                enqueue(x, b, k, live, remaining);
            }
        }
        for (int placed = 0; placed < n; placed++) {
            int best = x.best(parameters.registerTarget() - pressure);
            scheduled[placed] = start + best;
            pressure += x.delta(best);
            peak = Math.max(peak, pressure);
            placeIndexed(x, b, g, best, waiting, remaining, live);
        }
        x.close(f, start, n);
        return peak;
    }

    /**
     * Places node {@code best} of block {@code b}, listed through {@code x}: updates the values'
     * state, the ready instructions whose weights that changes, and the ready list. A step of
     * {@link #scheduleIndexed} in a method of its own, so that C2 compiles it as such instead of
     * compiling the whole listing again for each loop it enters by on-stack replacement.
     */
    private void placeIndexed(ReadyIndex x, int b, BlockDependences g, int best, int[] waiting, int[] remaining,
            boolean[] live) {
        int i = f.blockStart(b) + best;
        x.remove(best);
        int operands = f.useCount(i) + f.defCount(i);
        if (touched.length < 2 * operands) {
            touched = new int[2 * operands];
        }
        int[] touched = this.touched;
        for (int u = 0, nu = f.useCount(i); u < nu; u++) {
            int v = f.use(i, u);
            touched[2 * u] = remaining[v];
            touched[2 * u + 1] = live[v] ? 1 : 0;
        }
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            int v = f.def(i, d);
            int o = 2 * (f.useCount(i) + d);
            touched[o] = remaining[v];
            touched[o + 1] = live[v] ? 1 : 0;
        }
        place(b, i, live, remaining);
        // A ready instruction's growth and pressure change read only the remaining uses and
        // liveness of its own operands; growth flips when remaining crosses the instruction's
        // own reads of a value, the freed slots when it reaches them, so only a change of
        // liveness or a remaining count at or below the value's most reads by one instruction
        // can change them.
        for (int u = 0, nu = f.useCount(i); u < nu; u++) {
            int v = f.use(i, u);
            refreshIfChanged(x, b, v, touched[2 * u], touched[2 * u + 1] != 0, live, remaining);
        }
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            int v = f.def(i, d);
            int o = 2 * (f.useCount(i) + d);
            refreshIfChanged(x, b, v, touched[o], touched[o + 1] != 0, live, remaining);
        }
        for (int s = 0; s < g.succCount(best); s++) {
            int next = g.succ(best, s);
            if (--waiting[next] == 0) {
                enqueue(x, b, next, live, remaining);
            }
        }
    }

    private void enqueue(ReadyIndex x, int b, int k, boolean[] live, int[] remaining) {
        int i = f.blockStart(b) + k;
        int growth = growth(b, i, live, remaining);
        x.add(k, growth, growth - freed(b, i, remaining));
    }

    private void refreshIfChanged(ReadyIndex x, int b, int v, int remainingBefore, boolean liveBefore,
            boolean[] live, int[] remaining) {
        boolean changed = live[v] != liveBefore
                || (remaining[v] != remainingBefore && remaining[v] <= x.mostReads(v));
        if (!changed) {
            return;
        }
        int start = f.blockStart(b);
        for (int e = x.firstRef(v); e >= 0; e = x.nextRef(e)) {
            int k = x.refNode(e);
            if (x.isReady(k)) {
                int i = start + k;
                int growth = growth(b, i, live, remaining);
                x.update(k, growth, growth - freed(b, i, remaining));
            }
        }
    }

    /**
     * The block's peak pressure (between instructions) in the order {@code order[start..end)},
     * from the state {@link #enter} left ({@code entry} slots live on entry); leaves the state
     * after the block's last instruction.
     */
    private int simulate(int b, int entry, int[] order, int[] remaining, boolean[] live) {
        int pressure = entry;
        int peak = pressure;
        for (int k = f.blockStart(b); k < f.blockEnd(b); k++) {
            int i = order[k];
            pressure += growth(b, i, live, remaining) - freed(b, i, remaining);
            peak = Math.max(peak, pressure);
            place(b, i, live, remaining);
        }
        return peak;
    }

    /**
     * Counts the block's remaining uses and marks the values live on entry; returns their slots.
     * Records the values it marks in {@link #entered}, for {@link #rewind} and {@link #leave}.
     */
    private int enter(int b, int[] remaining, boolean[] live) {
        int start = f.blockStart(b);
        int end = f.blockEnd(b);
        int pressure = 0;
        enteredCount = 0;
        for (int i = start; i < end; i++) {
            for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                int v = f.use(i, u);
                remaining[v]++;
                if (!live[v] && liveness.isLiveIn(b, v)) {
                    live[v] = true;
                    record(v);
                    pressure += slots(v);
                }
            }
        }
        // Live through: the live-in set's words (sparse, ascending) against the live-out set's.
        BlockBitSets in = liveness.liveInSets();
        for (int k = in.start(b), ke = in.end(b); k < ke; k++) {
            int w = in.index(b, k);
            long word = in.bits(k) & liveness.liveOutWord(b, w);
            while (word != 0) {
                int v = w * 64 + Long.numberOfTrailingZeros(word);
                word &= word - 1;
                if (!live[v]) {
                    live[v] = true;
                    record(v);
                    pressure += slots(v);
                }
            }
        }
        return pressure;
    }

    /**
     * Back to the state {@link #enter} left, after every instruction of the block was placed once
     * (each placement took one remaining use, so every count is zero): {@link #leave} then {@link
     * #enter} in one walk, the values live on entry marked again from {@link #entered}.
     */
    private void rewind(int b, int[] remaining, boolean[] live) {
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                int v = f.use(i, u);
                remaining[v]++;
                live[v] = false;
            }
            for (int d = 0, nd = f.defCount(i); d < nd; d++) {
                live[f.def(i, d)] = false;
            }
        }
        for (int k = 0; k < enteredCount; k++) {
            live[entered[k]] = true;
        }
    }

    private void record(int v) {
        if (enteredCount == entered.length) {
            entered = java.util.Arrays.copyOf(entered, Math.max(16, 2 * enteredCount));
        }
        entered[enteredCount++] = v;
    }

    /**
     * Clears what {@link #enter} and the placements left for the block's values: a value can be
     * live only if {@code enter} marked it or an instruction of the block defines it.
     */
    private void leave(int b, int[] remaining, boolean[] live) {
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            for (int u = 0, nu = f.useCount(i); u < nu; u++) {
                remaining[f.use(i, u)] = 0;
                live[f.use(i, u)] = false;
            }
            for (int d = 0, nd = f.defCount(i); d < nd; d++) {
                live[f.def(i, d)] = false;
            }
        }
        for (int k = 0; k < enteredCount; k++) {
            live[entered[k]] = false;
        }
    }

    /**
     * Whether candidate {@code k} beats {@code best}: one that fits under the target first; among
     * those that fit, an {@code early} one first when loads go first ({@link #early}), then the
     * longer path to the block's end; among those that do not, the one that frees most, then the
     * longer path.
     */
    private boolean better(int k, boolean fits, int delta, int[] height, byte @Nullable [] early, int best,
            boolean bestFits, int bestDelta) {
        if (fits != bestFits) {
            return fits;
        }
        if (!fits && delta != bestDelta) {
            return delta < bestDelta;
        }
        if (fits && early != null && early[k] != early[best]) {
            return early[k] > early[best];
        }
        if (height[k] != height[best]) {
            return height[k] > height[best];
        }
        return k < best;
    }

    private int latency(int i) {
        return f.instrKind(i).isLoad() || specialRead(i) ? parameters.loadLatency() : parameters.aluLatency();
    }

    /**
     * With {@link SchedulingParameters#specialReadsAsLoads}, whether instruction {@code i} reads a
     * special register that SASS reads with S2R (not one the constant bank holds).
     */
    private boolean specialRead(int i) {
        return parameters.specialReadsAsLoads()
                && (f.instrHas(i, InstrFlags.READS_DIVERGENT_SPECIAL) || f.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL)
                        && !f.instrHas(i, InstrFlags.READS_CONSTANT_BANK_SPECIAL));
    }

    /** Slots the instruction's new values add when it is placed. */
    private int growth(int b, int i, boolean[] live, int[] remaining) {
        return operands.growth(i, live, remaining);
    }

    /** Slots of values the instruction reads for the last time in the block. */
    private int freed(int b, int i, int[] remaining) {
        return operands.freed(i, remaining);
    }

    private void place(int b, int i, boolean[] live, int[] remaining) {
        for (int u = 0, nu = f.useCount(i); u < nu; u++) {
            int v = f.use(i, u);
            remaining[v]--;
            if (remaining[v] == 0 && !liveness.isLiveOut(b, v) && !defines(i, v)) {
                live[v] = false;
            }
        }
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            int v = f.def(i, d);
            if (remaining[v] > 0 || liveness.isLiveOut(b, v)) {
                live[v] = true;
            }
        }
    }

    private boolean defines(int i, int v) {
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            if (f.def(i, d) == v) {
                return true;
            }
        }
        return false;
    }

    /** {@link #early}'s tier of the memory reads (and, in unrolled blocks, their addresses). */
    static final byte FIRST = 2;
    /** {@link #early}'s tier of the special-register reads ({@link SchedulingParameters#specialReadsAsLoads}). */
    static final byte AFTER_LOADS = 1;

    /**
     * Per node, its tier while new values fit under the target (higher goes first): {@link #FIRST}
     * for the block's memory reads and, in a block holding unrolled copies of a loop's body (with
     * unrolled addresses first), the integer work whose values a read's address needs,
     * transitively; {@link #AFTER_LOADS} for special-register reads, which ptxas issues at the
     * top of the kernel after the parameters it loads; 0 for the rest. Written into {@link
     * #tier} (its first {@code g.size()} entries).
     */
    private byte[] early(BlockDependences g, int start) {
        int n = g.size();
        byte[] e = tier;
        boolean addresses = false;
        for (int k = 0; k < n && parameters.unrolledAddressesFirst() && !addresses; k++) {
            addresses = f.instrHas(start + k, InstrFlags.UNROLLED_COPY);
        }
        for (int k = n - 1; k >= 0; k--) {
            e[k] = 0;
            if (f.instrKind(start + k).isLoad()) {
                e[k] = FIRST;
                continue;
            }
            if (specialRead(start + k)) {
                e[k] = AFTER_LOADS;
                continue;
            }
            if (!addresses || !feedsAddresses(f.instrKind(start + k))) {
                continue;
            }
            for (int s = 0; s < g.succCount(k) && e[k] != FIRST; s++) {
                e[k] = g.carriesValue(k, s) && e[g.succ(k, s)] == FIRST ? FIRST : 0;
            }
        }
        return e;
    }

    private static boolean feedsAddresses(InstrKind kind) {
        return kind == InstrKind.INT_ALU || kind == InstrKind.INT_MUL || kind == InstrKind.MOVE
                || kind == InstrKind.CONVERT;
    }

    /**
     * Weighted longest path from each node to the end of its block: a node's latency counts on
     * the edges that carry its value; edges that only keep an order (memory, fences) weigh nothing.
     * Written into {@link #height} (its first {@code g.size()} entries).
     */
    private int[] heights(BlockDependences g, int start) {
        int n = g.size();
        int[] h = height;
        for (int k = n - 1; k >= 0; k--) {
            int latency = latency(start + k);
            int tail = 0;
            for (int s = 0; s < g.succCount(k); s++) {
                tail = Math.max(tail, h[g.succ(k, s)] + (g.carriesValue(k, s) ? latency : 0));
            }
            h[k] = tail;
        }
        return h;
    }

    private int slots(int v) {
        return operands.slots(v);
    }
}
