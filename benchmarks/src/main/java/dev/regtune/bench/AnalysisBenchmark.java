package dev.regtune.bench;

import dev.regtune.core.analysis.Dominators;
import dev.regtune.core.analysis.LiveRanges;
import dev.regtune.core.analysis.Liveness;
import dev.regtune.core.analysis.Loops;
import dev.regtune.core.analysis.PostDominators;
import dev.regtune.core.analysis.UniformityAnalysis;
import dev.regtune.core.ir.KernelFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Each analysis the allocators consume, on its own, over every entry of a size class; what it
 * needs is computed at setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class AnalysisBenchmark {
    @Param({"dominators", "postDominators", "loops", "liveness", "liveRanges", "uniformity"})
    public String analysis = "liveness";

    @Param({"both"})
    public String corpus = "both";

    @Param({"large"})
    public String sizeClass = "large";

    private final List<KernelFunction> functions = new ArrayList<>();
    private final List<Dominators> dominators = new ArrayList<>();
    private final List<PostDominators> postDominators = new ArrayList<>();
    private final List<Loops> loops = new ArrayList<>();
    private final List<Liveness> liveness = new ArrayList<>();

    @Setup
    public void setUp() {
        List<BenchKernels.Entry> entries = BenchKernels.entries(BenchKernels.files(corpus), sizeClass);
        for (BenchKernels.Entry e : entries) {
            KernelFunction f = e.function();
            Dominators dom = Dominators.compute(f);
            functions.add(f);
            dominators.add(dom);
            postDominators.add(PostDominators.compute(f));
            loops.add(Loops.compute(dom));
            liveness.add(Liveness.compute(f, dom));
        }
        BenchKernels.describe(analysis + " on " + corpus + " " + sizeClass, entries);
    }

    @Benchmark
    public void compute(Blackhole bh) {
        for (int k = 0; k < functions.size(); k++) {
            KernelFunction f = functions.get(k);
            bh.consume(switch (analysis) {
                case "dominators" -> Dominators.compute(f);
                case "postDominators" -> PostDominators.compute(f);
                case "loops" -> Loops.compute(dominators.get(k));
                case "liveness" -> Liveness.compute(f, dominators.get(k));
                case "liveRanges" -> LiveRanges.compute(f, liveness.get(k));
                case "uniformity" -> UniformityAnalysis.compute(dominators.get(k), postDominators.get(k), loops.get(k));
                default -> throw new IllegalArgumentException("unknown analysis " + analysis);
            });
        }
    }
}
