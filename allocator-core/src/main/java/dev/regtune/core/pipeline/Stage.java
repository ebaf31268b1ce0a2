package dev.regtune.core.pipeline;

/**
 * One step of an allocator family's pipeline. A stage reads what earlier stages left in the
 * state, does one thing, and leaves its output there; it reports its decisions to the state's
 * listener. A stage that rewrites the function calls {@link AllocationState#rewrite}, which
 * discards every analysis of the old function.
 *
 * @param <S> the state of the family the stage belongs to
 */
public interface Stage<S extends AllocationState> {
    /** The stage's name, as the README's stage table lists it. */
    String name();

    /** Whether the stage runs for this allocation (most always do; some are switched by a knob). */
    default boolean runsFor(S state) {
        return true;
    }

    void run(S state);
}
