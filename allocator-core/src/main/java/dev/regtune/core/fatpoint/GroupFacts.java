package dev.regtune.core.fatpoint;

import dev.regtune.core.analysis.Segments;
import dev.regtune.core.analysis.BlockFrequency;
import dev.regtune.core.ir.ConstraintKind;
import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PairMode;
import dev.regtune.core.ir.VregConstraint;
import dev.regtune.core.ir.VregFlags;
import java.util.Arrays;

/**
 * Per-group facts the allocator stages consult: the program points where a group's members occur
 * as operands (where a spilled group still needs a register), the frequency-weighted occurrence
 * count its spill cost is built from, and its constraints.
 */
public final class GroupFacts {
    private final int[] occOff;
    private final int[] occPoint;
    private final double[] frequencyUses;
    private final boolean[] constrained;
    private final int[] flags;
    private final int[] fixedSlot;
    private final int[][] excluded;
    private final int[] liveLength;
    private final boolean[] rematerializable;
    private final boolean[] immediate;
    private final boolean[] parameter;
    private final boolean[] constantBank;
    private final boolean[] launchDimension;

    private GroupFacts(int[] occOff, int[] occPoint, double[] frequencyUses, boolean[] constrained, int[] flags,
            int[] fixedSlot, int[][] excluded, int[] liveLength, boolean[] rematerializable, boolean[] immediate,
            boolean[] parameter, boolean[] constantBank, boolean[] launchDimension) {
        this.occOff = occOff;
        this.occPoint = occPoint;
        this.frequencyUses = frequencyUses;
        this.constrained = constrained;
        this.flags = flags;
        this.fixedSlot = fixedSlot;
        this.excluded = excluded;
        this.liveLength = liveLength;
        this.rematerializable = rematerializable;
        this.immediate = immediate;
        this.parameter = parameter;
        this.constantBank = constantBank;
        this.launchDimension = launchDimension;
    }

    public static GroupFacts build(KernelFunction fn, ValueGroups groups, BlockFrequency freq) {
        int g = groups.groupCount();
        int[] count = new int[g + 1];
        double[] fu = new double[g];
        // Rematerializable: every def of every member reads no register, is unguarded and not
        // a memory load other than a parameter or constant read.
        boolean[] remat = new boolean[g];
        boolean[] imm = new boolean[g];
        boolean[] param = new boolean[g];
        boolean[] bank = new boolean[g];
        boolean[] dims = new boolean[g];
        boolean[] blocked = new boolean[g];
        for (int i = 0; i < fn.instrCount(); i++) {
            double f = freq.freq(fn.blockOf(i));
            InstrKind kind = fn.instrKind(i);
            boolean cheap = fn.useCount(i) == 0 && fn.defCount(i) == 1 && (kind == InstrKind.MOVE
                    || kind == InstrKind.LOAD_PARAM || kind == InstrKind.LOAD_CONST || kind == InstrKind.INT_ALU
                    || kind == InstrKind.CONVERT);
            for (int k = 0, nd = fn.defCount(i); k < nd; k++) {
                int gr = groups.groupOf(fn.def(i, k));
                count[gr]++;
                fu[gr] += f;
                if (cheap) {
                    remat[gr] = true;
                    imm[gr] = kind != InstrKind.LOAD_PARAM && kind != InstrKind.LOAD_CONST
                            && (fn.vregFlags(fn.def(i, k)) & VregFlags.REGISTER_IMMEDIATE) == 0
                            && (fn.instrFlags(i) & (InstrFlags.READS_UNIFORM_SPECIAL
                                    | InstrFlags.READS_DIVERGENT_SPECIAL)) == 0;
                    param[gr] |= kind == InstrKind.LOAD_PARAM;
                    // A constant read an access uses as its address (a module-scope variable's) needs a register.
                    bank[gr] |= kind == InstrKind.LOAD_CONST && (fn.vregFlags(fn.def(i, k)) & VregFlags.ADDRESS) == 0;
                    dims[gr] |= kind == InstrKind.MOVE && fn.instrHas(i, InstrFlags.READS_CONSTANT_BANK_SPECIAL);
                } else {
                    blocked[gr] = true;
                }
            }
            for (int k = 0, nu = fn.useCount(i); k < nu; k++) {
                int gr = groups.groupOf(fn.use(i, k));
                count[gr]++;
                fu[gr] += f;
            }
        }
        int[] off = new int[g + 1];
        for (int k = 0; k < g; k++) {
            off[k + 1] = off[k] + count[k];
        }
        int[] pts = new int[off[g]];
        int[] fill = Arrays.copyOf(off, g);
        // Reads (point 2i) before defs (2i + 1), instructions in order: each group's points come
        // out sorted.
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0, nu = fn.useCount(i); k < nu; k++) {
                int gr = groups.groupOf(fn.use(i, k));
                pts[fill[gr]++] = 2 * i;
            }
            for (int k = 0, nd = fn.defCount(i); k < nd; k++) {
                int gr = groups.groupOf(fn.def(i, k));
                pts[fill[gr]++] = 2 * i + 1;
            }
        }
        // De-duplicate each group's points, compacting in place.
        int[] newOff = new int[g + 1];
        int w = 0;
        for (int k = 0; k < g; k++) {
            newOff[k] = w;
            int last = -1;
            for (int p = off[k]; p < off[k + 1]; p++) {
                if (pts[p] != last) {
                    pts[w++] = pts[p];
                    last = pts[p];
                }
            }
        }
        newOff[g] = w;
        boolean[] constrained = new boolean[g];
        int[] flags = new int[g];
        int[] fixed = new int[g];
        Arrays.fill(fixed, -1);
        int[][] excluded = new int[g][];
        int[] liveLength = new int[g];
        for (int k = 0; k < g; k++) {
            constrained[k] = groups.pairMode(k) != PairMode.SINGLE;
            liveLength[k] = Segments.length(groups.segments(k));
            for (int m = 0; m < groups.memberCount(k); m++) {
                flags[k] |= fn.vregFlags(groups.member(k, m));
            }
        }
        for (VregConstraint c : fn.constraints()) {
            int gr = groups.groupOf(c.vreg());
            if (gr < 0) {
                continue;
            }
            constrained[gr] = true;
            if (c.kind() == ConstraintKind.EXCLUDE_ALL_BUT) {
                fixed[gr] = c.a();
            } else if (c.kind() == ConstraintKind.EXCLUDE_ONE) {
                int[] e = excluded[gr] == null ? new int[0] : excluded[gr];
                e = Arrays.copyOf(e, e.length + 1);
                e[e.length - 1] = c.a();
                excluded[gr] = e;
            }
        }
        for (int k = 0; k < g; k++) {
            remat[k] &= !blocked[k];
            imm[k] &= remat[k];
            param[k] &= remat[k];
            bank[k] &= remat[k];
            dims[k] &= remat[k];
        }
        return new GroupFacts(newOff, Arrays.copyOf(pts, w), fu, constrained, flags, fixed, excluded, liveLength,
                remat, imm, param, bank, dims);
    }

    public int occurrenceCount(int g) {
        return occOff[g + 1] - occOff[g];
    }

    /** The {@code k}-th distinct program point where group {@code g} occurs, ascending. */
    public int occurrence(int g, int k) {
        return occPoint[occOff[g] + k];
    }

    /** Index of {@code point} among the group's occurrences, or a negative value when absent. */
    public int occurrenceIndex(int g, int point) {
        int i = Arrays.binarySearch(occPoint, occOff[g], occOff[g + 1], point);
        return i < 0 ? -1 : i - occOff[g];
    }

    /** Sum over the group's operand occurrences of their block frequency. */
    public double frequencyWeightedUses(int g) {
        return frequencyUses[g];
    }

    /** Whether the group has a constraint chain (a constraint, or a pair mode). */
    public boolean constrained(int g) {
        return constrained[g];
    }

    /** Union of the members' {@code VregFlags}. */
    public int flags(int g) {
        return flags[g];
    }

    /** The only slot allowed (EXCLUDE_ALL_BUT), or -1. */
    public int fixedSlot(int g) {
        return fixedSlot[g];
    }

    /** Whether slot {@code s} is excluded for the group (EXCLUDE_ONE / EXCLUDE_ALL_BUT). */
    public boolean excludes(int g, int s) {
        if (fixedSlot[g] >= 0 && fixedSlot[g] != s) {
            return true;
        }
        int[] e = excluded[g];
        if (e != null) {
            for (int x : e) {
                if (x == s) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the group's value can be recomputed before each use instead of being stored. */
    public boolean rematerializable(int g) {
        return rematerializable[g];
    }

    /** Whether the group's value is a constant computed from immediates only (foldable into its uses). */
    public boolean immediate(int g) {
        return immediate[g];
    }

    /**
     * Whether the group's value is a kernel parameter read ({@code ld.param} of an entry): SASS
     * reads it from the constant bank where it is used.
     */
    public boolean parameter(int g) {
        return parameter[g];
    }

    /**
     * Whether the group's value is a constant-bank read at a fixed address ({@code ld.const [sym+imm]}):
     * SASS reads it as a {@code c[bank][offset]} operand where it is used.
     */
    public boolean constantBank(int g) {
        return constantBank[g];
    }

    /**
     * Whether every def of group {@code g} reads a launch dimension ({@code mov %r, %ntid.x},
     * {@code %nctaid}), which SASS reads from the constant bank as an operand where it is used.
     */
    public boolean launchDimension(int g) {
        return launchDimension[g];
    }

    /** Number of program points the group is live at. */
    public int liveLength(int g) {
        return liveLength[g];
    }
}
