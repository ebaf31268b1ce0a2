package dev.regtune.bench;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.knobs.Knobs;
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
 * A full default-knob allocation (sm_90, no register limit, calls charged as {@code regtune
 * allocate} does) of every entry of one size class, per family: one operation allocates every
 * entry of the class once, so the score over the instructions printed at setup is the
 * time-weighted time per PTX instruction.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class AllocationBenchmark {
    @Param({"corpus-real", "bundled"})
    public String corpus = "corpus-real";

    @Param({"small", "medium", "large"})
    public String sizeClass = "large";

    @Param({"fatpoint", "briggs"})
    public String family = "fatpoint";

    private List<BenchKernels.Entry> entries = List.of();
    private RegisterAllocator allocator = Allocators.fatPoint();
    private final ArchProfile arch = ArchProfiles.of("sm_90");
    private final Knobs knobs = Knobs.defaults();

    @Setup
    public void setUp() {
        entries = BenchKernels.entries(BenchKernels.files(corpus), sizeClass);
        allocator = Allocators.byName(family);
        BenchKernels.describe(corpus + " " + sizeClass + " " + family, entries);
    }

    @Benchmark
    public void allocate(Blackhole bh) {
        for (BenchKernels.Entry e : entries) {
            bh.consume(ModuleAllocator.allocateFunction(e.module(), e.function(), allocator, knobs, arch, 0));
        }
    }
}
