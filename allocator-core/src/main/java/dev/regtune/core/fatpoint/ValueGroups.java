package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.Segments;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.Arrays;

/**
 * The values the allocator places: every vreg that occurs, with coalesced copies merged into one
 * group (the seed's alias chain, knob 618). A group is allocated as a unit and all its members
 * get the same slot.
 *
 * <p>Copy coalescing (seed 000, "Copy coalescing under knob 618"): a copy ({@link
 * InstrFlags#COPY}) between two vregs of the same effective class and pair mode is merged when
 * the two groups' live ranges share no program point, the merged alias chain stays within
 * {@code RegAllocCoalesceMaxDepth} (529), the group within {@code RegAllocCoalesceMaxFanout}
 * (531) members, and the value within {@code RegAllocCoalesceMaxWidth} (530) slots. Copies are
 * visited in layout order, so the result is deterministic. The merged copy is removed from the
 * code (its source dies there and its destination takes the same register). A copy that cannot
 * be merged leaves a retarget preference (a hint) between the two groups.
 */
public final class ValueGroups {
    private final int groupCount;
    private final int[] groupOf;
    private final int[] rep;
    private final int[] classId;
    private final PairMode[] mode;
    private final int[][] segs;
    private final int[][] members;
    private final int[] hint;
    private final boolean[] removedCopy;
    private final int coalescedCopies;

    private ValueGroups(int groupCount, int[] groupOf, int[] rep, int[] classId, PairMode[] mode, int[][] segs,
            int[][] members, int[] hint, boolean[] removedCopy, int coalescedCopies) {
        this.groupCount = groupCount;
        this.groupOf = groupOf;
        this.rep = rep;
        this.classId = classId;
        this.mode = mode;
        this.segs = segs;
        this.members = members;
        this.hint = hint;
        this.removedCopy = removedCopy;
        this.coalescedCopies = coalescedCopies;
    }

    /**
     * @param effectiveClass class id per vreg after uniform placement (0 for vregs that never occur)
     */
    public static ValueGroups build(KernelFunction fn, LiveRanges ranges, int[] effectiveClass, Knobs knobs) {
        int n = fn.vregCount();
        int[] parent = new int[n];
        int[] depth = new int[n];
        int[] size = new int[n];
        int[][] merged = new int[n][];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
            size[v] = 1;
        }
        boolean coalesce = knobs.getBool(KnobCatalogue.COALESCING);
        int maxDepth = knobs.getInt(KnobCatalogue.COALESCE_MAX_DEPTH);
        int maxFanout = knobs.getInt(KnobCatalogue.COALESCE_MAX_FANOUT);
        int maxWidth = knobs.getInt(KnobCatalogue.COALESCE_MAX_WIDTH);
        boolean[] removed = new boolean[fn.instrCount()];
        int[] hintVreg = new int[n];
        Arrays.fill(hintVreg, -1);
        int coalesced = 0;
        for (int i = 0; i < fn.instrCount(); i++) {
            if (!fn.instrHas(i, InstrFlags.COPY) || fn.instrHas(i, InstrFlags.GUARDED) || fn.defCount(i) != 1
                    || fn.useCount(i) != 1) {
                continue;
            }
            int d = fn.def(i, 0);
            int s = fn.use(i, 0);
            if (d == s || effectiveClass[d] != effectiveClass[s] || effectiveClass[d] == 0
                    || fn.pairMode(d) != fn.pairMode(s)) {
                continue;
            }
            int gd = find(parent, d);
            int gs = find(parent, s);
            if (gd == gs) {
                continue;
            }
            boolean ok = coalesce && fn.vregSlots(d) <= maxWidth
                    && Math.max(depth[gd], depth[gs]) + 1 <= maxDepth && size[gd] + size[gs] <= maxFanout + 1;
            if (ok) {
                int[] a = segsOf(merged, ranges, gd);
                int[] b = segsOf(merged, ranges, gs);
                ok = !Segments.overlap(a, a.length / 2, b, b.length / 2);
                if (ok) {
                    int root = Math.min(gd, gs);
                    int other = Math.max(gd, gs);
                    parent[other] = root;
                    merged[root] = Segments.union(a, a.length / 2, b, b.length / 2);
                    merged[other] = null;
                    depth[root] = Math.max(depth[gd], depth[gs]) + 1;
                    size[root] = size[gd] + size[gs];
                    removed[i] = true;
                    coalesced++;
                }
            }
            if (!ok) {
                if (hintVreg[d] < 0) {
                    hintVreg[d] = s;
                }
                if (hintVreg[s] < 0) {
                    hintVreg[s] = d;
                }
            }
        }
        if (knobs.getBool(KnobCatalogue.DYING_OPERAND_HINTS)) {
            DyingOperands.hint(fn, ranges, effectiveClass, removed, hintVreg);
        }
        // Number the groups of occurring vregs in order of their lowest member.
        int[] groupOf = new int[n];
        Arrays.fill(groupOf, -1);
        int[] groupOfRoot = new int[n];
        Arrays.fill(groupOfRoot, -1);
        int g = 0;
        for (int v = 0; v < n; v++) {
            if (effectiveClass[v] == 0) {
                continue;
            }
            int r = find(parent, v);
            if (groupOfRoot[r] < 0) {
                groupOfRoot[r] = g++;
            }
            groupOf[v] = groupOfRoot[r];
        }
        int[] rep = new int[g];
        int[] classId = new int[g];
        PairMode[] mode = new PairMode[g];
        int[][] segs = new int[g][];
        int[] memberCount = new int[g];
        Arrays.fill(rep, -1);
        for (int v = 0; v < n; v++) {
            int gv = groupOf[v];
            if (gv < 0) {
                continue;
            }
            memberCount[gv]++;
            if (rep[gv] < 0) {
                rep[gv] = v;
                classId[gv] = effectiveClass[v];
                mode[gv] = fn.pairMode(v);
                segs[gv] = segsOf(merged, ranges, find(parent, v));
            }
        }
        int[][] members = new int[g][];
        for (int k = 0; k < g; k++) {
            members[k] = new int[memberCount[k]];
            memberCount[k] = 0;
        }
        for (int v = 0; v < n; v++) {
            int gv = groupOf[v];
            if (gv >= 0) {
                members[gv][memberCount[gv]++] = v;
            }
        }
        int[] hint = new int[g];
        Arrays.fill(hint, -1);
        for (int v = 0; v < n; v++) {
            int gv = groupOf[v];
            if (gv >= 0 && hintVreg[v] >= 0 && hint[gv] < 0) {
                int other = groupOf[hintVreg[v]];
                if (other >= 0 && other != gv) {
                    hint[gv] = other;
                }
            }
        }
        return new ValueGroups(g, groupOf, rep, classId, mode, segs, members, hint, removed, coalesced);
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        return v;
    }

    /** A group's segments: the merged list of a coalesced group, else the root vreg's, fetched once. */
    private static int[] segsOf(int[][] merged, LiveRanges ranges, int root) {
        if (merged[root] == null) {
            merged[root] = ranges.segments(root);
        }
        return merged[root];
    }

    public int groupCount() {
        return groupCount;
    }

    /** The group of vreg {@code v}, or -1 when the vreg never occurs. */
    public int groupOf(int v) {
        return groupOf[v];
    }

    /** The lowest-numbered member, whose name and flags stand for the group. */
    public int representative(int g) {
        return rep[g];
    }

    public int classId(int g) {
        return classId[g];
    }

    public PairMode pairMode(int g) {
        return mode[g];
    }

    public int width(int g) {
        return mode[g].slots();
    }

    /** The group's live segments, {@code [a0, b0, ...]}; owned by this object, do not modify. */
    public int[] segments(int g) {
        return segs[g];
    }

    public int memberCount(int g) {
        return members[g].length;
    }

    public int member(int g, int k) {
        return members[g][k];
    }

    /** A copy-related group to prefer the slot of (retarget preference), or -1. */
    public int hint(int g) {
        return hint[g];
    }

    /** Every group's {@link #hint}, indexed by group; owned by this object, do not modify. */
    int[] hints() {
        return hint;
    }

    /** Whether instruction {@code i} is a copy that coalescing removed. */
    public boolean removedCopy(int i) {
        return removedCopy[i];
    }

    public int coalescedCopies() {
        return coalescedCopies;
    }
}
