package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The life cycle every strategy shares, written once: the round protocol ({@link #propose()} opens
 * a round, {@link #observe} closes it, {@link #done()} once no round is open and the strategy has
 * ended), the count of proposals against the budget, the book of proposals and trials, and the
 * best trial by the scalar score. A strategy supplies only what differs: {@link #nextBatch} (which
 * configurations to ask for next, calling {@link #end()} when it has no more) and, if it learns
 * from results, {@link #roundClosed}.
 */
abstract sealed class RoundSearch implements SearchStrategy
        permits RandomSearch, SuccessiveHalving, TpeSearch, Nsga2Search {
    /** No budget on proposals: the strategy ends by its own rule (successive halving's rounds). */
    static final long UNBOUNDED = Long.MAX_VALUE;

    final ProposalBook book;
    final ToDoubleFunction<double[]> score;
    private final long budget;
    private long proposed;
    private boolean ended;

    /**
     * @param score scalar score of an objective vector, lower is better ({@link #best()})
     * @param budget proposals in total, or {@link #UNBOUNDED}
     */
    RoundSearch(UnitSpace space, ToDoubleFunction<double[]> score, long budget) {
        this.book = new ProposalBook(space);
        this.score = score;
        this.budget = budget;
    }

    /**
     * The proposals of the next round, made with {@link #book}; at most {@code remaining}. A
     * strategy that finds no more configurations (or whose rounds are over) calls {@link #end()}.
     */
    abstract List<Proposal> nextBatch(int remaining);

    /** Learns from the round just closed: its trials in id order (failures for lost proposals). */
    void roundClosed(List<Trial> round) {
    }

    /** No further proposals: the space is exhausted or the strategy's rounds are over. */
    final void end() {
        ended = true;
    }

    private boolean ended() {
        return ended || proposed >= budget;
    }

    @Override
    public final boolean done() {
        return !book.roundOpen() && ended();
    }

    @Override
    public final List<Proposal> propose() {
        book.requireNoOpenRound();
        if (ended()) {
            return List.of();
        }
        List<Proposal> batch = nextBatch((int) Math.min(Integer.MAX_VALUE, budget - proposed));
        proposed += batch.size();
        return book.open(batch);
    }

    @Override
    public final void observe(List<Observation> results) {
        if (!book.roundOpen() && results.isEmpty()) {
            return;
        }
        roundClosed(book.close(results));
    }

    @Override
    public final List<Trial> trials() {
        return List.copyOf(book.trials());
    }

    /** The observed trial of lowest score, the earliest among equals; failures never win. */
    @Override
    public Optional<Trial> best() {
        return book.trials().stream()
                .filter(t -> Scores.score(score, t.observation()) < Double.POSITIVE_INFINITY)
                .min(Comparator.comparingDouble((Trial t) -> Scores.score(score, t.observation()))
                        .thenComparingLong(t -> t.proposal().id()));
    }
}
