package dev.regtune.core.alloc;

/**
 * What CICC's copy coalescer (seed 003) did to one function in front of the allocator: the copy
 * candidates it saw, how many it merged and how many it left in the code. All zero when the pass
 * did not run.
 *
 * @param copiesSeen copy candidates found (same-class copies, {@code .param} ABI copies, sub-register and cross-class moves)
 * @param copiesMerged candidates whose source and destination were merged (the copy removed)
 * @param copiesLeft candidates left in the code: {@code copiesSeen - copiesMerged}
 * @param passes worklist passes made (the first pass plus each retry of the swapped heap)
 */
public record CopyCoalescing(int copiesSeen, int copiesMerged, int copiesLeft, int passes) {
    /** The pass did not run. */
    public static final CopyCoalescing NONE = new CopyCoalescing(0, 0, 0, 0);

    public CopyCoalescing {
        if (copiesSeen < 0 || copiesMerged < 0 || copiesMerged > copiesSeen || copiesLeft != copiesSeen - copiesMerged) {
            throw new IllegalArgumentException("copy coalescing counts disagree: seen " + copiesSeen + ", merged "
                    + copiesMerged + ", left " + copiesLeft);
        }
    }
}
