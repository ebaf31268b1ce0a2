package dev.regtune.core.fatpoint;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.coalesce.CopyCoalescingStage;
import dev.regtune.core.explain.AllocationEvent.OccupancyCliffLanded;
import dev.regtune.core.explain.AllocationListener;
import dev.regtune.core.explain.ExplanationRecorder;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.lower.AddressFoldingStage;
import dev.regtune.core.lower.FragmentDuplicatesStage;
import dev.regtune.core.lower.LoweringStage;
import dev.regtune.core.lower.ParameterFoldingStage;
import dev.regtune.core.lower.SymbolAddressStage;
import dev.regtune.core.lower.ConstantBankWideAddendStage;
import dev.regtune.core.lower.GlobalConversionCopyStage;
import dev.regtune.core.lower.WideMultiplyAddStage;
import dev.regtune.core.model.MeasureStage;
import dev.regtune.core.pipeline.AllocationState;
import dev.regtune.core.pipeline.Pipeline;
import dev.regtune.core.promote.LocalAddressNarrowingStage;
import dev.regtune.core.promote.LocalArrayPromotionStage;
import dev.regtune.core.schedule.IfConversionStage;
import dev.regtune.core.schedule.ParameterRematerializationStage;
import dev.regtune.core.schedule.ParameterSinkingStage;
import dev.regtune.core.schedule.PreAllocationSchedulingStage;
import dev.regtune.core.unroll.InductionVariableStage;
import dev.regtune.core.unroll.LoopUnrollingStage;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

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
            new FragmentDuplicatesStage(),
            new ConstantBankWideAddendStage(),
            new WideMultiplyAddStage(),
            new InductionVariableStage(),
            new ParameterFoldingStage(),
            new ParameterSinkingStage(),
            new LoopUnrollingStage(),
            new IfConversionStage(),
            new ParameterRematerializationStage(),
            new PreAllocationSchedulingStage(),
            new LoweringStage(),
            new GlobalConversionCopyStage(),
            CopyCoalescingStage.beforeFatPoint(),
            new OccupancyBudgetStage(),
            new UniformPlacementStage(),
            new ValueGroupingStage(),
            new ClassAllocationStage(),
            new SpillPlacementStage(),
            new MeasureStage());
    /** The first stage that reads the budget; none before it does. */
    private static final int SCHEDULE = PIPELINE.indexOf(PreAllocationSchedulingStage.class);
    /** The stage after lowering: the stages between the scheduler and it read no budget. */
    private static final int LOWERED = PIPELINE.indexOf(LoweringStage.class) + 1;
    /** The value grouping stage: it reads the code, its analyses, the effective classes and the knobs. */
    private static final int GROUPING = PIPELINE.indexOf(ValueGroupingStage.class);

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
        FatPointState state = new FatPointState(fn, knobs, arch, maxRegisters,
                first != null ? first : AllocationListener.NONE);
        AllocationResult result;
        if (maxRegisters > 0 || state.budget().limited()) {
            PIPELINE.run(state);
            result = state.result();
        } else {
            Prefix prefix = runKeepingPrefix(state);
            result = OccupancyCliffLanding.land(fn, knobs, arch, state.result(), state.threadsPerBlock(),
                    budget -> prefix.allocate(fn, knobs, arch, budget));
        }
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

    /**
     * Runs every stage over {@code state}, an allocation without a register limit, and keeps what
     * occupancy cliff landing's allocations of the same function at a cliff can start from.
     */
    private static Prefix runKeepingPrefix(FatPointState state) {
        PIPELINE.run(state, 0, SCHEDULE);
        AllocationState.Checkpoint unscheduled = state.failed() ? null : state.checkpoint();
        PIPELINE.run(state, SCHEDULE, SCHEDULE + 1);
        KernelFunction scheduled = state.function();
        PIPELINE.run(state, SCHEDULE + 1, LOWERED);
        AllocationState.Checkpoint lowered = state.failed() ? null : state.checkpoint();
        PIPELINE.run(state, LOWERED, PIPELINE.stages().size());
        return new Prefix(state, unscheduled, scheduled, lowered);
    }

    /**
     * What an allocation without a limit ({@code first}) leaves for allocating the same function
     * again at a budget (occupancy cliff landing). The stages before scheduling read no budget, so
     * a second allocation resumes from {@code unscheduled}. The scheduler reads the budget (its
     * target is capped at the budget's GPR slots); when what it reads is the same under both
     * budgets ({@link PreAllocationSchedulingStage#ordersAlike}), or when it runs again and orders
     * the code as it did without a limit ({@code scheduled}), the lowering that follows (which
     * reads no budget either) is taken from {@code lowered}; and when uniform placement then gives
     * the same classes on the same code, the value groups are {@code first}'s. Every analysis
     * computed on the shared code is computed once for both. Null checkpoints (an allocation that failed before them) make
     * a second allocation run every stage.
     */
    private record Prefix(FatPointState first, AllocationState.@Nullable Checkpoint unscheduled,
            KernelFunction scheduled, AllocationState.@Nullable Checkpoint lowered) {

        /**
         * The allocation of {@code fn} at {@code budget}, or null when it must store to memory or
         * fail ({@link MemorySpillBound}): occupancy cliff landing rejects such an allocation, so
         * its class allocation, spill slots and measure are not run.
         */
        @Nullable AllocationResult allocate(KernelFunction fn, Knobs knobs, ArchProfile arch, int budget) {
            if (unscheduled == null || lowered == null) {
                return run(fn, knobs, arch, budget, AllocationListener.NONE).result();
            }
            FatPointState state = new FatPointState(fn, knobs, arch, budget, AllocationListener.NONE);
            if (PreAllocationSchedulingStage.ordersAlike(first, state)) {
                state.resume(lowered);
            } else {
                state.resume(unscheduled);
                PIPELINE.run(state, SCHEDULE, SCHEDULE + 1);
                if (state.function().equals(scheduled)) {
                    state = new FatPointState(fn, knobs, arch, budget, AllocationListener.NONE);
                    state.resume(lowered);
                } else {
                    PIPELINE.run(state, SCHEDULE + 1, LOWERED);
                }
            }
            PIPELINE.run(state, LOWERED, GROUPING);
            if (!state.failed() && state.function() == first.function()
                    && Arrays.equals(state.effectiveClass(), first.effectiveClass())) {
                // The same code, analyses, classes and knobs: the same value groups.
                ValueGroupingStage.apply(state, first.groups(), first.facts());
            } else {
                PIPELINE.run(state, GROUPING, GROUPING + 1);
            }
            if (!state.failed() && MemorySpillBound.certain(state)) {
                assert storesOrFails(state) : "the bound rejected an allocation of " + fn.name() + " at " + budget
                        + " that neither stores nor fails";
                return null;
            }
            PIPELINE.run(state, GROUPING + 1, PIPELINE.stages().size());
            return state.result();
        }

        /** Runs the stages after value grouping over {@code state}: whether it failed or stores to memory. */
        private static boolean storesOrFails(FatPointState state) {
            PIPELINE.run(state, GROUPING + 1, PIPELINE.stages().size());
            AllocationResult r = state.result();
            return r.status() != AllocationStatus.OK || r.spills().storeBytes() > 0;
        }
    }
}
