package dev.regtune.core.spill;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.util.ArrayList;
import java.util.List;

/**
 * Spill slots in local (or shared) memory (seed 004, sub_939BD0): with the spill cost threshold
 * at 0 the pool hands out 4-byte-aligned slots and grows in 8-byte buckets; otherwise 16-byte
 * aligned slots in 16-byte buckets. Under knob {@code RegTuneShareSpillSlots}, values whose live
 * ranges do not overlap may share a slot; otherwise each value gets its own. Slots are placed
 * first-fit in the order the values are given, so the result is deterministic.
 */
public final class SpillSlotAllocator {
    private final int alignment;
    private final int bucket;
    private final boolean share;
    private final List<int[]> placedSegments = new ArrayList<>();
    private final List<int[]> placedRange = new ArrayList<>();
    private int top;

    public SpillSlotAllocator(Knobs knobs) {
        boolean small = knobs.get(KnobCatalogue.SPILL_COST_THRESHOLD) == 0.0;
        this.alignment = small ? 4 : 16;
        this.bucket = small ? 8 : 16;
        this.share = knobs.getBool(KnobCatalogue.SHARE_SPILL_SLOTS);
    }

    public int alignment() {
        return alignment;
    }

    public int bucket() {
        return bucket;
    }

    /**
     * Places a value of {@code bytes} bytes live over {@code segments}; returns its byte offset.
     * A value is aligned to the smaller of its size and 16 bytes, and at least to the pool's
     * alignment.
     */
    public int place(int bytes, int[] segments) {
        int align = Math.max(alignment, Math.min(16, Integer.highestOneBit(Math.max(bytes, 1))));
        if (!share) {
            int offset = roundUp(top, align);
            top = offset + bytes;
            assert offset % align == 0 : "spill slot at " + offset + " not aligned to " + align;
            return offset;
        }
        int offset = 0;
        while (true) {
            int end = offset + bytes;
            boolean clash = false;
            for (int k = 0; k < placedRange.size() && !clash; k++) {
                int[] r = placedRange.get(k);
                if (r[0] < end && offset < r[1] && (!share || overlap(segments, placedSegments.get(k)))) {
                    clash = true;
                    offset = roundUp(r[1], align);
                }
            }
            if (!clash) {
                placedRange.add(new int[] {offset, end});
                placedSegments.add(segments);
                top = Math.max(top, end);
                assert offset % align == 0 : "spill slot at " + offset + " not aligned to " + align;
                return offset;
            }
        }
    }

    /** Bytes of the spill area: the highest slot end rounded up to whole buckets. */
    public int frameBytes() {
        return roundUp(top, bucket);
    }

    static int roundUp(int v, int a) {
        return (v + a - 1) / a * a;
    }

    private static boolean overlap(int[] x, int[] y) {
        int i = 0;
        int j = 0;
        while (i < x.length && j < y.length) {
            if (x[i + 1] < y[j]) {
                i += 2;
            } else if (y[j + 1] < x[i]) {
                j += 2;
            } else {
                return true;
            }
        }
        return false;
    }
}
