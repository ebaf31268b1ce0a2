package dev.regtune.core.pipeline;

import dev.regtune.core.explain.AllocationEvent;
import java.util.List;

/**
 * An allocator family as an ordered list of stages over one state. Adding a stage is one class
 * and one line in the family's list. A stage that fails the allocation stops the pipeline.
 *
 * @param <S> the family's state
 */
public final class Pipeline<S extends AllocationState> {
    private final List<Stage<? super S>> stages;

    @SafeVarargs
    private Pipeline(Stage<? super S>... stages) {
        this.stages = List.of(stages);
    }

    @SafeVarargs
    public static <S extends AllocationState> Pipeline<S> of(Stage<? super S>... stages) {
        return new Pipeline<>(stages);
    }

    /** The stages in the order they run. */
    public List<Stage<? super S>> stages() {
        return stages;
    }

    /** Runs every stage that runs for {@code state}, in order, until one fails the allocation. */
    public void run(S state) {
        for (Stage<? super S> stage : stages) {
            if (state.failed()) {
                return;
            }
            if (!stage.runsFor(state)) {
                continue;
            }
            if (state.listener().enabled()) {
                state.listener().on(new AllocationEvent.StageStarted(stage.name(), state.function().instrCount(),
                        state.function().vregCount()));
            }
            stage.run(state);
            assert state.removedCopies().length == state.function().instrCount() : stage.name()
                    + " left the per-instruction state out of step with the code";
        }
    }
}
