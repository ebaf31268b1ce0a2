package dev.regtune.bench;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.briggs.BriggsAllocator;
import dev.regtune.core.fatpoint.FatPointAllocator;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * One stage of a family's pipeline on its own: before every operation each entry gets a fresh
 * state run through the stages before it (not timed); the operation runs that one stage on every
 * entry where the stage runs. The stage is named {@code family/StageClass}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(1)
public class StageBenchmark {
    @Param({"fatpoint/LocalAddressNarrowingStage", "fatpoint/AddressFoldingStage", "fatpoint/SymbolAddressStage", "fatpoint/FragmentDuplicatesStage", "fatpoint/InductionVariableStage", "fatpoint/LoopUnrollingStage", "fatpoint/IfConversionStage", "fatpoint/ParameterRematerializationStage", "fatpoint/PreAllocationSchedulingStage", "fatpoint/LoweringStage", "fatpoint/CopyCoalescingStage",
            "fatpoint/OccupancyBudgetStage", "fatpoint/UniformPlacementStage", "fatpoint/ValueGroupingStage",
            "fatpoint/ClassAllocationStage", "fatpoint/SpillPlacementStage", "fatpoint/MeasureStage",
            "briggs/CopyCoalescingStage", "briggs/BriggsColouringStage", "briggs/BriggsAssignmentStage",
            "briggs/MeasureStage"})
    public String stage = "fatpoint/ClassAllocationStage";

    @Param({"both"})
    public String corpus = "both";

    @Param({"large"})
    public String sizeClass = "large";

    private final ArchProfile arch = ArchProfiles.of("sm_90");
    private final Knobs knobs = Knobs.defaults();
    private List<BenchKernels.Entry> entries = List.of();
    private List<Stage<AllocationState>> stages = List.of();
    private int target;
    private boolean fatPoint;
    private final List<AllocationState> states = new ArrayList<>();

    @Setup
    @SuppressWarnings("unchecked") // a family's stages all take its own state, which newState makes
    public void setUp() {
        String[] parts = stage.split("/", 2);
        fatPoint = parts[0].equals("fatpoint");
        List<?> all = fatPoint ? new FatPointAllocator().pipeline().stages() : new BriggsAllocator().pipeline().stages();
        stages = new ArrayList<>();
        target = -1;
        for (Object s : all) {
            if (s.getClass().getSimpleName().equals(parts[1]) && target < 0) {
                target = stages.size();
            }
            stages.add((Stage<AllocationState>) s);
        }
        if (target < 0) {
            throw new IllegalArgumentException(stage + " names no stage of the " + parts[0] + " pipeline");
        }
        entries = BenchKernels.entries(BenchKernels.files(corpus), sizeClass);
        BenchKernels.describe(stage + " on " + corpus + " " + sizeClass, entries);
    }

    @Setup(Level.Invocation)
    public void prepare() {
        states.clear();
        for (BenchKernels.Entry e : entries) {
            AllocationState s = fatPoint ? new FatPointAllocator().newState(e.function(), knobs, arch, 0)
                    : new BriggsAllocator().newState(e.function(), knobs, arch, 0);
            for (int k = 0; k < target && !s.failed(); k++) {
                if (stages.get(k).runsFor(s)) {
                    stages.get(k).run(s);
                }
            }
            states.add(s);
        }
    }

    @Benchmark
    public void run(Blackhole bh) {
        Stage<AllocationState> st = stages.get(target);
        for (AllocationState s : states) {
            if (!s.failed() && st.runsFor(s)) {
                st.run(s);
            }
            bh.consume(s);
        }
    }
}
