package dev.regtune.bench;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.synthetic.SyntheticFamilies;
import dev.regtune.datasets.synthetic.SyntheticKernel;
import dev.regtune.datasets.synthetic.SyntheticSpec;
import java.util.Locale;
import java.util.Map;
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

/**
 * Time against size: one generated kernel (a {@code datasets} synthetic family, seed 1, default
 * parameters, sm_90) of 10^3 to 10^5 PTX instructions, allocated whole. The exponent of time
 * against instructions is the slope of the scores on a log-log plot.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class ScalingBenchmark {
    @Param({"accumulators", "reduction", "predicated", "mma", "stencil"})
    public String kernelFamily = "accumulators";

    @Param({"1000", "10000", "100000"})
    public int instructions = 1000;

    @Param({"fatpoint", "briggs"})
    public String family = "fatpoint";

    private final ArchProfile arch = ArchProfiles.of("sm_90");
    private final Knobs knobs = Knobs.defaults();
    private RegisterAllocator allocator = Allocators.fatPoint();
    private KernelFunction function = PtxParser.parse(".version 8.0\n.target sm_90\n.address_size 64\n"
            + ".visible .entry empty()\n{\nret;\n}\n", "empty.ptx").functions().get(0);

    @Setup
    public void setUp() {
        SyntheticSpec spec = new SyntheticSpec(kernelFamily, Map.of(), instructions, "sm_90");
        SyntheticKernel k = SyntheticFamilies.byName(kernelFamily).generate(spec, 1);
        function = PtxParser.parse(k.ptxText(), k.name() + ".ptx").functions().get(0);
        allocator = Allocators.byName(family);
        System.out.printf(Locale.ROOT, "%n%s: %d PTX instructions, %d blocks, %d values%n", k.name(),
                function.instrCount(), function.blockCount(), function.vregCount());
    }

    @Benchmark
    public Object allocate() {
        return allocator.allocate(function, knobs, arch, 0);
    }
}
