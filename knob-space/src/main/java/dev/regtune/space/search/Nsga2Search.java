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
 * NSGA-II (Deb, Pratap, Agarwal, Meyarivan 2002) for several objectives at once, on the unit
 * cube. Round 1 proposes a population of sampled points; each later round proposes as many
 * offspring, bred by binary tournament (lower front, then larger crowding distance), simulated
 * binary crossover and polynomial mutation, clamped to [0, 1). After each round parents and
 * offspring are sorted into non-dominated fronts and the best {@code populationSize} survive,
 * the last front cut by crowding distance. A child that decodes to an infeasible or already
 * proposed configuration is bred again; after {@link ProposalBook#MAX_ATTEMPTS} misses in a row
 * a sampled point is used instead.
 *
 * <p>Every observation must have the same number of objectives; failures count as infinitely bad
 * in every objective.
 */
public final class Nsga2Search extends RoundSearch {
    /**
     * @param populationSize parents kept, and offspring proposed per round (at least 2)
     * @param budget configurations to evaluate in total
     * @param crossoverProbability probability a pair of parents is crossed over (default 0.9)
     * @param crossoverIndex SBX distribution index; larger keeps children near parents (default 15)
     * @param mutationIndex polynomial mutation distribution index (default 20)
     * @param mutationProbability per-coordinate mutation probability; 0 for 1/dimensions (default)
     */
    public record Params(int populationSize, int budget, double crossoverProbability, double crossoverIndex,
            double mutationIndex, double mutationProbability) {
        public Params {
            if (populationSize < 2 || budget < 1) {
                throw new IllegalArgumentException("population size must be at least 2 and budget positive");
            }
            if (!(crossoverProbability >= 0 && crossoverProbability <= 1)
                    || !(mutationProbability >= 0 && mutationProbability <= 1)
                    || !(crossoverIndex >= 0) || !(mutationIndex >= 0)) {
                throw new IllegalArgumentException("probabilities must be in [0, 1] and indices non-negative");
            }
        }

        /** The defaults: crossover 0.9 with index 15, mutation 1/d with index 20. */
        public static Params of(int populationSize, int budget) {
            return new Params(populationSize, budget, 0.9, 15, 20, 0);
        }

        public Params withCrossover(double probability, double index) {
            return new Params(populationSize, budget, probability, index, mutationIndex, mutationProbability);
        }

        public Params withMutation(double probability, double index) {
            return new Params(populationSize, budget, crossoverProbability, crossoverIndex, index, probability);
        }
    }

    /** A member of the population. */
    private record Member(Trial trial, double[] objectives, int rank, double crowding) {
        double[] point() {
            return trial.proposal().point();
        }
    }

    private final Params params;
    private final SplittableRandom random;
    private final Supplier<double[]> initialPoints;
    private final double mutationProbability;
    private List<Member> population = List.of();
    private int objectiveCount = -1;

    /** Uniform initial points and variation from {@code seed}; {@link #best()} by the first objective. */
    public Nsga2Search(UnitSpace space, Params params, long seed) {
        this(space, params, seed, null, Scores.first());
    }

    /**
     * @param initialPoints sampler of the first population (and of fallbacks); null for uniform
     * @param score the scalar score {@link #best()} ranks by
     */
    public Nsga2Search(UnitSpace space, Params params, long seed, @Nullable Supplier<double[]> initialPoints,
            ToDoubleFunction<double[]> score) {
        super(space, score, params.budget());
        this.params = params;
        SplittableRandom root = new SplittableRandom(seed);
        this.random = root.split();
        this.initialPoints = initialPoints != null ? initialPoints
                : UnitPoints.uniform(space.dimensions(), root.nextLong());
        this.mutationProbability = params.mutationProbability() > 0 ? params.mutationProbability()
                : 1.0 / Math.max(1, space.dimensions());
    }

    @Override
    List<Proposal> nextBatch(int remaining) {
        int n = Math.min(params.populationSize(), remaining);
        List<Proposal> batch = new ArrayList<>();
        int misses = 0;
        while (batch.size() < n) {
            if (population.isEmpty() || misses >= ProposalBook.MAX_ATTEMPTS) {
                Optional<Proposal> p = book.draw(initialPoints, List.of());
                if (p.isEmpty()) {
                    end();
                    break;
                }
                batch.add(p.get());
                misses = 0;
                continue;
            }
            for (double[] child : breed()) {
                if (batch.size() == n) {
                    break;
                }
                Optional<Proposal> p = book.tryPropose(child, List.of());
                if (p.isPresent()) {
                    batch.add(p.get());
                    misses = 0;
                } else {
                    misses++;
                }
            }
        }
        return batch;
    }

    /** Two children of two tournament winners. */
    private double[][] breed() {
        double[] a = tournament().point();
        double[] b = tournament().point();
        double[][] children = random.nextDouble() < params.crossoverProbability()
                ? simulatedBinaryCrossover(a, b) : new double[][] {a, b};
        for (double[] c : children) {
            polynomialMutation(c);
        }
        return children;
    }

    private Member tournament() {
        int n = population.size();
        int i = random.nextInt(n);
        int j = n > 1 ? (i + 1 + random.nextInt(n - 1)) % n : i;
        Member a = population.get(i);
        Member b = population.get(j);
        if (a.rank() != b.rank()) {
            return a.rank() < b.rank() ? a : b;
        }
        if (a.crowding() != b.crowding()) {
            return a.crowding() > b.crowding() ? a : b;
        }
        return i <= j ? a : b;
    }

    /** SBX with bounds [0, 1] as in Deb's reference implementation. */
    private double[][] simulatedBinaryCrossover(double[] p1, double[] p2) {
        double eta = params.crossoverIndex();
        double[] c1 = p1.clone();
        double[] c2 = p2.clone();
        for (int k = 0; k < p1.length; k++) {
            if (random.nextDouble() > 0.5 || Math.abs(p1[k] - p2[k]) <= 1e-14) {
                continue;
            }
            double y1 = Math.min(p1[k], p2[k]);
            double y2 = Math.max(p1[k], p2[k]);
            double u = random.nextDouble();
            double beta = 1.0 + 2.0 * y1 / (y2 - y1);
            double low = 0.5 * ((y1 + y2) - spread(beta, u, eta) * (y2 - y1));
            beta = 1.0 + 2.0 * (1.0 - y2) / (y2 - y1);
            double high = 0.5 * ((y1 + y2) + spread(beta, u, eta) * (y2 - y1));
            low = UnitPoints.clamp(low);
            high = UnitPoints.clamp(high);
            if (random.nextDouble() < 0.5) {
                c1[k] = high;
                c2[k] = low;
            } else {
                c1[k] = low;
                c2[k] = high;
            }
        }
        return new double[][] {c1, c2};
    }

    private static double spread(double beta, double u, double eta) {
        double alpha = 2.0 - Math.pow(beta, -(eta + 1.0));
        return u <= 1.0 / alpha
                ? Math.pow(u * alpha, 1.0 / (eta + 1.0))
                : Math.pow(1.0 / (2.0 - u * alpha), 1.0 / (eta + 1.0));
    }

    /** Deb's bounded polynomial mutation on [0, 1], in place. */
    private void polynomialMutation(double[] x) {
        double eta = params.mutationIndex();
        double power = 1.0 / (eta + 1.0);
        for (int k = 0; k < x.length; k++) {
            if (random.nextDouble() >= mutationProbability) {
                continue;
            }
            double y = x[k];
            double u = random.nextDouble();
            double delta;
            if (u < 0.5) {
                double xy = 1.0 - y;
                double val = 2.0 * u + (1.0 - 2.0 * u) * Math.pow(xy, eta + 1.0);
                delta = Math.pow(val, power) - 1.0;
            } else {
                double xy = y; // 1 - (1 - y)
                double val = 2.0 * (1.0 - u) + 2.0 * (u - 0.5) * Math.pow(xy, eta + 1.0);
                delta = 1.0 - Math.pow(val, power);
            }
            x[k] = UnitPoints.clamp(y + delta);
        }
    }

    @Override
    void roundClosed(List<Trial> round) {
        for (Trial t : round) {
            if (!t.observation().isFailure()) {
                int m = t.observation().objectives().length;
                if (objectiveCount < 0) {
                    objectiveCount = m;
                } else if (m != objectiveCount) {
                    throw new IllegalArgumentException("observation of proposal " + t.proposal().id() + " has "
                            + m + " objectives, earlier ones had " + objectiveCount);
                }
            }
        }
        List<Trial> combined = new ArrayList<>();
        for (Member m : population) {
            combined.add(m.trial());
        }
        combined.addAll(round);
        population = survivors(combined);
    }

    private double[] objectivesOf(Trial t) {
        if (t.observation().isFailure()) {
            double[] inf = new double[Math.max(1, objectiveCount)];
            Arrays.fill(inf, Double.POSITIVE_INFINITY);
            return inf;
        }
        double[] v = t.observation().objectives();
        for (int i = 0; i < v.length; i++) {
            v[i] = Scores.sanitize(v[i]);
        }
        return v;
    }

    /** Environmental selection: whole fronts while they fit, then the most crowded-apart. */
    private List<Member> survivors(List<Trial> combined) {
        List<double[]> objectives = new ArrayList<>();
        for (Trial t : combined) {
            objectives.add(objectivesOf(t));
        }
        List<Member> next = new ArrayList<>();
        List<int[]> fronts = Pareto.nonDominatedSort(objectives);
        for (int rank = 0; rank < fronts.size() && next.size() < params.populationSize(); rank++) {
            int[] front = fronts.get(rank);
            double[] crowding = Pareto.crowdingDistance(objectives, front);
            Integer[] order = new Integer[front.length];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            Arrays.sort(order, (a, b) -> crowding[a] != crowding[b] ? Double.compare(crowding[b], crowding[a])
                    : Integer.compare(a, b));
            for (int i : order) {
                if (next.size() == params.populationSize()) {
                    break;
                }
                next.add(new Member(combined.get(front[i]), objectives.get(front[i]), rank, crowding[i]));
            }
        }
        return List.copyOf(next);
    }

    /**
     * The non-dominated trials among everything observed so far (failures excluded), by
     * increasing first objective, then id. Trials with identical objectives are all kept.
     */
    public List<Trial> paretoFront() {
        List<Trial> ok = book.trials().stream().filter(t -> !t.observation().isFailure()).toList();
        List<double[]> objectives = ok.stream().map(this::objectivesOf).toList();
        List<Trial> front = new ArrayList<>();
        if (!ok.isEmpty()) {
            for (int i : Pareto.nonDominatedSort(objectives).get(0)) {
                front.add(ok.get(i));
            }
        }
        front.sort(Comparator.comparingDouble((Trial t) -> t.observation().objective(0))
                .thenComparingLong(t -> t.proposal().id()));
        return front;
    }

    /** The current parents, in selection order. */
    public List<Trial> population() {
        return population.stream().map(Member::trial).toList();
    }
}
