package dev.regtune.core.fatpoint;

import dev.regtune.core.ir.PairMode;
import java.util.Arrays;

/**
 * One attempt of the core fat-point allocator (seed 000, sub_957160) for one class.
 *
 * <p>The per-physical-slot pressure histogram is kept as one bitset of occupied program points
 * per slot. For the unit being coloured, the primary cost of slot {@code s} is the number of
 * program points of the unit's live range at which any of the slots it would take is already
 * occupied (its interference count); the secondary cost is 0 for the slot of a copy-related
 * group (retarget preference, off under knob 638) and 1 otherwise. The scan covers slots
 * [0, budget + slack) in steps of the pair alignment, discards slots whose primary cost exceeds
 * the threshold (knob 684), and takes the minimum primary cost, then minimum secondary cost, then
 * lowest slot. No slot left is a failed attempt (the seed's error path); the units not yet
 * coloured are reported. A unit placed at or beyond the budget, or on a slot with conflicts, is
 * committed to the histogram (it competes for the rest of the attempt, as in the seed's peak
 * count) and marked needs-spill (flag 0x40000).
 *
 * <p>Not thread-safe: one scanner per allocation call; it reuses its bitsets across attempts.
 */
final class FatPointScanner {
    static final int MAX_SLOTS = 512;

    private final int words;
    private final int points;
    /**
     * Per slot, its occupied points and their summary; null for a slot never committed to. Grown
     * to the highest slot committed to (at most {@link #MAX_SLOTS}): a small function's attempts
     * touch a few slots, and clearing tables of all 512 was a fixed cost of every allocation.
     * A slot at or beyond their length is free.
     */
    private long[][] occ = new long[INITIAL_SLOTS][];
    private long[][] summary = new long[INITIAL_SLOTS][];
    private boolean[] dirty = new boolean[INITIAL_SLOTS];
    /** The slots marked {@link #dirty}, in the order they were first committed to: what {@link #reset} clears. */
    private int[] dirtySlots = new int[INITIAL_SLOTS];
    private int dirtyCount;
    private static final int INITIAL_SLOTS = 32;

    FatPointScanner(int points) {
        this.words = Math.max(1, (points + 63) >>> 6);
        this.points = points;
    }

    /**
     * The outcome of one attempt; {@code failedUnit} is the unit no slot was left for (-1 unless
     * {@code failed}).
     */
    record Attempt(int[] slot, boolean[] needsSpill, boolean failed, int processed, int peak, int spillMarks,
            int discardedSlots, int failedUnit) {
        boolean success() {
            return !failed && spillMarks == 0;
        }
    }

    /**
     * One attempt; {@code reservedSlot} (-1: none) is occupied over the whole function (the stack
     * pointer); {@code storeData} says which slot store data prefers once its address is placed,
     * {@code banks} which parity a value read with placed ones prefers.
     */
    Attempt run(UnitSet units, int[] order, GroupFacts facts, int budget, int slack, int threshold,
            boolean preferHints, int[] hintOfGroup, int groupCount, int reservedSlot, StoreDataSlots storeData,
            OperandBanks banks) {
        reset();
        if (reservedSlot >= 0 && points > 0) {
            commit(reservedSlot, 1, new int[] {0, points - 1});
        }
        int n = units.count;
        int[] slot = new int[n];
        Arrays.fill(slot, -1);
        boolean[] needsSpill = new boolean[n];
        int[] groupSlot = new int[groupCount];
        Arrays.fill(groupSlot, -1);
        int scanLimit = Math.min(MAX_SLOTS, budget + slack);
        int peak = 0;
        int marks = 0;
        int discarded = 0;
        for (int k = 0; k < n; k++) {
            int u = order[k];
            int w = units.width[u];
            int align = Math.max(1, units.mode[u].alignment());
            int start = units.mode[u] == PairMode.HI_HALF ? 1 : 0;
            int g = units.group[u];
            int[] segs = units.segs[u];
            int chosen = -1;
            // Fast path: the retarget preference, the store-data slot, then the lowest free slot within the budget.
            int hintGroup = preferHints && !units.isPiece(u) ? hintOfGroup[g] : -1;
            int h = hintGroup >= 0 ? groupSlot[hintGroup] : -1;
            if (h >= 0 && h + w <= budget && units.mode[u].accepts(h) && !facts.excludes(g, h)
                    && conflicts(h, w, segs, 0) == 0) {
                chosen = h;
            }
            int d = chosen < 0 ? storeData.preferred(units, u, groupSlot) : -1;
            int dLimit = d < 0 ? -1 : storeData.limit(units, u, d, w, budget);
            for (; d >= 0 && d + w <= dLimit; d += 2) {
                if (d % align == 0 && units.mode[u].accepts(d) && !facts.excludes(g, d)
                        && conflicts(d, w, segs, 0) == 0) {
                    chosen = d;
                    break;
                }
            }
            if (chosen < 0) {
                int first = segs[0];
                for (int s = start; s + w <= budget && s + w <= MAX_SLOTS; s += align) {
                    if (!occupiedAt(s, w, first) && !facts.excludes(g, s) && conflicts(s, w, segs, 0) == 0) {
                        chosen = s;
                        break;
                    }
                }
                int parity = chosen >= 0 && !units.isPiece(u) ? banks.preferredParity(g, w, groupSlot) : -1;
                int next = chosen + 1;
                if (parity >= 0 && (chosen & 1) != parity && next + w <= budget && next + w <= MAX_SLOTS
                        && units.mode[u].accepts(next) && !facts.excludes(g, next)
                        && conflicts(next, w, segs, 0) == 0) {
                    chosen = next;
                }
            }
            boolean spill = false;
            if (chosen < 0) {
                // Full histogram scan with the discard threshold.
                int best = -1;
                int bestCost = Integer.MAX_VALUE;
                int bestSecondary = Integer.MAX_VALUE;
                for (int s = start; s + w <= scanLimit; s += align) {
                    if (facts.excludes(g, s)) {
                        continue;
                    }
                    int cost = conflicts(s, w, segs, Math.min(threshold, bestCost));
                    if (cost > threshold) {
                        discarded++;
                        continue;
                    }
                    int secondary = s == h ? 0 : 1;
                    if (cost < bestCost || (cost == bestCost && secondary < bestSecondary)) {
                        best = s;
                        bestCost = cost;
                        bestSecondary = secondary;
                    }
                }
                if (best < 0) {
                    return new Attempt(slot, needsSpill, true, k, peak, marks, discarded, u);
                }
                chosen = best;
                spill = true;
            }
            assert chosen >= 0 && chosen + w <= MAX_SLOTS : "slot " + chosen + " of width " + w + " beyond "
                    + MAX_SLOTS;
            assert spill || chosen + w <= budget : "slot " + chosen + " placed without a spill beyond budget " + budget;
            commit(chosen, w, segs);
            slot[u] = chosen;
            peak = Math.max(peak, chosen + w);
            if (spill) {
                needsSpill[u] = true;
                marks++;
            } else if (!units.isPiece(u)) {
                groupSlot[g] = chosen;
            }
        }
        assert marks > 0 || peak <= budget : "a clean attempt peaked at " + peak + " over budget " + budget;
        return new Attempt(slot, needsSpill, false, n, peak, marks, discarded, -1);
    }

    /** Whether any of slots [s, s+w) is occupied at {@code point}: a one-word test before the full scan. */
    private boolean occupiedAt(int s, int w, int point) {
        int x = point >>> 6;
        long bit = 1L << (point & 63);
        int end = Math.min(s + w, occ.length);
        for (int j = s; j < end; j++) {
            long[] o = occ[j];
            if (o != null && (o[x] & bit) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Clears the slots committed to since the last reset (a small function's attempt touches a few of the 512). */
    private void reset() {
        for (int k = 0; k < dirtyCount; k++) {
            int s = dirtySlots[k];
            Arrays.fill(occ[s], 0L);
            Arrays.fill(summary[s], 0L);
            dirty[s] = false;
        }
        dirtyCount = 0;
    }

    /**
     * Conflicting points of slots [s, s+w) over the segments; stops counting once above
     * {@code limit}. The per-slot summary (one bit per bitset word) skips unoccupied stretches
     * 4,096 points at a time, so a free slot is confirmed without reading every word.
     */
    private int conflicts(int s, int w, int[] segs, int limit) {
        int count = 0;
        int end = Math.min(s + w, occ.length);
        for (int k = 0; k < segs.length; k += 2) {
            int a = segs[k];
            int b = segs[k + 1];
            int wa = a >>> 6;
            int wb = b >>> 6;
            int x = wa;
            while (x <= wb) {
                // Summary word covering bitset word x: skip to the next word occupied in any slot.
                long sum = 0;
                int sw = x >>> 6;
                for (int j = s; j < end; j++) {
                    long[] sm = summary[j];
                    if (sm != null) {
                        sum |= sm[sw];
                    }
                }
                sum &= -1L << (x & 63);
                if (sum == 0) {
                    x = (sw + 1) << 6;
                    continue;
                }
                int next = (sw << 6) + Long.numberOfTrailingZeros(sum);
                if (next > wb) {
                    break;
                }
                x = next;
                long mask = -1L;
                if (x == wa) {
                    mask &= -1L << (a & 63);
                }
                if (x == wb) {
                    mask &= -1L >>> (63 - (b & 63));
                }
                long bits = 0;
                for (int j = s; j < end; j++) {
                    long[] o = occ[j];
                    if (o != null) {
                        bits |= o[x];
                    }
                }
                bits &= mask;
                if (bits != 0) {
                    count += Long.bitCount(bits);
                    if (count > limit) {
                        return count;
                    }
                }
                x++;
            }
        }
        return count;
    }

    private void commit(int s, int w, int[] segs) {
        if (s + w > occ.length) {
            grow(s + w);
        }
        for (int j = 0; j < w; j++) {
            long[] o = occ[s + j];
            if (o == null) {
                o = new long[words];
                occ[s + j] = o;
                summary[s + j] = new long[(words + 63) >>> 6];
            }
            long[] sm = summary[s + j];
            if (!dirty[s + j]) {
                dirty[s + j] = true;
                dirtySlots[dirtyCount++] = s + j;
            }
            for (int k = 0; k < segs.length; k += 2) {
                int a = segs[k];
                int b = segs[k + 1];
                int wa = a >>> 6;
                int wb = b >>> 6;
                for (int x = wa; x <= wb; x++) {
                    long mask = -1L;
                    if (x == wa) {
                        mask &= -1L << (a & 63);
                    }
                    if (x == wb) {
                        mask &= -1L >>> (63 - (b & 63));
                    }
                    o[x] |= mask;
                    sm[x >>> 6] |= 1L << (x & 63);
                }
            }
        }
    }

    /** Makes room for slots [0, {@code slots}). */
    private void grow(int slots) {
        int n = Math.min(MAX_SLOTS, Math.max(slots, 2 * occ.length));
        occ = Arrays.copyOf(occ, n);
        summary = Arrays.copyOf(summary, n);
        dirty = Arrays.copyOf(dirty, n);
        dirtySlots = Arrays.copyOf(dirtySlots, n);
    }
}
