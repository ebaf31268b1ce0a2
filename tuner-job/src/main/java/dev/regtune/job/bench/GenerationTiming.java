package dev.regtune.job.bench;

import dev.regtune.datasets.synthetic.SyntheticKernel;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import java.util.Arrays;

/**
 * How long generating one synthetic kernel takes.
 *
 * @param spec what was generated
 * @param kernel the kernel (every repeat is byte-identical)
 * @param repeats timed generations
 * @param medianNanos median time of one generation, PTX text included
 */
public record GenerationTiming(SyntheticSpec spec, SyntheticKernel kernel, int repeats, double medianNanos) {
    /** Fewest timed generations. */
    public static final int MIN_REPEATS = 5;

    /**
     * Generates {@code spec} once untimed (class loading, first compilation), then times
     * generations until {@link #MIN_REPEATS} are done and {@code budgetNanos} is used up, and
     * reports the median.
     */
    public static GenerationTiming measure(SyntheticSpec spec, long seed, long budgetNanos) {
        SyntheticKernel kernel = spec.definition().generate(spec, seed);
        long end = System.nanoTime() + budgetNanos;
        long[] times = new long[16];
        int n = 0;
        do {
            long t0 = System.nanoTime();
            SyntheticKernel again = spec.definition().generate(spec, seed);
            long dt = System.nanoTime() - t0;
            if (again.instructionCount() != kernel.instructionCount()) {
                throw new IllegalStateException("generating " + spec + " twice gave different kernels");
            }
            if (n == times.length) {
                times = Arrays.copyOf(times, n * 2);
            }
            times[n++] = dt;
        } while (n < MIN_REPEATS || System.nanoTime() < end);
        return new GenerationTiming(spec, kernel, n, BenchSummary.median(Arrays.copyOf(times, n)));
    }

    /** Median generation nanoseconds over the kernel's instruction count. */
    public double nanosPerInstruction() {
        return medianNanos / Math.max(1, kernel.instructionCount());
    }
}
