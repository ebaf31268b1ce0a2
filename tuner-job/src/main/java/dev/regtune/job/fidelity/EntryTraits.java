package dev.regtune.job.fidelity;

/**
 * What a report says about a kernel entry beside the figures: its kind, its size and, in words, the
 * PTX feature that makes it that kind ("calls vprintf", "uses .local (256 bytes)").
 *
 * @param kind the kind of kernel
 * @param ptxInstructions instruction statements in the entry body
 * @param feature the feature behind the kind in a few words; "plain" for a plain kernel
 */
public record EntryTraits(KernelKind kind, int ptxInstructions, String feature) {
    public EntryTraits {
        if (ptxInstructions < 0) {
            throw new IllegalArgumentException("an instruction count cannot be negative: " + ptxInstructions);
        }
    }

    /** The size bucket of the entry. */
    public SizeBucket size() {
        return SizeBucket.of(ptxInstructions);
    }
}
