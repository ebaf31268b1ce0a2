package dev.regtune.job.sweep;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.ir.KernelFunction;
import java.io.Serializable;
import java.util.Locale;
import java.util.Optional;

/**
 * What one evaluation may cost, so that one kernel never costs the others their rows: a function
 * larger than {@code maxInstructions}, or one whose Briggs interference graphs would take more than
 * {@code heapFraction} of the executor's heap, is refused before it is allocated; an evaluation
 * running longer than {@code maxSeconds} is stopped ({@link EvaluationTimer}); an
 * {@link OutOfMemoryError} inside an evaluation is caught. Each becomes an {@code ERROR} row
 * saying why, and the task goes on with the next pair.
 *
 * <p>The Briggs estimate is its adjacency bit matrix, one per register class: n^2/8 bytes for n
 * values of a class (the matrix is the allocation that ran executors out of memory on a
 * 300,000-instruction kernel). The refusals by size are deterministic; the time limit depends on
 * the machine, which is why its default is far above any kernel of the corpora (the slowest
 * evaluation of corpus-real takes well under a second).
 *
 * @param maxInstructions functions with more instructions are refused (0: no limit)
 * @param maxSeconds evaluations running longer are stopped (0: no limit)
 * @param heapFraction the share of the executor's maximum heap one evaluation's estimate may take
 */
public record EvaluationLimits(int maxInstructions, double maxSeconds, double heapFraction) implements Serializable {
    /** The defaults of {@code regtune sweep}. */
    public static final EvaluationLimits DEFAULT = new EvaluationLimits(100_000, 300, 0.25);
    /** No limit (benchmarks, tests of the plain evaluation). */
    public static final EvaluationLimits NONE = new EvaluationLimits(0, 0, 1e9);

    public EvaluationLimits {
        if (maxInstructions < 0 || maxSeconds < 0 || !(heapFraction > 0)) {
            throw new IllegalArgumentException("evaluation limits must be >= 0 (and the heap fraction > 0)");
        }
    }

    /** Why {@code fn} is not allocated by {@code allocator}, or empty when it may be. */
    Optional<String> refusal(KernelFunction fn, RegisterAllocator allocator) {
        if (maxInstructions > 0 && fn.instrCount() > maxInstructions) {
            return Optional.of(String.format(Locale.ROOT,
                    "not evaluated: the function has %,d instructions, more than the sweep's limit of %,d "
                            + "(--max-instructions)", fn.instrCount(), maxInstructions));
        }
        if (allocator.name().equals("briggs")) {
            long bytes = briggsGraphBytes(fn);
            long limit = (long) (Runtime.getRuntime().maxMemory() * Math.min(1.0, heapFraction));
            if (bytes > limit) {
                return Optional.of(String.format(Locale.ROOT,
                        "not evaluated: the Briggs interference graph of %,d values would take about %,d MB, more "
                                + "than %s of the executor's heap (%,d MB)", fn.vregCount(), bytes >> 20,
                        heapFraction >= 1 ? "all" : (int) Math.round(heapFraction * 100) + "%",
                        Runtime.getRuntime().maxMemory() >> 20));
            }
        }
        return Optional.empty();
    }

    /** The Briggs allocator's adjacency matrices: n^2/8 bytes per register class of n values. */
    static long briggsGraphBytes(KernelFunction fn) {
        java.util.Map<Integer, Long> perClass = new java.util.HashMap<>();
        for (int v = 0; v < fn.vregCount(); v++) {
            perClass.merge(fn.vregClassId(v), 1L, Long::sum);
        }
        long bytes = 0;
        for (long n : perClass.values()) {
            bytes += n * ((n + 63) / 64) * 8;
        }
        return bytes;
    }
}
