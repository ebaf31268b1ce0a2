package dev.regtune.space.search;

import dev.regtune.space.UnitSpace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.jspecify.annotations.Nullable;

/**
 * Successive halving over kernels. Round 1 evaluates {@code initialConfigurations} sampled
 * configurations on a small prefix of the kernels (shuffled once by the seed); each next round
 * keeps the best {@code 1/eta} by mean score over every kernel they have seen and evaluates them
 * on {@code eta} times as many kernels, until one configuration is left or every kernel has been
 * used. Each round asks only for the kernels a survivor has not seen yet, so the same
 * (configuration, kernel) pair is never evaluated twice; survivors are proposed again under new
 * ids with those new kernels.
 *
 * <p>Scores of different kernels are averaged as they come: a driver whose objectives differ in
 * scale between kernels (spill bytes of a small and a large kernel) should normalise them first,
 * for example relative to the default configuration.
 */
public final class SuccessiveHalving extends RoundSearch {
    /**
     * @param initialConfigurations configurations of round 1
     * @param eta elimination factor: keep 1/eta, multiply kernels by eta (at least 2; default 3)
     * @param initialKernels kernels of round 1; 0 chooses them so that the last round, with one
     *     configuration left, would see every kernel
     */
    public record Params(int initialConfigurations, int eta, int initialKernels) {
        public Params {
            if (initialConfigurations < 1 || eta < 2 || initialKernels < 0) {
                throw new IllegalArgumentException("need initialConfigurations >= 1, eta >= 2, initialKernels >= 0");
            }
        }

        /** {@code n} configurations, eta 3, automatic initial kernels. */
        public static Params of(int initialConfigurations) {
            return new Params(initialConfigurations, 3, 0);
        }

        public Params withEta(int e) {
            return new Params(initialConfigurations, e, initialKernels);
        }

        public Params withInitialKernels(int k) {
            return new Params(initialConfigurations, eta, k);
        }
    }

    /** A configuration still in the race and everything observed of it so far. */
    private static final class Standing {
        final Proposal first;
        final TreeMap<String, double[]> perKernel = new TreeMap<>();
        double scoreSum;
        double @Nullable [] objectiveSum;
        int kernels;
        long lastId;
        boolean failed;

        Standing(Proposal first) {
            this.first = first;
            this.lastId = first.id();
        }

        double mean() {
            return failed || kernels == 0 ? Double.POSITIVE_INFINITY : scoreSum / kernels;
        }
    }

    private final Params params;
    private final List<String> kernelOrder;
    private final Supplier<double[]> points;
    private final Map<Long, Standing> byProposal = new TreeMap<>();
    private List<Standing> alive = new ArrayList<>();
    private final int initialKernels;
    private int kernelsSeen;
    private int kernelsThisRound;
    private int round;
    private long kernelEvaluations;

    /** Uniform points and kernel order from {@code seed}, scored by the first objective. */
    public SuccessiveHalving(UnitSpace space, List<String> kernels, Params params, long seed) {
        this(space, kernels, params, seed, UnitPoints.uniform(space.dimensions(), seed ^ 0x5DEECE66DL),
                Scores.first());
    }

    /**
     * @param kernels kernel ids, distinct; shuffled by {@code seed} so that a prefix is a random
     *     subset (pass them in a fixed order, e.g. sorted, for a reproducible run)
     * @param points the sampler of round-1 configurations
     * @param score scalar score of an objective vector, lower is better
     */
    public SuccessiveHalving(UnitSpace space, List<String> kernels, Params params, long seed,
            Supplier<double[]> points, ToDoubleFunction<double[]> score) {
        super(space, score, UNBOUNDED);
        if (kernels.isEmpty() || new HashSet<>(kernels).size() != kernels.size()) {
            throw new IllegalArgumentException("successive halving needs distinct kernel ids, at least one");
        }
        this.params = params;
        this.points = points;
        List<String> order = new ArrayList<>(kernels);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = order.get(i);
            order.set(i, order.get(j));
            order.set(j, t);
        }
        this.kernelOrder = List.copyOf(order);
        this.initialKernels = params.initialKernels() > 0
                ? Math.min(params.initialKernels(), kernels.size())
                : automaticInitialKernels(params.initialConfigurations(), params.eta(), kernels.size());
        this.kernelsThisRound = initialKernels;
    }

    /** {@code ceil(K / eta^R)} where R is the number of eliminations that leave one configuration. */
    static int automaticInitialKernels(int configurations, int eta, int kernels) {
        long scale = 1;
        for (int m = configurations; m > 1 && scale < kernels; m = Math.max(1, m / eta)) {
            scale *= eta;
        }
        return (int) Math.max(1, (kernels + scale - 1) / scale);
    }

    @Override
    List<Proposal> nextBatch(int remaining) {
        List<String> newKernels = kernelOrder.subList(kernelsSeen, kernelsThisRound);
        List<Proposal> batch = new ArrayList<>();
        if (round == 0) {
            while (batch.size() < params.initialConfigurations()) {
                Optional<Proposal> p = book.draw(points, newKernels);
                if (p.isEmpty()) {
                    break;
                }
                Standing s = new Standing(p.get());
                alive.add(s);
                byProposal.put(p.get().id(), s);
                batch.add(p.get());
            }
            if (batch.isEmpty()) {
                end();
            }
        } else {
            for (Standing s : alive) {
                Proposal p = book.reissue(s.first, newKernels);
                s.lastId = p.id();
                byProposal.put(p.id(), s);
                batch.add(p);
            }
        }
        kernelEvaluations += (long) batch.size() * newKernels.size();
        return batch;
    }

    @Override
    void roundClosed(List<Trial> results) {
        for (Trial t : results) {
            record(Objects.requireNonNull(byProposal.get(t.proposal().id())), t); // this search proposed it
        }
        kernelsSeen = kernelsThisRound;
        round++;
        if (alive.size() <= 1 || kernelsSeen >= kernelOrder.size()) {
            end();
            return;
        }
        List<Standing> ranked = new ArrayList<>(alive);
        ranked.sort(ranking());
        alive = new ArrayList<>(ranked.subList(0, Math.max(1, ranked.size() / params.eta())));
        kernelsThisRound = (int) Math.min(kernelOrder.size(), (long) kernelsThisRound * params.eta());
    }

    private Comparator<Standing> ranking() {
        return Comparator.comparingDouble(Standing::mean).thenComparingLong(s -> s.first.id());
    }

    private void record(Standing s, Trial t) {
        Observation o = t.observation();
        List<String> kernels = t.proposal().kernels();
        if (o.isFailure()) {
            s.failed = true;
            return;
        }
        Map<String, double[]> perKernel = o.perKernel();
        for (String k : kernels) {
            double[] v = perKernel.isEmpty() ? o.objectives() : perKernel.get(k);
            if (v == null) {
                s.failed = true; // a kernel asked for and not reported: cannot be compared fairly
                continue;
            }
            if (s.objectiveSum == null) {
                s.objectiveSum = new double[v.length];
            }
            for (int i = 0; i < Math.min(v.length, s.objectiveSum.length); i++) {
                s.objectiveSum[i] += v[i];
            }
            s.scoreSum += Scores.sanitize(score.applyAsDouble(v));
            s.kernels++;
            if (!perKernel.isEmpty()) {
                s.perKernel.put(k, v);
            }
        }
    }

    /** Kernels each round-1 configuration is evaluated on. */
    public int initialKernels() {
        return initialKernels;
    }

    /** (configuration, kernel) evaluations requested so far: the cost of the search. */
    public long kernelEvaluations() {
        return kernelEvaluations;
    }

    /** The kernel ids in the order rounds take them. */
    public List<String> kernelOrder() {
        return kernelOrder;
    }

    /**
     * The leader among the configurations that reached the latest round: a trial whose proposal
     * lists every kernel it was evaluated on (its id is the latest proposal of it) and whose
     * observation holds the mean objectives over them (and the per-kernel objectives when the
     * driver reported them).
     */
    @Override
    public Optional<Trial> best() {
        Optional<Standing> leader = alive.stream()
                .filter(s -> s.mean() < Double.POSITIVE_INFINITY)
                .min(ranking());
        return leader.map(s -> {
            List<String> seen = kernelOrder.subList(0, kernelsSeen);
            Proposal p = new Proposal(s.lastId, s.first.configuration(), s.first.point(), seen);
            double[] mean = s.objectiveSum == null ? new double[0] : s.objectiveSum.clone();
            for (int i = 0; i < mean.length; i++) {
                mean[i] /= s.kernels;
            }
            return new Trial(p, new Observation(s.lastId, mean, s.perKernel));
        });
    }

    /** Mean score over the kernels seen, of every configuration still in the race, best first. */
    public List<Double> survivorScores() {
        return alive.stream().sorted(ranking()).map(Standing::mean).toList();
    }
}
