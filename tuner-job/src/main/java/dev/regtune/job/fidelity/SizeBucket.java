package dev.regtune.job.fidelity;

import java.util.List;

/**
 * Size buckets of kernels by PTX instruction count, a factor of four apart, so that the small
 * kernels most real-world code consists of and the rare large ones are reported apart (corpus-real:
 * quartiles 28, 80 and 166 instructions, 28 kernels with 1,000 or more).
 *
 * @param label how reports name the bucket ("32-127")
 * @param min smallest instruction count in the bucket
 * @param max largest instruction count in the bucket ({@link Integer#MAX_VALUE} for the last)
 */
public record SizeBucket(String label, int min, int max) {
    /** The buckets, in order: under 32, 32-127, 128-511, 512-2047, 2048 and more instructions. */
    public static final List<SizeBucket> ALL = List.of(new SizeBucket("<32", 0, 31),
            new SizeBucket("32-127", 32, 127), new SizeBucket("128-511", 128, 511),
            new SizeBucket("512-2047", 512, 2047), new SizeBucket(">=2048", 2048, Integer.MAX_VALUE));

    /** The bucket of a kernel with {@code instructions} PTX instructions. */
    public static SizeBucket of(int instructions) {
        for (SizeBucket b : ALL) {
            if (instructions >= b.min && instructions <= b.max) {
                return b;
            }
        }
        throw new IllegalArgumentException("an instruction count cannot be negative: " + instructions);
    }

    /** Whether a kernel of {@code instructions} PTX instructions falls in this bucket. */
    public boolean contains(int instructions) {
        return instructions >= min && instructions <= max;
    }
}
