package dev.regtune.job.calibrate;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.CorpusKernel;
import dev.regtune.job.fidelity.FoldAssignment;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.space.KnobSpace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Chooses a configuration by the loss against ptxas, with k-fold cross-validation.
 *
 * <p>The kernels' groups ({@link SplitBy}) are dealt into k folds by {@link FoldAssignment}. For
 * each fold, a configuration is chosen on the kernels of the other folds only: by
 * {@link Strategy#RANDOM} or {@link Strategy#SOBOL}, the candidate with the lowest loss on all of
 * them (the earlier candidate on a tie, so the default wins ties); by {@link Strategy#HALVING},
 * successive halving over files of those kernels (every candidate on a few files, the best third
 * on three times as many, ... until one is left), the loss of a round computed over the kernels
 * seen in it; by {@link Strategy#BAYES} or {@link Strategy#NSGA2}, an adaptive search of the space
 * ({@link SearchChoice}) that proposes its configurations from the losses on those kernels alone and
 * scores each on all of them. The chosen configuration is then scored on the fold's own kernels, which nothing of
 * the choice saw: the loss is only ever computed over the training kernels' outcomes (and their
 * ptxas figures). The held-out figures of all folds together are the cross-validated ones; the
 * final configuration is chosen the same way on every kernel.
 *
 * <p>Evaluations are cached per (file, configuration), so a configuration that several folds
 * consider is allocated once (an adaptive search adds the configurations it proposes to the
 * candidates, the same knobs to the same index); each batch of missing evaluations goes to the {@link ModelEvaluator}
 * (one Spark job) at once.
 */
public final class Calibration {
    /** How configurations are chosen. */
    public enum Strategy {
        /** Uniform random points of the space, every one on every training kernel. */
        RANDOM,
        /** Scrambled Sobol points, every one on every training kernel. */
        SOBOL,
        /** Sobol points raced by successive halving over files (eta 3). */
        HALVING,
        /**
         * A tree-structured Parzen estimator over the space's unit cube, one configuration per round,
         * each scored on every training kernel; minimises the weighted loss.
         */
        BAYES,
        /**
         * NSGA-II over the loss's weighted terms, a population per round, each configuration scored on
         * every training kernel; the configuration of the Pareto front with the lowest weighted loss wins.
         */
        NSGA2;

        /** The sampler drawing its points. */
        String sampler() {
            return this == RANDOM ? "random" : "sobol";
        }

        /**
         * Whether configurations are proposed round by round from the losses observed (bayes, nsga2)
         * rather than drawn before the run.
         */
        public boolean adaptive() {
            return this == BAYES || this == NSGA2;
        }
    }

    /** Successive halving keeps a third of the configurations per round and triples the files. */
    static final int ETA = 3;

    /**
     * The settings of a calibration.
     *
     * @param candidates the configurations, the base first
     * @param split what the folds hold out together
     * @param folds k, at least 2
     * @param strategy how each fold chooses
     * @param weights the objective
     * @param seed the seed of halving's file order and of the adaptive searches (fold f searches with
     *     seed + f, the final choice with seed + folds)
     * @param space the space an adaptive strategy searches (null for the others)
     * @param budget configurations an adaptive strategy evaluates per choice, besides the base
     */
    public record Request(List<Candidate> candidates, SplitBy split, int folds, Strategy strategy, LossWeights weights,
            long seed, @Nullable KnobSpace space, int budget) {
        public Request {
            candidates = List.copyOf(candidates);
            if (candidates.isEmpty()) {
                throw new IllegalArgumentException("a calibration needs the base configuration at least");
            }
            if (strategy.adaptive() && (space == null || budget < 1)) {
                throw new IllegalArgumentException(strategy + " needs a space and a budget of at least 1");
            }
            if (strategy == Strategy.NSGA2 && SearchChoice.terms(weights).length < 2) {
                throw new IllegalArgumentException("nsga2 trades terms of the loss off against each other, so the "
                        + "objective must weigh two terms at least, not '" + weights + "'");
            }
        }

        /** A request whose configurations are all drawn before the run (random, sobol, halving). */
        public Request(List<Candidate> candidates, SplitBy split, int folds, Strategy strategy, LossWeights weights,
                long seed) {
            this(candidates, split, folds, strategy, weights, seed, null, 0);
        }
    }

    /**
     * What one fold chose.
     *
     * @param fold 0 to k - 1
     * @param groups its groups (repositories, families or kernels), sorted
     * @param kernels how many kernel outcomes (entry x arch) it holds out
     * @param chosen the index of the configuration chosen on the other folds
     * @param trainingLosses the loss on the other folds' kernels of every configuration evaluated on
     *     all of them, by index
     * @param heldOut the chosen configuration's figures on this fold's kernels
     * @param defaultHeldOut the base configuration's figures on this fold's kernels
     */
    public record Fold(int fold, List<String> groups, int kernels, int chosen, Map<Integer, Double> trainingLosses,
            GroupFigures heldOut, GroupFigures defaultHeldOut) {
    }

    /**
     * A calibration's outcome.
     *
     * @param candidates the configurations, by index
     * @param folds one per fold
     * @param chosen the final configuration's index, chosen on every kernel
     * @param chosenFigures its figures on every kernel
     * @param losses the loss on every kernel of each configuration evaluated on all of them, by index
     * @param figures the figures on every kernel of those configurations, by index
     * @param crossValidated the held-out figures of every fold's choice together
     * @param defaultFigures the base configuration's figures on every kernel
     * @param finalOutcomes the final configuration's outcomes, per corpus (what {@code fidelity
     *     --profile} compares)
     * @param defaultOutcomes the base configuration's outcomes, per corpus
     * @param outcomesOf every configuration evaluated on every kernel: its outcomes over all corpora
     * @param front for nsga2 the final choice's Pareto front over the weighted terms (configuration
     *     indices, ascending; the chosen one among them); empty for the other strategies
     */
    public record Result(List<Candidate> candidates, List<Fold> folds, int chosen, GroupFigures chosenFigures,
            Map<Integer, Double> losses,
            Map<Integer, GroupFigures> figures, GroupFigures crossValidated, GroupFigures defaultFigures,
            List<List<KernelOutcome>> finalOutcomes, List<List<KernelOutcome>> defaultOutcomes,
            Map<Integer, List<KernelOutcome>> outcomesOf, List<Integer> front) {
    }

    private final CaseSlots slots;
    private EvaluationPlan plan;
    private final List<Candidate> candidates;
    private final Map<Knobs, Integer> candidateIndex = new HashMap<>();
    private List<Integer> lastFront = List.of();
    private final ModelEvaluator evaluator;
    private final Request request;
    private final Consumer<String> progress;
    private final Map<Integer, Map<String, ModelRow>> rows = new HashMap<>();
    private final Map<Integer, Set<Integer>> evaluated = new HashMap<>();
    private long evaluations;

    /**
     * @param progress receives a line per batch of evaluations sent to the evaluator
     */
    public Calibration(CaseSlots slots, EvaluationPlan plan, ModelEvaluator evaluator, Request request,
            Consumer<String> progress) {
        if (request.candidates().size() != plan.configurations()) {
            throw new IllegalArgumentException("the plan holds " + plan.configurations() + " configurations, the "
                    + "request " + request.candidates().size());
        }
        this.slots = slots;
        this.plan = plan;
        this.candidates = new ArrayList<>(request.candidates());
        for (int c = 0; c < candidates.size(); c++) {
            candidateIndex.putIfAbsent(candidates.get(c).knobs(), c);
        }
        this.evaluator = evaluator;
        this.request = request;
        this.progress = progress;
    }

    /** How many terms of the loss an objective weighs (nsga2's objectives). */
    public static int objectiveTerms(LossWeights weights) {
        return SearchChoice.terms(weights).length;
    }

    /** The names of the terms an objective weighs, comma-separated: "mape, f1, bytes". */
    public static String objectiveTermNames(LossWeights weights) {
        List<String> names = new ArrayList<>();
        for (int i : SearchChoice.terms(weights)) {
            names.add(LossWeights.TERMS.get(i));
        }
        return String.join(", ", names);
    }

    /** (file, configuration) evaluations run so far. */
    public long evaluations() {
        return evaluations;
    }

    /**
     * Runs the cross-validation and the final choice.
     *
     * @throws IllegalArgumentException when there are fewer groups than folds
     */
    public Result run() {
        List<String> corpora = slots.corpusNames();
        TreeMap<String, Integer> perGroup = new TreeMap<>();
        for (int c = 0; c < corpora.size(); c++) {
            for (CorpusKernel k : slots.kernels(c)) {
                perGroup.merge(request.split().group(corpora.get(c), k), 1, Integer::sum);
            }
        }
        FoldAssignment assignment = FoldAssignment.of(perGroup, request.folds());
        List<Fold> folds = new ArrayList<>();
        Map<String, KernelOutcome> predicted = new HashMap<>();
        for (int f = 0; f < request.folds(); f++) {
            int fold = f;
            BiPredicate<Integer, CorpusKernel> train = (c, k) -> assignment.fold(
                    request.split().group(corpora.get(c), k)) != fold;
            BiPredicate<Integer, CorpusKernel> test = train.negate();
            Map<Integer, Double> trainingLosses = new TreeMap<>();
            int chosen = choose(train, request.seed() + fold, trainingLosses);
            List<List<KernelOutcome>> heldOut = outcomes(chosen, test);
            List<List<KernelOutcome>> defaultHeldOut = outcomes(0, test);
            for (int c = 0; c < heldOut.size(); c++) {
                for (KernelOutcome o : heldOut.get(c)) {
                    predicted.put(c + "\u0000" + key(o), o);
                }
            }
            int kernels = heldOut.stream().mapToInt(List::size).sum();
            folds.add(new Fold(fold, assignment.repos(fold), kernels, chosen, trainingLosses,
                    figures(flat(heldOut), chosen), figures(flat(defaultHeldOut), 0)));
        }
        BiPredicate<Integer, CorpusKernel> all = (c, k) -> true;
        Map<Integer, Double> losses = new TreeMap<>();
        int chosen = choose(all, request.seed() + request.folds(), losses);
        List<Integer> front = lastFront;
        List<List<KernelOutcome>> finalOutcomes = outcomes(chosen, all);
        List<List<KernelOutcome>> defaultOutcomes = outcomes(0, all);
        List<KernelOutcome> pooled = new ArrayList<>();
        for (int c = 0; c < defaultOutcomes.size(); c++) {
            for (KernelOutcome o : defaultOutcomes.get(c)) {
                pooled.add(predicted.get(c + "\u0000" + key(o)));
            }
        }
        Map<Integer, GroupFigures> figures = new TreeMap<>();
        Map<Integer, List<KernelOutcome>> outcomesOf = new TreeMap<>();
        for (int c : losses.keySet()) { // every configuration evaluated on every kernel
            List<KernelOutcome> o = flat(outcomes(c, all));
            outcomesOf.put(c, o);
            figures.put(c, figures(o, c));
        }
        return new Result(List.copyOf(candidates), folds, chosen, figures(flat(finalOutcomes), chosen), losses,
                figures, GroupFigures.model(pooled, 0, "cross-validated"), figures(flat(defaultOutcomes), 0),
                finalOutcomes, defaultOutcomes, outcomesOf, front);
    }

    private static String key(KernelOutcome o) {
        return o.kernel().file() + "\u0000" + o.kernel().entry() + "\u0000" + o.kernel().arch();
    }

    /** The loss of figures under the request's weights. */
    public double loss(GroupFigures f) {
        return CalibrationLoss.of(f, request.weights());
    }

    private GroupFigures figures(List<KernelOutcome> outcomes, int config) {
        return GroupFigures.model(outcomes, 0, candidates.get(config).name());
    }

    private static List<KernelOutcome> flat(List<List<KernelOutcome>> perCorpus) {
        return perCorpus.stream().flatMap(List::stream).toList();
    }

    /** The chosen configuration's index; {@code losses} receives every loss over all of {@code kernels}. */
    private int choose(BiPredicate<Integer, CorpusKernel> kernels, long seed, Map<Integer, Double> losses) {
        List<Integer> files = filesOf(kernels);
        if (request.strategy().adaptive()) {
            return search(kernels, files, seed, losses);
        }
        List<Integer> every = new ArrayList<>();
        for (int c = 0; c < request.candidates().size(); c++) {
            every.add(c);
        }
        if (request.strategy() != Strategy.HALVING) {
            ensure(every, files);
            int best = 0;
            double bestLoss = Double.POSITIVE_INFINITY;
            for (int c : every) {
                double l = loss(figures(flat(outcomes(c, kernels)), c));
                losses.put(c, l);
                if (l < bestLoss) {
                    best = c;
                    bestLoss = l;
                }
            }
            return best;
        }
        List<Integer> order = new ArrayList<>(files);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = order.get(i);
            order.set(i, order.get(j));
            order.set(j, t);
        }
        int rounds = 1;
        for (long n = ETA; n < every.size(); n *= ETA) {
            rounds++;
        }
        double share = Math.pow(ETA, rounds - 1);
        int n = Math.max(1, (int) Math.ceil(order.size() / share));
        List<Integer> alive = every;
        while (true) {
            Set<Integer> seen = new TreeSet<>(order.subList(0, n));
            ensure(alive, List.copyOf(seen));
            BiPredicate<Integer, CorpusKernel> round = (c, k) -> kernels.test(c, k)
                    && seen.contains(slots.fileOf(c, k));
            Map<Integer, Double> roundLoss = new HashMap<>();
            for (int c : alive) {
                roundLoss.put(c, loss(figures(flat(outcomes(c, round)), c)));
            }
            if (n == order.size()) {
                roundLoss.forEach(losses::put);
            }
            List<Integer> ranked = new ArrayList<>(alive);
            ranked.sort(Comparator.comparingDouble((Integer c) -> roundLoss.get(c)).thenComparing(c -> c));
            if (alive.size() == 1) {
                if (n < order.size()) {
                    n = order.size(); // the winner's loss on every training kernel, for the report
                    continue;
                }
                return alive.get(0);
            }
            alive = ranked.subList(0, Math.max(1, (alive.size() + ETA - 1) / ETA));
            alive = List.copyOf(alive);
            n = Math.min(order.size(), n * ETA);
        }
    }

    /** One adaptive search on the kernels accepted; every configuration it scores is scored on all of them. */
    private int search(BiPredicate<Integer, CorpusKernel> kernels, List<Integer> files, long seed,
            Map<Integer, Double> losses) {
        Knobs base = candidates.get(0).knobs();
        SearchChoice.Scorer scorer = new SearchChoice.Scorer() {
            @Override
            public int candidate(Knobs knobs) {
                return candidateIndex.computeIfAbsent(knobs, k -> {
                    candidates.add(Candidate.of("c" + candidates.size(), k, base));
                    plan = plan.withConfigurations(candidates.stream().map(Candidate::knobs).toList());
                    return candidates.size() - 1;
                });
            }

            @Override
            public Map<Integer, GroupFigures> figures(List<Integer> configs) {
                ensure(configs, files);
                Map<Integer, GroupFigures> f = new TreeMap<>();
                for (int c : configs) {
                    f.put(c, Calibration.this.figures(flat(outcomes(c, kernels)), c));
                }
                return f;
            }
        };
        SearchChoice.Choice choice = SearchChoice.run(request.strategy(), Objects.requireNonNull(request.space()),
                base, request.budget(), seed, request.weights(), scorer);
        losses.putAll(choice.losses());
        lastFront = choice.front();
        return choice.chosen();
    }

    /** The files of the kernels a predicate accepts (those that parsed), in index order. */
    private List<Integer> filesOf(BiPredicate<Integer, CorpusKernel> kernels) {
        Set<Integer> files = new TreeSet<>();
        List<String> corpora = slots.corpusNames();
        for (int c = 0; c < corpora.size(); c++) {
            for (CorpusKernel k : slots.kernels(c)) {
                int f = slots.fileOf(c, k);
                if (f >= 0 && kernels.test(c, k)) {
                    files.add(f);
                }
            }
        }
        return List.copyOf(files);
    }

    /** The outcomes of a configuration on the kernels accepted, per corpus; evaluates what is missing first. */
    private List<List<KernelOutcome>> outcomes(int config, BiPredicate<Integer, CorpusKernel> kernels) {
        ensure(List.of(config), filesOf(kernels));
        String allocator = KnobCatalogue.ALLOCATOR.format(
                candidates.get(config).knobs().get(KnobCatalogue.ALLOCATOR));
        return slots.outcomes(allocator, rows.getOrDefault(config, Map.of()), kernels,
                evaluated.getOrDefault(config, Set.of()));
    }

    /** Evaluates the (file, configuration) pairs not evaluated yet, in one batch. */
    private void ensure(List<Integer> configs, List<Integer> files) {
        List<int[]> missing = new ArrayList<>();
        for (int c : configs) {
            Set<Integer> done = evaluated.getOrDefault(c, Set.of());
            for (int f : files) {
                if (!done.contains(f)) {
                    missing.add(new int[] {f, c});
                }
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        progress.accept("evaluating " + missing.size() + " (file, configuration) pairs: "
                + configs.size() + " configurations on " + files.size() + " files");
        for (ModelRow r : evaluator.evaluate(plan, missing)) {
            rows.computeIfAbsent(r.config(), k -> new HashMap<>()).put(r.key(), r);
        }
        for (int[] p : missing) {
            evaluated.computeIfAbsent(p[1], k -> new TreeSet<>()).add(p[0]);
        }
        evaluations += missing.size();
    }
}
