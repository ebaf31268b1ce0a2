package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The baseline: points from a sampler (uniform by default), decoded, infeasible and repeated
 * configurations skipped, {@code batchSize} per round until {@code budget} configurations.
 */
public final class RandomSearch implements SearchStrategy {
    /**
     * @param budget configurations to evaluate in total
     * @param batchSize configurations per round
     */
    public record Params(int budget, int batchSize) {
        public Params {
            if (budget < 1 || batchSize < 1) {
                throw new IllegalArgumentException("budget and batch size must be positive");
            }
        }

        public static Params of(int budget, int batchSize) {
            return new Params(budget, batchSize);
        }
    }

    private final Params params;
    private final ProposalBook book;
    private final Supplier<double[]> points;
    private final ToDoubleFunction<double[]> score;
    private int proposed;
    private boolean exhausted;

    /** Uniform points from {@code seed}, scored by the first objective. */
    public RandomSearch(UnitSpace space, Params params, long seed) {
        this(space, params, UnitPoints.uniform(space.dimensions(), seed), Scores.first());
    }

    /** Points from {@code points} (a sampler: Latin hypercube, Sobol, ...), scored by {@code score}. */
    public RandomSearch(UnitSpace space, Params params, Supplier<double[]> points,
            ToDoubleFunction<double[]> score) {
        this.params = params;
        this.book = new ProposalBook(space);
        this.points = points;
        this.score = score;
    }

    @Override
    public boolean done() {
        return !book.roundOpen() && (exhausted || proposed >= params.budget());
    }

    @Override
    public List<Proposal> propose() {
        book.requireNoOpenRound();
        int n = Math.min(params.batchSize(), params.budget() - proposed);
        List<Proposal> batch = new ArrayList<>();
        int misses = 0;
        while (batch.size() < n && misses < ProposalBook.MAX_ATTEMPTS) {
            Optional<Proposal> p = book.tryPropose(points.get(), List.of());
            if (p.isPresent()) {
                batch.add(p.get());
                misses = 0;
            } else {
                misses++;
            }
        }
        if (batch.size() < n) {
            exhausted = true;
        }
        proposed += batch.size();
        return book.open(batch);
    }

    @Override
    public void observe(List<Observation> results) {
        book.close(results);
    }

    @Override
    public List<Trial> trials() {
        return List.copyOf(book.trials());
    }

    @Override
    public Optional<Trial> best() {
        return bestOf(book.trials(), score);
    }

    /** The trial of lowest score, the earliest among equals; failures never win. */
    static Optional<Trial> bestOf(List<Trial> trials, ToDoubleFunction<double[]> score) {
        return trials.stream()
                .filter(t -> Scores.score(score, t.observation()) < Double.POSITIVE_INFINITY)
                .min(Comparator.comparingDouble((Trial t) -> Scores.score(score, t.observation()))
                        .thenComparingLong(t -> t.proposal().id()));
    }
}
