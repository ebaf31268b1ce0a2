package dev.regtune.core.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import org.junit.jupiter.api.Test;

/** Pins the LMEM slot configuration to seed 004 (sub_939BD0). */
class SpillSlotAllocatorTest {
    @Test
    void zeroCostThresholdSelects8ByteBucketsWith4ByteAlignment() {
        SpillSlotAllocator a = new SpillSlotAllocator(Knobs.defaults());
        assertEquals(4, a.alignment());
        assertEquals(8, a.bucket());
        assertEquals(0, a.place(4, new int[] {0, 10}));
        assertEquals(4, a.place(4, new int[] {25, 40}), "each value its own 4-byte slot");
        assertEquals(8, a.frameBytes());
        assertEquals(8, a.place(8, new int[] {0, 30}), "an 8-byte value is 8-byte aligned");
        assertEquals(16, a.frameBytes());
    }

    @Test
    void nonZeroCostThresholdSelects16ByteBucketsWith16ByteAlignment() {
        SpillSlotAllocator a = new SpillSlotAllocator(Knobs.defaults().with(KnobCatalogue.SPILL_COST_THRESHOLD, 1.0));
        assertEquals(16, a.alignment());
        assertEquals(16, a.bucket());
        assertEquals(0, a.place(4, new int[] {0, 10}));
        assertEquals(16, a.place(4, new int[] {5, 20}));
        assertEquals(32, a.frameBytes());
    }

    @Test
    void disjointLiveRangesShareASlotOnlyWhenSharingIsOn() {
        SpillSlotAllocator own = new SpillSlotAllocator(Knobs.defaults());
        assertEquals(0, own.place(4, new int[] {0, 10}));
        assertEquals(4, own.place(4, new int[] {11, 20}));
        SpillSlotAllocator a = new SpillSlotAllocator(Knobs.defaults().with(KnobCatalogue.SHARE_SPILL_SLOTS, 1));
        assertEquals(0, a.place(4, new int[] {0, 10}));
        assertEquals(0, a.place(4, new int[] {11, 20}));
        assertEquals(8, a.frameBytes());
    }
}
