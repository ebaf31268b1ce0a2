package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.PairMode;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * What one fat-point attempt colours for one class: each group that is not spilled is one unit
 * over its whole live range; each spilled group contributes one <em>piece</em> per program point
 * where it occurs (the register its reload or its def needs there).
 */
final class UnitSet {
    int count;
    int[] group;
    int[] piecePoint;
    int[] width;
    PairMode[] mode;
    int[][] segs;
    double[] cost;
    /** The pressure profile computed from the units so far, or null (units added since). */
    private int @Nullable [] profile;
    private int profilePoints = -1;

    UnitSet(int capacity) {
        group = new int[capacity];
        piecePoint = new int[capacity];
        width = new int[capacity];
        mode = new PairMode[capacity];
        segs = new int[capacity][];
        cost = new double[capacity];
    }

    void add(int g, int point, PairMode m, int[] s, double c) {
        if (count == group.length) {
            int n = Math.max(8, count * 2);
            group = Arrays.copyOf(group, n);
            piecePoint = Arrays.copyOf(piecePoint, n);
            width = Arrays.copyOf(width, n);
            mode = Arrays.copyOf(mode, n);
            segs = Arrays.copyOf(segs, n);
            cost = Arrays.copyOf(cost, n);
        }
        group[count] = g;
        piecePoint[count] = point;
        width[count] = m.slots();
        mode[count] = m;
        segs[count] = s;
        cost[count] = c;
        count++;
        profile = null;
    }

    boolean isPiece(int u) {
        return piecePoint[u] >= 0;
    }

    /**
     * Pressure per program point in slots, and the peak over each unit's live range, stored into
     * {@code interference}. The profile is computed once per set of units (a retry reads it for its
     * ordering and again for spill guidance's excess); callers must not change it.
     */
    int[] pressure(int points, int @Nullable [] interference) {
        int[] p = profile(points);
        if (interference != null && points > 0) {
            RangeMax rmq = new RangeMax(p, points);
            for (int u = 0; u < count; u++) {
                int[] s = segs[u];
                int peak = 0;
                for (int k = 0; k < s.length; k += 2) {
                    peak = Math.max(peak, rmq.max(s[k], s[k + 1]));
                }
                interference[u] = peak;
            }
        }
        return p;
    }

    /**
     * These units (the same groups, pieces, live segments and pressure profile) with each group's
     * whole-range unit costing {@code costOfGroup[g]}; the pieces keep their costs. The result owns
     * its arrays; the segments are shared (neither changes them).
     */
    UnitSet withCosts(double[] costOfGroup) {
        UnitSet u = new UnitSet(0);
        u.count = count;
        u.group = Arrays.copyOf(group, count);
        u.piecePoint = Arrays.copyOf(piecePoint, count);
        u.width = Arrays.copyOf(width, count);
        u.mode = Arrays.copyOf(mode, count);
        u.segs = Arrays.copyOf(segs, count);
        u.cost = new double[count];
        for (int k = 0; k < count; k++) {
            u.cost[k] = isPiece(k) ? cost[k] : costOfGroup[group[k]];
        }
        u.sharePressure(this);
        return u;
    }

    /**
     * Takes {@code same}'s pressure profile, if it has one: the caller knows that {@code same} holds
     * the same units with the same live segments (only their costs differ).
     */
    void sharePressure(UnitSet same) {
        if (same.profile != null && profile == null) {
            profile = same.profile;
            profilePoints = same.profilePoints;
        }
    }

    private int[] profile(int points) {
        int[] cached = profile;
        if (cached != null && profilePoints == points) {
            return cached;
        }
        int[] diff = new int[points + 1];
        for (int u = 0; u < count; u++) {
            int[] s = segs[u];
            for (int k = 0; k < s.length; k += 2) {
                diff[s[k]] += width[u];
                diff[s[k + 1] + 1] -= width[u];
            }
        }
        int[] p = new int[Math.max(points, 1)];
        int run = 0;
        for (int i = 0; i < points; i++) {
            run += diff[i];
            p[i] = run;
        }
        profile = p;
        profilePoints = points;
        return p;
    }
}
