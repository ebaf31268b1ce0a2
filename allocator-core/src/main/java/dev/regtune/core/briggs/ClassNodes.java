package dev.regtune.core.briggs;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;

/**
 * The nodes of one register class in one round: every value of the class that is not spilled
 * (live over its segments), and for every spilled value one temporary per instruction that uses
 * it (live at the read point) and one per instruction that defines it (live at the write point),
 * the tiny live ranges that spill code leaves. Temporaries cannot be spilled again.
 */
final class ClassNodes {
    final int classId;
    final int count;
    /** Per node: the vreg it holds (a value node's own vreg; a temporary's spilled vreg). */
    final int[] vreg;
    /** Per node: true for a spill temporary. */
    final boolean[] temp;
    final int[] width;
    final int[][] segments;
    /** Per vreg of this class: its value node, or -1 (spilled, other class, never occurs). */
    final int[] valueNode;
    /** Per operand: the temporary holding it, when its vreg is a spilled value of this class; else -1. */
    final int[] operandTemp;

    private ClassNodes(int classId, int count, int[] vreg, boolean[] temp, int[] width, int[][] segments,
            int[] valueNode, int[] operandTemp) {
        this.classId = classId;
        this.count = count;
        this.vreg = vreg;
        this.temp = temp;
        this.width = width;
        this.segments = segments;
        this.valueNode = valueNode;
        this.operandTemp = operandTemp;
    }

    static ClassNodes build(KernelFunction fn, LiveRanges ranges, int[] classOf, int classId, boolean[] spilled) {
        int n = fn.vregCount();
        Builder b = new Builder(Math.max(16, n));
        int[] valueNode = new int[n];
        Arrays.fill(valueNode, -1);
        for (int v = 0; v < n; v++) {
            if (classOf[v] == classId && !spilled[v]) {
                valueNode[v] = b.add(v, false, fn.vregSlots(v), ranges.segments(v));
            }
        }
        int[] operandTemp = new int[fn.operandCount()];
        Arrays.fill(operandTemp, -1);
        for (int i = 0; i < fn.instrCount(); i++) {
            for (int k = 0; k < fn.useCount(i); k++) {
                temp(fn, b, spilled, classOf, classId, operandTemp, fn.useOperand(i, k), i, false);
            }
            for (int k = 0; k < fn.defCount(i); k++) {
                temp(fn, b, spilled, classOf, classId, operandTemp, fn.defOperand(i, k), i, true);
            }
        }
        return new ClassNodes(classId, b.count, Arrays.copyOf(b.vreg, b.count), Arrays.copyOf(b.temp, b.count),
                Arrays.copyOf(b.width, b.count), Arrays.copyOf(b.segments, b.count), valueNode, operandTemp);
    }

    /** Gives operand {@code op} its temporary: the one an earlier operand of the same vreg and role at {@code i} has, or a new one. */
    private static void temp(KernelFunction fn, Builder b, boolean[] spilled, int[] classOf, int classId,
            int[] operandTemp, int op, int i, boolean def) {
        int v = fn.operandVreg(op);
        if (!spilled[v] || classOf[v] != classId) {
            return;
        }
        int first = def ? fn.defOperand(i, 0) : fn.useOperand(i, 0);
        for (int o = first; o < op; o++) {
            if (fn.operandVreg(o) == v) {
                operandTemp[op] = operandTemp[o];
                return;
            }
        }
        int point = def ? LiveRanges.writePoint(i) : LiveRanges.readPoint(i);
        operandTemp[op] = b.add(v, true, fn.vregSlots(v), new int[] {point, point});
    }

    private static final class Builder {
        int count;
        int[] vreg;
        boolean[] temp;
        int[] width;
        int[][] segments;

        Builder(int capacity) {
            vreg = new int[capacity];
            temp = new boolean[capacity];
            width = new int[capacity];
            segments = new int[capacity][];
        }

        int add(int v, boolean isTemp, int w, int[] segs) {
            if (count == vreg.length) {
                int c = count * 2;
                vreg = Arrays.copyOf(vreg, c);
                temp = Arrays.copyOf(temp, c);
                width = Arrays.copyOf(width, c);
                segments = Arrays.copyOf(segments, c);
            }
            vreg[count] = v;
            temp[count] = isTemp;
            width[count] = w;
            segments[count] = segs;
            return count++;
        }
    }
}
