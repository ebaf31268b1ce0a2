package dev.regtune.core.analysis;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.RegClass;

/**
 * Register pressure per register class at every program point of {@link LiveRanges}, in 32-bit
 * slots (a 64-bit value counts 2, a 128-bit value 4, a predicate 1), built with difference arrays
 * in O(segments + classes x points).
 *
 * <p>The caller supplies each vreg's slot count and class id (1..6) because the allocator may move
 * a vreg to another class (R to UR for a uniform value) or change its width; class id 0 leaves the
 * vreg out of every profile (for example, a value already spilled). The maximum of a class is
 * reported with the first point where it occurs (-1 when the maximum is 0).
 *
 * <p>Immutable and thread-safe; no accessor allocates.
 */
public final class PressureProfile {
    private static final int CLASSES = 7;

    private final int pointCount;
    /** Row of each class id in {@link #pressure}, -1 when no vreg is in the class. */
    private final int[] row;
    private final int[] pressure;
    private final int[] max;
    private final int[] maxPoint;

    private PressureProfile(int pointCount, int[] row, int[] pressure, int[] max, int[] maxPoint) {
        this.pointCount = pointCount;
        this.row = row;
        this.pressure = pressure;
        this.max = max;
        this.maxPoint = maxPoint;
    }

    /** The pressure of every vreg of {@code f}, in its own class and slots, over {@code f}'s live ranges. */
    public static PressureProfile of(KernelFunction f, LiveRanges ranges) {
        int[] slots = new int[f.vregCount()];
        int[] classes = new int[f.vregCount()];
        for (int v = 0; v < slots.length; v++) {
            slots[v] = f.vregSlots(v);
            classes[v] = f.vregClassId(v);
        }
        return compute(ranges, slots, classes);
    }

    /**
     * @param ranges the live ranges
     * @param slotsPerVreg 32-bit slots of each vreg (at least {@code ranges.vregCount()} entries, none negative)
     * @param classOfVreg class id of each vreg: 1..6, or 0 to leave the vreg out
     */
    public static PressureProfile compute(LiveRanges ranges, int[] slotsPerVreg, int[] classOfVreg) {
        int vregs = ranges.vregCount();
        if (slotsPerVreg.length < vregs || classOfVreg.length < vregs) {
            throw new IllegalArgumentException("need a slot count and a class for each of " + vregs + " vregs");
        }
        int[] row = new int[CLASSES];
        java.util.Arrays.fill(row, -1);
        int rows = 0;
        for (int v = 0; v < vregs; v++) {
            int c = classOfVreg[v];
            if (c < 0 || c >= CLASSES) {
                throw new IllegalArgumentException("vreg " + v + " has class id " + c + ", expected 0..6");
            }
            if (slotsPerVreg[v] < 0) {
                throw new IllegalArgumentException("vreg " + v + " has a negative slot count");
            }
            if (c != 0 && row[c] < 0) {
                row[c] = -2; // present; numbered below in class order
            }
        }
        for (int c = 1; c < CLASSES; c++) {
            if (row[c] == -2) {
                row[c] = rows++;
            }
        }
        int points = ranges.pointCount();
        int stride = points + 1;
        int[] pressure = new int[rows * stride];
        for (int v = 0; v < vregs; v++) {
            int c = classOfVreg[v];
            int slots = slotsPerVreg[v];
            if (c == 0 || slots == 0) {
                continue;
            }
            int base = row[c] * stride;
            for (int k = 0, n = ranges.segmentCount(v); k < n; k++) {
                pressure[base + ranges.segStart(v, k)] += slots;
                pressure[base + ranges.segEnd(v, k) + 1] -= slots;
            }
        }
        int[] max = new int[CLASSES];
        int[] maxPoint = new int[CLASSES];
        java.util.Arrays.fill(maxPoint, -1);
        for (int c = 1; c < CLASSES; c++) {
            if (row[c] < 0) {
                continue;
            }
            int base = row[c] * stride;
            int running = 0;
            int best = 0;
            int bestPoint = -1;
            for (int p = 0; p < points; p++) {
                running += pressure[base + p];
                pressure[base + p] = running;
                if (running > best) {
                    best = running;
                    bestPoint = p;
                }
            }
            max[c] = best;
            maxPoint[c] = bestPoint;
        }
        return new PressureProfile(points, row, pressure, max, maxPoint);
    }

    public int pointCount() {
        return pointCount;
    }

    /** Slots of class {@code classId} (1..6) live at {@code point}. */
    public int pressureAt(int classId, int point) {
        if (point < 0 || point >= pointCount) {
            throw new IndexOutOfBoundsException("point " + point + " outside 0.." + (pointCount - 1));
        }
        int r = row[checkClass(classId)];
        return r < 0 ? 0 : pressure[r * (pointCount + 1) + point];
    }

    /** The largest pressure of class {@code classId} over all points. */
    public int maxPressure(int classId) {
        return max[checkClass(classId)];
    }

    /** The first point where class {@code classId} reaches its maximum, or -1 when the maximum is 0. */
    public int maxPoint(int classId) {
        return maxPoint[checkClass(classId)];
    }

    public int pressureAt(RegClass cls, int point) {
        return pressureAt(cls.id(), point);
    }

    public int maxPressure(RegClass cls) {
        return maxPressure(cls.id());
    }

    public int maxPoint(RegClass cls) {
        return maxPoint(cls.id());
    }

    private static int checkClass(int classId) {
        if (classId < 1 || classId >= CLASSES) {
            throw new IllegalArgumentException("register class id " + classId + " is not 1..6");
        }
        return classId;
    }
}
