package dev.regtune.core.briggs;

import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.ir.KernelFunction;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The nodes of one register class in one round: every value of the class that is not spilled
 * (live over its segments), and for every spilled value one temporary per instruction that uses
 * it (live at the read point) and one per instruction that defines it (live at the write point),
 * the tiny live ranges that spill code leaves. Temporaries cannot be spilled again.
 *
 * <p>{@link #build} numbers the nodes values by vreg, then temporaries by operand. A later round
 * keeps the last round's value numbers instead ({@link #keepingNumbers}), which gives its nodes
 * the same order: the nodes of values spilled since then stay behind as {@link #gone} numbers,
 * which no graph, colouring or assignment treats as a node.
 */
final class ClassNodes {
    final int classId;
    /** The node numbers, {@link #gone} ones included. */
    final int count;
    /** Per node: a number left behind by a value spilled in an earlier round; null when there is none. */
    final boolean @Nullable [] gone;
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

    private ClassNodes(int classId, int count, boolean @Nullable [] gone, int[] vreg, boolean[] temp, int[] width,
            int[][] segments, int[] valueNode, int[] operandTemp) {
        this.classId = classId;
        this.count = count;
        this.gone = gone;
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
        return new ClassNodes(classId, b.count, null, Arrays.copyOf(b.vreg, b.count), Arrays.copyOf(b.temp, b.count),
                Arrays.copyOf(b.width, b.count), Arrays.copyOf(b.segments, b.count), valueNode, operandTemp);
    }

    /**
     * The first temporary's number: values (and the numbers they left behind) come before every
     * temporary, in {@link #build}'s numbering and in {@link #keepingNumbers}'s.
     */
    int firstTemporary() {
        int n = count;
        while (n > 0 && temp[n - 1]) {
            n--;
        }
        return n;
    }

    /** Whether {@code x} is a number left behind ({@link #gone}) rather than a node. */
    boolean isGone(int x) {
        return gone != null && gone[x];
    }

    /** The nodes, {@link #gone} numbers not counted. */
    int size() {
        int n = count;
        if (gone != null) {
            for (boolean g : gone) {
                n -= g ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * The nodes of {@code next} ({@link #build}'s numbering), numbered after {@code previous},
     * the last round's nodes of the same class: a value keeps its number, the nodes of values
     * spilled since are left {@link #gone}, and the temporaries, old and new, follow every value
     * number in {@code next}'s order (by operand). Both numberings put every value before every
     * temporary, so this keeps {@code next}'s order of the nodes, which decides simplify's ties
     * and the graph's row order; only a temporary's number may change (when a new one comes
     * before it), and a value's row keeps its values' part as it is.
     */
    static ClassNodes keepingNumbers(ClassNodes previous, ClassNodes next) {
        int[] number = new int[next.count];
        int fresh = previous.firstTemporary();
        for (int x = 0; x < next.count; x++) {
            number[x] = next.temp[x] ? fresh++ : previous.valueNode[next.vreg[x]];
        }
        int count = fresh;
        boolean[] gone = new boolean[count];
        Arrays.fill(gone, 0, previous.count, true);
        int[] vreg = Arrays.copyOf(previous.vreg, count);
        boolean[] temp = Arrays.copyOf(previous.temp, count);
        int[] width = Arrays.copyOf(previous.width, count);
        int[][] segments = Arrays.copyOf(previous.segments, count);
        for (int x = 0; x < next.count; x++) {
            int y = number[x];
            gone[y] = false;
            vreg[y] = next.vreg[x];
            temp[y] = next.temp[x];
            width[y] = next.width[x];
            segments[y] = next.segments[x];
        }
        int[] valueNode = renumbered(next.valueNode, number);
        int[] operandTemp = renumbered(next.operandTemp, number);
        return new ClassNodes(next.classId, count, gone, vreg, temp, width, segments, valueNode, operandTemp);
    }

    private static int[] renumbered(int[] nodeOf, int[] number) {
        int[] out = new int[nodeOf.length];
        for (int k = 0; k < nodeOf.length; k++) {
            out[k] = nodeOf[k] < 0 ? -1 : number[nodeOf[k]];
        }
        return out;
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
