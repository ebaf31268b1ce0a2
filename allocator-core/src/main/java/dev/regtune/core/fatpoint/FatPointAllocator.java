package dev.regtune.core.fatpoint;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.coalesce.CopyCoalescingStage;
import dev.regtune.core.explain.AllocationEvent.OccupancyCliffLanded;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.explain.ExplanationRecorder;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.lower.AddressFoldingStage;
import dev.regtune.core.lower.LoweringStage;
import dev.regtune.core.lower.ParameterFoldingStage;
import dev.regtune.core.lower.SymbolAddressStage;
import dev.regtune.core.lower.WideMultiplyAddStage;
import dev.regtune.core.model.MeasureStage;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.promote.LocalAddressNarrowingStage;
import dev.regtune.core.promote.LocalArrayPromotionStage;
import dev.regtune.core.schedule.IfConversionStage;
import dev.regtune.core.schedule.ParameterSinkingStage;
import dev.regtune.core.schedule.PreAllocationSchedulingStage;
import dev.regtune.core.unroll.InductionVariableStage;
import dev.regtune.core.unroll.LoopUnrollingStage;

/**
 * The ptxas fat-point allocator (seed 000) as a pipeline of stages: CICC's copy coalescer first
 * under {@code RegTuneCoalesceBeforeFatPoint}, the occupancy-aware budget, uniform placement, value
 * groups, per class 1..6 the NOSPILL attempt and the SPILL retry loop ({@link
 * ClassAllocationDriver}), spill slots, and measurement. Stateless and thread-safe: each call
 * has its own {@link FatPointState}.
 */
public final class FatPointAllocator implements RegisterAllocator {
    private static final Pipeline<FatPointState> PIPELINE = Pipeline.of(
            new LocalAddressNarrowingStage(),
            new LocalArrayPromotionStage(),
            new AddressFoldingStage(),
            new SymbolAddressStage(),
            new WideMultiplyAddStage(),
            new InductionVariableStage(),
            new ParameterFoldingStage(),
            new ParameterSinkingStage(),
            new LoopUnrollingStage(),
            new IfConversionStage(),
            new PreAllocationSchedulingStage(),
            new LoweringStage(),
            CopyCoalescingStage.beforeFatPoint(),
            new OccupancyBudgetStage(),
            new UniformPlacementStage(),
            new ValueGroupingStage(),
            new ClassAllocationStage(),
            new SpillPlacementStage(),
            new MeasureStage());

    @Override
    public String name() {
        return "fatpoint";
    }

    @Override
    public Pipeline<?> pipeline() {
        return PIPELINE;
    }

    /**
     * A fresh state of this family for {@code fn}, nobody listening, so that a benchmark can run the
     * {@link #pipeline()}'s stages one at a time; {@link #allocate} is the same state run through
     * every stage.
     */
    public AllocationState newState(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters) {
        return new FatPointState(fn, knobs, arch, maxRegisters, AllocationListener.NONE);
    }

    @Override
    public AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
            AllocationListener listener) {
        // The first allocation's events are kept and told only if it is the one reported.
        ExplanationRecorder first = listener.enabled() ? new ExplanationRecorder() : null;
        FatPointState state = run(fn, knobs, arch, maxRegisters, first != null ? first : AllocationListener.NONE);
        AllocationResult result = maxRegisters > 0 || state.budget().limited() ? state.result()
                : OccupancyCliffLanding.land(fn, knobs, arch, state.result(), state.threadsPerBlock(),
                        budget -> run(fn, knobs, arch, budget, AllocationListener.NONE).result());
        if (first == null) {
            return result;
        }
        if (result == state.result()) {
            first.events().forEach(listener::on);
            return result;
        }
        listener.on(new OccupancyCliffLanded(state.result().registers(), result.usage().budget()));
        return run(fn, knobs, arch, result.usage().budget(), listener).result();
    }

    private static FatPointState run(KernelFunction fn, Knobs knobs, ArchProfile arch, int maxRegisters,
            AllocationListener listener) {
        FatPointState state = new FatPointState(fn, knobs, arch, maxRegisters, listener);
        PIPELINE.run(state);
        return state;
    }
}
