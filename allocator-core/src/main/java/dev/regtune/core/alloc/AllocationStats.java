package dev.regtune.core.alloc;

/**
 * Counters of what the allocator did for one function: the summary of what {@code regtune
 * allocate --explain} tells event by event. Always counted (a few int increments per attempt).
 *
 * @param attempts fat-point attempts over all classes (NOSPILL counts as one); for briggs, build-colour-spill rounds
 * @param coalescedCopies copies removed by coalescing (CICC's copy coalescer and the allocator's own together)
 * @param spilledValues values (fat-point: value groups; briggs: virtual registers) that live in memory or are rematerialized
 * @param guidancePicks values spill guidance chose over all retries (fat-point)
 * @param forcedSpills extra spill marks the feasibility gate forced (fat-point)
 * @param discardedSlots slots the scan discarded for exceeding the conflict threshold, knob 684 (fat-point)
 * @param fallbacks classes that needed the final fallback after the retries (fat-point)
 * @param uniformValues values placed in the uniform register file
 */
public record AllocationStats(int attempts, int coalescedCopies, int spilledValues, int guidancePicks,
        int forcedSpills, int discardedSlots, int fallbacks, int uniformValues) {
    /** Nothing counted. */
    public static final AllocationStats NONE = new AllocationStats(0, 0, 0, 0, 0, 0, 0, 0);
}
