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

    /** The position in {@link #stages()} of the first stage of class {@code type}. */
    public int indexOf(Class<?> type) {
        for (int k = 0; k < stages.size(); k++) {
            if (type.isInstance(stages.get(k))) {
                return k;
            }
        }
        throw new IllegalArgumentException("no " + type.getSimpleName() + " in this pipeline");
    }

    /** Runs every stage that runs for {@code state}, in order, until one fails the allocation. */
    public void run(S state) {
        run(state, 0, stages.size());
    }

    /**
     * Runs the stages {@code from} (inclusive) to {@code to} (exclusive) of {@link #stages()} that
     * run for {@code state}, in order, until one fails the allocation: a family that resumes a
     * state from an {@link AllocationState.Checkpoint} runs the rest of its pipeline this way.
     */
    public void run(S state, int from, int to) {
        for (Stage<? super S> stage : stages.subList(from, to)) {
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
