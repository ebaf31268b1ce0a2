package dev.regtune.core.check;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Who holds each storage unit (a 32-bit register slot of one class, or a 4-byte word of one spill
 * memory) over which closed interval of program points. The rule is simply that a unit holds one
 * value at a time: {@link #findOverlaps} reports occupants of the same unit whose intervals share
 * a point and whose vregs differ.
 */
final class UnitOccupancy {
    /** Receives one overlap: {@code first} and {@code second} both hold {@code unit} at {@code point}. */
    interface OverlapSink {
        void overlap(int unit, int first, int second, int point);
    }

    /** The occupants of one unit, as parallel lists. */
    private static final class Occupants {
        final IntList from = new IntList();
        final IntList to = new IntList();
        final IntList vreg = new IntList();
    }

    /** Sorted by unit so that reports come out in a deterministic order. */
    private final TreeMap<Integer, Occupants> units = new TreeMap<>();

    /** Records that {@code vreg} holds {@code unit} over points [from, to]. */
    void add(int unit, int from, int to, int vreg) {
        Occupants o = units.computeIfAbsent(unit, u -> new Occupants());
        o.from.add(from);
        o.to.add(to);
        o.vreg.add(vreg);
    }

    /**
     * Reports overlapping occupants, unit by unit in ascending order. Within a unit the occupants
     * are swept in order of their first point, keeping the one that reaches furthest; a newcomer
     * that starts before that one ends and belongs to another vreg overlaps it. This reports at
     * least one overlap on every unit that has any (if the furthest-reaching occupant is the
     * newcomer's own vreg, it overlaps the earlier occupant too and was reported already) and is
     * linear after sorting, however broken the assignment.
     */
    void findOverlaps(OverlapSink sink) {
        for (Map.Entry<Integer, Occupants> e : units.entrySet()) {
            Occupants o = e.getValue();
            int n = o.from.size();
            long[] order = new long[n];
            for (int k = 0; k < n; k++) {
                order[k] = ((long) o.from.get(k) << 32) | k;
            }
            Arrays.sort(order);
            int reach = -1;
            int reacher = -1;
            for (long key : order) {
                int k = (int) key;
                int from = o.from.get(k);
                if (reacher >= 0 && from <= reach && o.vreg.get(reacher) != o.vreg.get(k)) {
                    sink.overlap(e.getKey(), o.vreg.get(reacher), o.vreg.get(k), from);
                }
                if (o.to.get(k) > reach) {
                    reach = o.to.get(k);
                    reacher = k;
                }
            }
        }
    }
}
