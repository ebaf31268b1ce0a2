package dev.regtune.core.schedule;

import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;
import java.util.Arrays;

/**
 * What the scheduler's pressure arithmetic reads of each instruction's operands, gathered once
 * per block instead of at every step a ready instruction is weighed: the distinct values it reads
 * that count toward pressure (GPR classes) and that it does not also define, each with how often
 * the instruction reads it and its slots (what it can free); and the distinct counted values it
 * defines, each with how often the instruction also reads it and its slots (what it can add).
 * A block's facts are gathered when the scheduler first weighs one of its instructions
 * ({@link #prepare}), in time linear in its operands.
 *
 * <p>Whether a value is live out of the block is settled when the facts are gathered, so weighing
 * an instruction reads no liveness: a value live out is never freed in its block (its reads are
 * not listed), and a def of one always adds its slots when the value is not live yet (its reads
 * are listed as {@link #LIVE_OUT}).
 */
final class PressureOperands {
    private final KernelFunction f;
    private final Liveness liveness;
    private final int[] readStart;
    private final int[] readEnd;
    private final int[] defStart;
    private final int[] defEnd;
    private final boolean[] prepared;
    /** Per fact: value, reads by its instruction, slots. */
    private int[] reads = new int[3 * 64];
    private int readCount;
    private int[] defs = new int[3 * 32];
    private int defCount;
    /**
     * Per vreg, each 1 + the instruction last gathered: whose reads {@code uses} counts, which
     * defines it (until its first def is listed), which listed its first read.
     */
    private final int[] stamp;
    private final int[] uses;
    private final int[] defined;
    private final int[] listed;
    /** Per vreg, its 32-bit GPR slots, 0 for a value that does not count toward pressure. */
    private final int[] slots;

    /** A def fact's reads when its value is live out of the block: below any remaining count. */
    private static final int LIVE_OUT = -1;

    PressureOperands(KernelFunction f, Liveness liveness) {
        this.f = f;
        this.liveness = liveness;
        int n = f.instrCount();
        readStart = new int[n];
        readEnd = new int[n];
        defStart = new int[n];
        defEnd = new int[n];
        prepared = new boolean[f.blockCount()];
        stamp = new int[f.vregCount()];
        uses = new int[f.vregCount()];
        defined = new int[f.vregCount()];
        listed = new int[f.vregCount()];
        slots = new int[f.vregCount()];
        for (int v = 0; v < slots.length; v++) {
            RegClass c = f.vregClass(v);
            slots[v] = c == RegClass.R || c == RegClass.R_ALT ? f.vregSlots(v) : 0;
        }
    }

    /** Gathers block {@code b}'s facts unless they are already there. */
    void prepare(int b) {
        if (prepared[b]) {
            return;
        }
        prepared[b] = true;
        for (int i = f.blockStart(b); i < f.blockEnd(b); i++) {
            gather(b, i);
        }
    }

    private void gather(int b, int i) {
        int mark = i + 1;
        for (int u = 0, nu = f.useCount(i); u < nu; u++) {
            int v = f.use(i, u);
            if (stamp[v] != mark) {
                stamp[v] = mark;
                uses[v] = 0;
            }
            uses[v]++;
        }
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            defined[f.def(i, d)] = mark;
        }
        readStart[i] = readCount;
        for (int u = 0, nu = f.useCount(i); u < nu; u++) {
            int v = f.use(i, u);
            if (listed[v] != mark) {
                listed[v] = mark;
                if (slots[v] > 0 && defined[v] != mark && !liveness.isLiveOut(b, v)) {
                    reads = room(reads, readCount);
                    reads[readCount++] = v;
                    reads[readCount++] = uses[v];
                    reads[readCount++] = slots[v];
                }
            }
        }
        readEnd[i] = readCount;
        defStart[i] = defCount;
        for (int d = 0, nd = f.defCount(i); d < nd; d++) {
            int v = f.def(i, d);
            if (defined[v] == mark && slots[v] > 0) {
                defined[v] = 0;
                defs = room(defs, defCount);
                defs[defCount++] = v;
                defs[defCount++] = liveness.isLiveOut(b, v) ? LIVE_OUT : stamp[v] == mark ? uses[v] : 0;
                defs[defCount++] = slots[v];
            }
        }
        defEnd[i] = defCount;
    }

    /** Slots instruction {@code i}'s new values add when it is placed now (its block must be prepared). */
    int growth(int i, boolean[] live, int[] remaining) {
        int g = 0;
        for (int e = defStart[i]; e < defEnd[i]; e += 3) {
            int v = defs[e];
            if (!live[v] && remaining[v] > defs[e + 1]) {
                g += defs[e + 2];
            }
        }
        return g;
    }

    /** Slots of the values instruction {@code i} reads for the last time in its block (which must be prepared). */
    int freed(int i, int[] remaining) {
        int freed = 0;
        for (int e = readStart[i]; e < readEnd[i]; e += 3) {
            int v = reads[e];
            if (remaining[v] == reads[e + 1]) {
                freed += reads[e + 2];
            }
        }
        return freed;
    }

    /**
     * Sets {@code bit} in {@code mask[v]} for every value {@code v} that instruction {@code i}'s
     * {@link #growth} and {@link #freed} read (its block must be prepared).
     */
    void markValues(int i, long bit, long[] mask) {
        for (int e = readStart[i]; e < readEnd[i]; e += 3) {
            mask[reads[e]] |= bit;
        }
        for (int e = defStart[i]; e < defEnd[i]; e += 3) {
            mask[defs[e]] |= bit;
        }
    }

    /** Clears {@code mask[v]} for every value {@link #markValues} marks for instruction {@code i}. */
    void clearValues(int i, long[] mask) {
        for (int e = readStart[i]; e < readEnd[i]; e += 3) {
            mask[reads[e]] = 0;
        }
        for (int e = defStart[i]; e < defEnd[i]; e += 3) {
            mask[defs[e]] = 0;
        }
    }

    private static int[] room(int[] a, int size) {
        return size + 3 <= a.length ? a : Arrays.copyOf(a, Math.max(2 * a.length, size + 3));
    }

    /** Value {@code v}'s GPR slots, 0 when it does not count toward pressure (not a GPR class). */
    int slots(int v) {
        return slots[v];
    }
}
