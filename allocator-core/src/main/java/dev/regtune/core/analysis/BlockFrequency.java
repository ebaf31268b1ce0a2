package dev.regtune.core.analysis;

/**
 * Static block frequency estimate: {@code freq(b) = estimatedIterations ^ depth(b)}, the model the
 * spill cost uses (seed 004: block frequency weighting; knob 623
 * {@code RegAllocEstimatedLoopIterations} supplies the base, which the caller passes in; this
 * class does not read knobs). Blocks outside loops, including unreachable ones, have frequency 1.
 *
 * <p>Frequencies are capped at {@link #MAX_FREQUENCY} so that products and sums of spill costs stay
 * finite however deep the nesting; an {@code estimatedIterations} of 0 gives loop blocks frequency 0.
 */
public final class BlockFrequency {
    /** Upper bound of every frequency: large, but far from overflowing a double in cost sums. */
    public static final double MAX_FREQUENCY = 1e30;

    private final double estimatedIterations;
    private final double[] freq;

    private BlockFrequency(double estimatedIterations, double[] freq) {
        this.estimatedIterations = estimatedIterations;
        this.freq = freq;
    }

    /**
     * @param loops the loop nest
     * @param estimatedIterations assumed trip count of every loop (knob 623); finite and not negative
     */
    public static BlockFrequency compute(Loops loops, double estimatedIterations) {
        if (!(estimatedIterations >= 0) || Double.isInfinite(estimatedIterations)) {
            throw new IllegalArgumentException(
                    "estimated loop iterations must be finite and not negative, got " + estimatedIterations);
        }
        int n = loops.blockCount();
        int maxDepth = 0;
        for (int b = 0; b < n; b++) {
            maxDepth = Math.max(maxDepth, loops.depth(b));
        }
        double[] byDepth = new double[maxDepth + 1];
        byDepth[0] = 1.0;
        for (int d = 1; d <= maxDepth; d++) {
            byDepth[d] = Math.min(MAX_FREQUENCY, byDepth[d - 1] * estimatedIterations);
        }
        double[] freq = new double[n];
        for (int b = 0; b < n; b++) {
            freq[b] = byDepth[loops.depth(b)];
        }
        return new BlockFrequency(estimatedIterations, freq);
    }

    public double estimatedIterations() {
        return estimatedIterations;
    }

    public int blockCount() {
        return freq.length;
    }

    /** Estimated executions of block {@code b} per execution of the function. */
    public double freq(int b) {
        return freq[b];
    }
}
