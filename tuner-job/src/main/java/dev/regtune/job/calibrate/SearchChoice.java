package dev.regtune.job.calibrate;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.search.Observation;
import dev.regtune.space.search.Pareto;
import dev.regtune.space.search.Proposal;
import dev.regtune.space.search.SearchStrategy;
import dev.regtune.space.search.Strategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * One choice of an adaptive strategy ({@link Calibration.Strategy#BAYES}, {@link Calibration.Strategy#NSGA2})
 * on one set of training kernels: the search of knob-space ({@link Strategy#BAYES}, a tree-structured
 * Parzen estimator, or {@link Strategy#NSGA2}) proposes configurations of the space's unit cube round
 * by round, each decoded over the base knobs ({@link Candidates#apply}) and scored by the loss's terms
 * on every training kernel; a round's configurations are evaluated as one batch. The searches are
 * knob-space's own, so calibrate and {@code sweep --strategy} run the same algorithms; their
 * randomness comes from the seed only.
 *
 * <p>The base configuration is scored first and competes with every proposal. Bayes chooses the
 * configuration with the lowest weighted loss. NSGA-II minimises the terms the objective weighs as
 * separate objectives; its choice is the configuration of the Pareto front (over every configuration
 * scored, the base included) with the lowest weighted loss. Ties go to the lower candidate index, so
 * the base wins a tie. A proposal whose knobs equal a configuration already scored (a space dimension
 * a calibration ignores: arch, maxrregcount, launch bounds) costs no evaluation but uses the budget.
 */
final class SearchChoice {
    /** What a search needs of the calibration running it. */
    interface Scorer {
        /** The index of the candidate with these knobs, added when new. */
        int candidate(Knobs knobs);

        /** The figures on the training kernels of each configuration, evaluated in one batch where missing. */
        Map<Integer, GroupFigures> figures(List<Integer> configs);
    }

    /**
     * A search's outcome.
     *
     * @param chosen the configuration chosen
     * @param losses the weighted loss of every configuration scored, by index
     * @param front for nsga2 the Pareto front of the configurations scored, by index; empty for bayes
     */
    record Choice(int chosen, Map<Integer, Double> losses, List<Integer> front) {
    }

    private SearchChoice() {
    }

    /** The indices (in {@link LossWeights#TERMS} order) of the terms the objective weighs. */
    static int[] terms(LossWeights weights) {
        List<Integer> t = new ArrayList<>();
        for (int i = 0; i < LossWeights.TERMS.size(); i++) {
            if (weights.weight(i) > 0) {
                t.add(i);
            }
        }
        return t.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Runs one search to its budget.
     *
     * @param strategy bayes or nsga2
     * @param budget configurations to propose, besides the base (index 0)
     */
    static Choice run(Calibration.Strategy strategy, KnobSpace space, Knobs base, int budget, long seed,
            LossWeights weights, Scorer scorer) {
        int[] terms = strategy == Calibration.Strategy.NSGA2 ? terms(weights) : allTerms();
        double[] w = new double[terms.length];
        for (int i = 0; i < terms.length; i++) {
            w[i] = weights.weight(terms[i]);
        }
        ToDoubleFunction<double[]> score = v -> {
            double s = 0;
            for (int i = 0; i < w.length; i++) {
                s += w[i] * v[i];
            }
            return s;
        };
        Strategy search = switch (strategy) {
            case BAYES -> Strategy.BAYES;
            case NSGA2 -> Strategy.NSGA2;
            default -> throw new IllegalArgumentException(strategy + " is not an adaptive strategy");
        };
        SearchStrategy s = search.create(new Strategy.Setup(space, List.of(), budget, seed, score));
        Map<Integer, double[]> scored = new TreeMap<>();
        scored.put(0, objectives(Objects.requireNonNull(scorer.figures(List.of(0)).get(0)), terms));
        while (!s.done()) {
            List<Proposal> batch = s.propose();
            List<Integer> configs = new ArrayList<>();
            for (Proposal p : batch) {
                configs.add(scorer.candidate(Candidates.apply(base, p.configuration())));
            }
            Map<Integer, GroupFigures> figures = scorer.figures(List.copyOf(new TreeSet<>(configs)));
            List<Observation> observed = new ArrayList<>();
            for (int i = 0; i < batch.size(); i++) {
                double[] v = objectives(Objects.requireNonNull(figures.get(configs.get(i))), terms);
                scored.put(configs.get(i), v);
                observed.add(Observation.of(batch.get(i).id(), v));
            }
            s.observe(observed);
        }
        Map<Integer, Double> losses = new TreeMap<>();
        double[] loss = new double[scored.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1];
        scored.forEach((c, v) -> {
            losses.put(c, score.applyAsDouble(v));
            loss[c] = score.applyAsDouble(v);
        });
        List<Integer> eligible = new ArrayList<>(scored.keySet());
        List<Integer> front = List.of();
        if (strategy == Calibration.Strategy.NSGA2) {
            List<double[]> points = eligible.stream().map(scored::get).toList();
            List<Integer> f = new ArrayList<>();
            for (int i : Pareto.nonDominatedSort(points).get(0)) {
                f.add(eligible.get(i));
            }
            f.sort(Integer::compare);
            front = List.copyOf(f);
            eligible = front;
        }
        int best = eligible.get(0);
        for (int c : eligible) {
            if (loss[c] < loss[best]) {
                best = c;
            }
        }
        return new Choice(best, losses, front);
    }

    private static int[] allTerms() {
        int[] t = new int[LossWeights.TERMS.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = i;
        }
        return t;
    }

    private static double[] objectives(GroupFigures f, int[] terms) {
        double[] all = CalibrationLoss.terms(f);
        double[] v = new double[terms.length];
        for (int i = 0; i < terms.length; i++) {
            v[i] = all[terms[i]];
        }
        return v;
    }
}
