package dev.regtune.core.analysis;

import dev.regtune.core.ir.KernelFunction;
import org.jspecify.annotations.Nullable;

/**
 * The analyses of one function, computed on first request and shared by every stage that asks
 * (what LLVM's required analyses and regalloc2's {@code Env} give their passes). A stage that
 * changes the function does not patch these: it asks for {@link #of} the new function, which
 * starts empty, so no analysis of the old code can leak into the new one.
 *
 * <p>Not thread-safe: one instance belongs to one allocation call. The loop-iteration estimate
 * (knob 623) is passed in because this package reads no knobs.
 */
public final class FunctionAnalyses {
    private final KernelFunction function;
    private final double estimatedIterations;
    private @Nullable Dominators dominators;
    private @Nullable PostDominators postDominators;
    private @Nullable Loops loops;
    private @Nullable BlockFrequency frequency;
    private @Nullable Liveness liveness;
    private @Nullable LiveRanges liveRanges;
    private @Nullable UniformityAnalysis uniformity;

    private FunctionAnalyses(KernelFunction function, double estimatedIterations) {
        this.function = function;
        this.estimatedIterations = estimatedIterations;
    }

    /** Analyses of {@code function}, none computed yet. */
    public static FunctionAnalyses of(KernelFunction function, double estimatedIterations) {
        return new FunctionAnalyses(function, estimatedIterations);
    }

    public KernelFunction function() {
        return function;
    }

    public Dominators dominators() {
        if (dominators == null) {
            dominators = Dominators.compute(function);
        }
        return dominators;
    }

    public PostDominators postDominators() {
        if (postDominators == null) {
            postDominators = PostDominators.compute(function);
        }
        return postDominators;
    }

    public Loops loops() {
        if (loops == null) {
            loops = Loops.compute(dominators());
        }
        return loops;
    }

    public BlockFrequency frequency() {
        if (frequency == null) {
            frequency = BlockFrequency.compute(loops(), estimatedIterations);
        }
        return frequency;
    }

    /** Block frequency per block as an array, for the models that take one. */
    public double[] frequencies() {
        BlockFrequency f = frequency();
        double[] out = new double[function.blockCount()];
        for (int b = 0; b < out.length; b++) {
            out[b] = f.freq(b);
        }
        return out;
    }

    public Liveness liveness() {
        if (liveness == null) {
            liveness = Liveness.compute(function, dominators());
        }
        return liveness;
    }

    public LiveRanges liveRanges() {
        if (liveRanges == null) {
            liveRanges = LiveRanges.compute(function, liveness());
        }
        return liveRanges;
    }

    public UniformityAnalysis uniformity() {
        if (uniformity == null) {
            uniformity = UniformityAnalysis.compute(dominators(), postDominators(), loops());
        }
        return uniformity;
    }
}
