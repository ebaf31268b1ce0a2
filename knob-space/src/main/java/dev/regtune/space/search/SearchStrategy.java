package dev.regtune.space.search;

import java.util.List;
import java.util.Optional;

/**
 * A search run in rounds: {@link #propose()} a batch, have it evaluated, {@link #observe} the
 * results, until {@link #done()}. Implementations are deterministic for their seed and the
 * observations they receive, and are not thread-safe (the driver calls them from one thread).
 */
public sealed interface SearchStrategy permits RoundSearch {
    /** True when no further proposals will be made and no round is waiting for results. */
    boolean done();

    /**
     * The next batch of proposals, which opens a round; empty only when the strategy has just
     * run out of configurations (then {@link #done()} is true).
     *
     * @throws IllegalStateException when the previous round has not been observed
     */
    List<Proposal> propose();

    /**
     * Closes the open round. Proposals of the round without an observation count as failures.
     * An empty list while no round is open is ignored, so a driver loop may call it after an empty
     * batch.
     *
     * @throws IllegalArgumentException for an observation of a proposal not in the open round, or
     *     two observations of the same proposal
     */
    void observe(List<Observation> results);

    /** Every observed trial, in the order of proposal ids. */
    List<Trial> trials();

    /** The best configuration found so far by the strategy's scalar score, if any was observed. */
    Optional<Trial> best();
}
