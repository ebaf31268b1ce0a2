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

    /**
     * Analyses of {@code changed}, a new version of this function (code inserted, removed, moved
     * or renamed by a pipeline stage): none of the code-dependent analyses is kept, but when the
     * CFG is the same (the same blocks with the same edges in the same order) the dominators,
     * post-dominators, loops and block frequencies computed so far are, since they read nothing
     * but the CFG. Results are those {@link #of} gives; only the work differs.
     */
    public FunctionAnalyses afterTransform(KernelFunction changed, double changedIterations) {
        FunctionAnalyses next = new FunctionAnalyses(changed, changedIterations);
        if (changed == function || (dominators == null && postDominators == null) || !sameCfg(function, changed)) {
            return next;
        }
        if (dominators != null) {
            next.dominators = dominators.withFunction(changed);
            if (loops != null) {
                next.loops = loops.withDominators(next.dominators);
                if (frequency != null && Double.compare(changedIterations, estimatedIterations) == 0) {
                    next.frequency = frequency;
                }
            }
        }
        next.postDominators = postDominators;
        return next;
    }

    /**
     * {@link #afterTransform}, for a change that keeps every block's live-in and live-out sets
     * (instructions reordered within their blocks along every register dependence, as the
     * pre-allocation scheduler does; values added that are defined and read within one block,
     * as lowering's temporaries are): the liveness computed so far carries over too ({@link
     * Liveness#extendedTo}), when the CFG is the same. Results are those {@link #of} gives.
     */
    public FunctionAnalyses afterBlockLocalChange(KernelFunction changed, double changedIterations) {
        FunctionAnalyses next = afterTransform(changed, changedIterations);
        if (liveness != null && changed != function && sameCfg(function, changed)) {
            next.liveness = liveness.extendedTo(changed);
            assert next.liveness.sameSets(Liveness.compute(changed))
                    : "a block-local change of " + changed.name() + " changed its liveness";
        }
        return next;
    }

    private static boolean sameCfg(KernelFunction a, KernelFunction b) {
        int n = a.blockCount();
        if (b.blockCount() != n) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            int sc = a.succCount(k);
            int pc = a.predCount(k);
            if (b.succCount(k) != sc || b.predCount(k) != pc) {
                return false;
            }
            for (int e = 0; e < sc; e++) {
                if (a.succ(k, e) != b.succ(k, e)) {
                    return false;
                }
            }
            for (int e = 0; e < pc; e++) {
                if (a.pred(k, e) != b.pred(k, e)) {
                    return false;
                }
            }
        }
        return true;
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
