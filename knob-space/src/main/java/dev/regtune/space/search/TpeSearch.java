package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * A tree-structured Parzen estimator (Bergstra et al. 2011) on the unit cube, minimising one
 * scalar score. After {@code startup} points from a sampler, the observations are split at the
 * {@code gamma}-quantile of their scores into good and bad; per dimension a Parzen estimator
 * {@code l} is fitted to the good coordinates and {@code g} to the bad ones (dimensions are
 * independent, as in hyperopt); {@code candidates} points are drawn from {@code l} and the one
 * maximising {@code l(x)/g(x)} that decodes to a feasible new configuration is proposed.
 *
 * <p>A batch of {@code k} is built by a constant liar: each point already chosen for the batch
 * is added to the bad set before the next is chosen, as if it had scored worst, which pushes the
 * batch apart. Points that decoded to an infeasible configuration are added to the bad set too
 * (at most as many as there are observations), so the search learns to stay clear of them.
 */
public final class TpeSearch extends RoundSearch {
    /**
     * @param budget configurations to evaluate in total
     * @param batchSize configurations per round
     * @param startup configurations from the sampler before the model is used
     * @param gamma quantile of the scores splitting good from bad (default 0.25)
     * @param candidates points drawn from {@code l} per proposal (default 24)
     * @param priorWeight weight of the uniform prior in each estimator, in observations (default 1)
     * @param bandwidth kernel width rule (default {@link ParzenBandwidth#NEIGHBOUR}, hyperopt's)
     */
    public record Params(int budget, int batchSize, int startup, double gamma, int candidates,
            double priorWeight, ParzenBandwidth bandwidth) {
        public Params {
            if (budget < 1 || batchSize < 1 || startup < 0 || candidates < 1) {
                throw new IllegalArgumentException("budget, batch size and candidates must be positive");
            }
            if (!(gamma > 0 && gamma < 1) || !(priorWeight >= 0)) {
                throw new IllegalArgumentException("gamma must be in (0, 1) and the prior weight non-negative");
            }
        }

        /** The defaults: batch 1, 10 startup points, gamma 0.25, 24 candidates, prior 1, neighbour widths. */
        public static Params of(int budget) {
            return new Params(budget, 1, 10, 0.25, 24, 1.0, ParzenBandwidth.NEIGHBOUR);
        }

        public Params withBatchSize(int k) {
            return new Params(budget, k, startup, gamma, candidates, priorWeight, bandwidth);
        }

        public Params withStartup(int n) {
            return new Params(budget, batchSize, n, gamma, candidates, priorWeight, bandwidth);
        }

        public Params withGamma(double g) {
            return new Params(budget, batchSize, startup, g, candidates, priorWeight, bandwidth);
        }

        public Params withCandidates(int c) {
            return new Params(budget, batchSize, startup, gamma, c, priorWeight, bandwidth);
        }

        public Params withPriorWeight(double w) {
            return new Params(budget, batchSize, startup, gamma, candidates, w, bandwidth);
        }

        public Params withBandwidth(ParzenBandwidth b) {
            return new Params(budget, batchSize, startup, gamma, candidates, priorWeight, b);
        }
    }

    private final Params params;
    private final Supplier<double[]> startupPoints;
    private final SplittableRandom random;

    /** Uniform startup points and model draws from {@code seed}, scored by the first objective. */
    public TpeSearch(UnitSpace space, Params params, long seed) {
        this(space, params, seed, null, Scores.first());
    }

    /**
     * @param startupPoints the sampler of the startup points (and of fallbacks); null for uniform
     * @param score scalar score of an objective vector, lower is better
     */
    public TpeSearch(UnitSpace space, Params params, long seed, @Nullable Supplier<double[]> startupPoints,
            ToDoubleFunction<double[]> score) {
        super(space, score, params.budget());
        this.params = params;
        SplittableRandom root = new SplittableRandom(seed);
        this.random = root.split();
        this.startupPoints = startupPoints != null ? startupPoints
                : UnitPoints.uniform(space.dimensions(), root.nextLong());
    }

    @Override
    List<Proposal> nextBatch(int remaining) {
        int n = Math.min(params.batchSize(), remaining);
        List<Proposal> batch = new ArrayList<>();
        List<double[]> pending = new ArrayList<>();
        int observed = book.trials().size();
        while (batch.size() < n) {
            Optional<Proposal> p = observed + batch.size() < params.startup() || observed < 2
                    ? book.draw(startupPoints, List.of())
                    : modelled(pending);
            if (p.isEmpty()) {
                end();
                break;
            }
            batch.add(p.get());
            pending.add(p.get().point());
        }
        return batch;
    }

    private Optional<Proposal> modelled(List<double[]> pending) {
        List<Trial> ranked = new ArrayList<>(book.trials());
        ranked.sort(Comparator.comparingDouble((Trial t) -> Scores.score(score, t.observation()))
                .thenComparingLong(t -> t.proposal().id()));
        int nGood = Math.max(1, (int) Math.ceil(params.gamma() * ranked.size()));
        List<double[]> good = new ArrayList<>();
        List<double[]> bad = new ArrayList<>();
        for (int i = 0; i < ranked.size(); i++) {
            (i < nGood ? good : bad).add(ranked.get(i).proposal().point());
        }
        bad.addAll(pending);
        List<double[]> infeasible = book.infeasiblePoints();
        bad.addAll(infeasible.subList(Math.max(0, infeasible.size() - ranked.size()), infeasible.size()));

        int d = book.dimensions();
        ParzenEstimator[] l = new ParzenEstimator[d];
        ParzenEstimator[] g = new ParzenEstimator[d];
        for (int j = 0; j < d; j++) {
            l[j] = new ParzenEstimator(column(good, j), params.priorWeight(), params.bandwidth());
            g[j] = new ParzenEstimator(column(bad, j), params.priorWeight(), params.bandwidth());
        }
        int rounds = Math.max(1, ProposalBook.MAX_ATTEMPTS / params.candidates());
        for (int r = 0; r < rounds; r++) {
            double[][] xs = new double[params.candidates()][];
            double[] ratio = new double[params.candidates()];
            Integer[] order = new Integer[params.candidates()];
            for (int c = 0; c < xs.length; c++) {
                double[] x = new double[d];
                double logRatio = 0;
                for (int j = 0; j < d; j++) {
                    x[j] = l[j].sample(random);
                    logRatio += l[j].logDensity(x[j]) - g[j].logDensity(x[j]);
                }
                xs[c] = x;
                ratio[c] = logRatio;
                order[c] = c;
            }
            Arrays.sort(order, (a, b) -> ratio[a] != ratio[b] ? Double.compare(ratio[b], ratio[a])
                    : Integer.compare(a, b));
            for (int c : order) {
                Optional<Proposal> p = book.tryPropose(xs[c], List.of());
                if (p.isPresent()) {
                    return p;
                }
            }
        }
        // The model keeps landing on infeasible or known configurations: explore instead.
        return book.draw(startupPoints, List.of());
    }

    private static double[] column(List<double[]> points, int j) {
        double[] c = new double[points.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = points.get(i)[j];
        }
        return c;
    }
}
