package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The baseline: points from a sampler (uniform by default), decoded, infeasible and repeated
 * configurations skipped, {@code batchSize} per round until {@code budget} configurations.
 */
public final class RandomSearch extends RoundSearch {
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
    private final Supplier<double[]> points;

    /** Uniform points from {@code seed}, scored by the first objective. */
    public RandomSearch(UnitSpace space, Params params, long seed) {
        this(space, params, UnitPoints.uniform(space.dimensions(), seed), Scores.first());
    }

    /** Points from {@code points} (a sampler: Latin hypercube, Sobol, ...), scored by {@code score}. */
    public RandomSearch(UnitSpace space, Params params, Supplier<double[]> points,
            ToDoubleFunction<double[]> score) {
        super(space, score, params.budget());
        this.params = params;
        this.points = points;
    }

    @Override
    List<Proposal> nextBatch(int remaining) {
        int n = Math.min(params.batchSize(), remaining);
        List<Proposal> batch = new ArrayList<>();
        while (batch.size() < n) {
            Optional<Proposal> p = book.draw(points, List.of());
            if (p.isEmpty()) {
                end();
                break;
            }
            batch.add(p.get());
        }
        return batch;
    }
}
