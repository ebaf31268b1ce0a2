package dev.regtune.core.check;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The checker's own liveness: for every vreg, the program points at which it is live, as sorted
 * disjoint closed intervals of points. Point {@code 2i} is the read point of instruction {@code
 * i}, {@code 2i+1} its write point (see the package documentation).
 *
 * <p>Deliberately plain: block live-in / live-out sets by the textbook gen/kill data-flow, iterated
 * to a fixed point and intersected with the forward "maybe defined" sets (a value is not held on
 * paths where no def of it has run, as in SSA form), then one backward walk over each block that opens an interval where a value
 * becomes live (walking backwards: a use, or live-out) and closes it where it stops (a killing
 * def, or the block start). Intervals of one vreg that touch in layout order are merged, so a
 * value live through a long run of blocks is one interval.
 *
 * <p>Must stay independent of {@code dev.regtune.core.analysis}: it exists to catch bugs there.
 */
final class LiveRanges {
    private final boolean[] occurs;
    /** Per vreg: from0, to0, from1, to1, ... in ascending point order (null if never live). */
    private final int[][] intervals;
    private final int pointCount;

    private LiveRanges(boolean[] occurs, int[][] intervals, int pointCount) {
        this.occurs = occurs;
        this.intervals = intervals;
        this.pointCount = pointCount;
    }

    /** Whether {@code v} occurs as an operand anywhere in the function. */
    boolean occurs(int v) {
        return occurs[v];
    }

    /** Number of program points, {@code 2 * instrCount}. */
    int pointCount() {
        return pointCount;
    }

    int intervalCount(int v) {
        return intervals[v] == null ? 0 : intervals[v].length / 2;
    }

    int from(int v, int k) {
        return intervals[v][2 * k];
    }

    int to(int v, int k) {
        return intervals[v][2 * k + 1];
    }

    /** Whether {@code v} is live at {@code point}. */
    boolean liveAt(int v, int point) {
        for (int k = 0, n = intervalCount(v); k < n; k++) {
            if (from(v, k) <= point && point <= to(v, k)) {
                return true;
            }
        }
        return false;
    }

    /** The first point at which {@code v} is live, or -1. */
    int firstPoint(int v) {
        return intervalCount(v) == 0 ? -1 : from(v, 0);
    }

    static LiveRanges compute(KernelFunction fn) {
        int vregs = fn.vregCount();
        int blocks = fn.blockCount();
        boolean[] occurs = new boolean[vregs];
        for (int op = 0; op < fn.operandCount(); op++) {
            occurs[fn.operandVreg(op)] = true;
        }

        // gen(b): used before any killing def in b; kill(b): defined by an unguarded instruction in b.
        BitSet[] gen = new BitSet[blocks];
        BitSet[] kill = new BitSet[blocks];
        for (int b = 0; b < blocks; b++) {
            gen[b] = new BitSet(vregs);
            kill[b] = new BitSet(vregs);
            for (int i = fn.blockEnd(b) - 1; i >= fn.blockStart(b); i--) {
                if (kills(fn, i)) {
                    for (int k = 0; k < fn.defCount(i); k++) {
                        gen[b].clear(fn.def(i, k));
                        kill[b].set(fn.def(i, k));
                    }
                }
                for (int k = 0; k < fn.useCount(i); k++) {
                    gen[b].set(fn.use(i, k));
                }
            }
        }

        // live-out(b) = union of live-in over successors; live-in(b) = gen(b) + (live-out(b) - kill(b)).
        BitSet[] liveIn = new BitSet[blocks];
        BitSet[] liveOut = new BitSet[blocks];
        for (int b = 0; b < blocks; b++) {
            liveIn[b] = (BitSet) gen[b].clone();
            liveOut[b] = new BitSet(vregs);
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = blocks - 1; b >= 0; b--) {
                BitSet out = new BitSet(vregs);
                for (int k = 0; k < fn.succCount(b); k++) {
                    out.or(liveIn[fn.succ(b, k)]);
                }
                BitSet in = (BitSet) out.clone();
                in.andNot(kill[b]);
                in.or(gen[b]);
                if (!in.equals(liveIn[b]) || !out.equals(liveOut[b])) {
                    liveIn[b] = in;
                    liveOut[b] = out;
                    changed = true;
                }
            }
        }

        // A value is live only where a def of it may have run: intersect with the forward
        // maybe-defined sets (defined-in(b) = union of defined-out over predecessors, empty at
        // the entry block 0; defined-out(b) = defined-in(b) + every def in b, guarded or not).
        BitSet[] defs = new BitSet[blocks];
        BitSet[] definedIn = new BitSet[blocks];
        BitSet[] definedOut = new BitSet[blocks];
        for (int b = 0; b < blocks; b++) {
            defs[b] = new BitSet(vregs);
            for (int i = fn.blockStart(b); i < fn.blockEnd(b); i++) {
                for (int k = 0; k < fn.defCount(i); k++) {
                    defs[b].set(fn.def(i, k));
                }
            }
            definedIn[b] = new BitSet(vregs);
            definedOut[b] = (BitSet) defs[b].clone();
        }
        changed = true;
        while (changed) {
            changed = false;
            for (int b = 0; b < blocks; b++) {
                BitSet din = new BitSet(vregs);
                for (int k = 0; k < fn.predCount(b); k++) {
                    din.or(definedOut[fn.pred(b, k)]);
                }
                BitSet dout = (BitSet) din.clone();
                dout.or(defs[b]);
                if (!din.equals(definedIn[b]) || !dout.equals(definedOut[b])) {
                    definedIn[b] = din;
                    definedOut[b] = dout;
                    changed = true;
                }
            }
        }
        for (int b = 0; b < blocks; b++) {
            liveIn[b].and(definedIn[b]);
            liveOut[b].and(definedOut[b]);
        }

        // Walk every block backwards from its live-out set, recording intervals of points.
        IntList[] ranges = new IntList[vregs];
        int[] openEnd = new int[vregs];
        boolean[] liveBelow = new boolean[128]; // per def of the current instruction (at most 127)
        for (int b = blocks - 1; b >= 0; b--) {
            int start = fn.blockStart(b);
            int end = fn.blockEnd(b);
            if (start == end) {
                continue; // an empty block has no program points
            }
            // The first def of each vreg in b: a guarded first def of a vreg that no def may have
            // reached at b's entry has no old value to keep, so it kills like an unguarded one.
            Map<Integer, Integer> firstDef = new HashMap<>();
            for (int i = start; i < end; i++) {
                for (int k = 0; k < fn.defCount(i); k++) {
                    firstDef.putIfAbsent(fn.def(i, k), i);
                }
            }
            BitSet live = (BitSet) liveOut[b].clone();
            for (int v = live.nextSetBit(0); v >= 0; v = live.nextSetBit(v + 1)) {
                openEnd[v] = 2 * end - 1;
            }
            for (int i = end - 1; i >= start; i--) {
                int write = 2 * i + 1;
                int read = 2 * i;
                // Write point: live-out plus everything i defines (a dead def lives here only).
                for (int k = 0; k < fn.defCount(i); k++) {
                    int d = fn.def(i, k);
                    liveBelow[k] = live.get(d);
                    if (!live.get(d)) {
                        live.set(d);
                        openEnd[d] = write;
                    }
                }
                // Read point: a def ends the value above it unless i also reads it, or unless the
                // def is guarded and the old value was live below it (then the old value flows
                // through).
                for (int k = 0; k < fn.defCount(i); k++) {
                    int d = fn.def(i, k);
                    boolean noOldValue = !definedIn[b].get(d) && Integer.valueOf(i).equals(firstDef.get(d));
                    boolean flowsThrough = !kills(fn, i) && !noOldValue && liveBelow[k];
                    if (live.get(d) && !flowsThrough && !uses(fn, i, d)) {
                        close(ranges, d, write, openEnd[d]);
                        live.clear(d);
                    }
                }
                for (int k = 0; k < fn.useCount(i); k++) {
                    int u = fn.use(i, k);
                    if (!live.get(u)) {
                        live.set(u);
                        openEnd[u] = read;
                    }
                }
            }
            for (int v = live.nextSetBit(0); v >= 0; v = live.nextSetBit(v + 1)) {
                close(ranges, v, 2 * start, openEnd[v]);
            }
        }

        // Intervals were recorded in descending order; store them ascending.
        int[][] intervals = new int[vregs][];
        for (int v = 0; v < vregs; v++) {
            IntList r = ranges[v];
            if (r == null) {
                continue;
            }
            int n = r.size() / 2;
            int[] asc = new int[2 * n];
            for (int k = 0; k < n; k++) {
                asc[2 * k] = r.get(2 * (n - 1 - k));
                asc[2 * k + 1] = r.get(2 * (n - 1 - k) + 1);
            }
            intervals[v] = asc;
        }
        return new LiveRanges(occurs, intervals, 2 * fn.instrCount());
    }

    /** Records that {@code v} is live over [from, to], merging with the interval just after it. */
    private static void close(IntList[] ranges, int v, int from, int to) {
        IntList r = ranges[v];
        if (r == null) {
            r = new IntList();
            ranges[v] = r;
        }
        int n = r.size();
        if (n > 0 && r.get(n - 2) == to + 1) {
            r.set(n - 2, from);
        } else {
            r.add(from);
            r.add(to);
        }
    }

    /**
     * A def kills the previous value unless the instruction is guarded (it may not execute) and
     * its results may be read outside its guard ({@link InstrFlags#GUARD_SCOPED_DEFS} says not).
     */
    private static boolean kills(KernelFunction fn, int i) {
        int flags = fn.instrFlags(i);
        return (flags & InstrFlags.GUARDED) == 0 || (flags & InstrFlags.GUARD_SCOPED_DEFS) != 0;
    }

    private static boolean uses(KernelFunction fn, int i, int v) {
        for (int k = 0; k < fn.useCount(i); k++) {
            if (fn.use(i, k) == v) {
                return true;
            }
        }
        return false;
    }
}
