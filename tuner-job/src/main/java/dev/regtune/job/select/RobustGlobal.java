package dev.regtune.job.select;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Chooses the robust global configuration ({@link GlobalChoice}) in one pass over the training
 * kernels' rows: each OK row adds its log-ratios to its configuration's sums, and each training
 * kernel a configuration failed on (any status but OK, or no value of the objective) or was not
 * evaluated on adds {@code log(FAILURE_PENALTY)} to every component instead. Comparing the sums is
 * comparing geometric means over the same kernels, so every configuration that was evaluated on a
 * training kernel is a candidate, and a real sweep (where budgets that are too tight fail on some
 * kernels) always has a choice: one failure costs as much as being ten times worse than the best
 * on one kernel, so a configuration OK everywhere wins unless the others beat it by more than that.
 */
final class RobustGlobal {
    /** The ratio to a kernel's best that a failed or missing evaluation counts as. */
    static final double FAILURE_PENALTY = 10.0;
    /** How many candidates {@link GlobalChoice#ranking()} lists. */
    static final int RANKED = 5;

    private RobustGlobal() {
    }

    static Optional<GlobalChoice> choose(ObjectiveValues v, RatioScores scores, List<Integer> train,
            List<Integer> test) {
        ResultTable t = v.table();
        int configs = t.configs().size();
        int n = v.components();
        double[] logSum = new double[configs * n];
        int[] ok = new int[configs];
        boolean[] seen = new boolean[configs];
        for (int k : train) {
            for (int r = t.firstRow(k); r < t.endRow(k); r++) {
                int c = t.configOf(r);
                seen[c] = true;
                if (v.feasible(r)) {
                    ok[c]++;
                    for (int j = 0; j < n; j++) {
                        logSum[c * n + j] += scores.logRatio(k, r, j);
                    }
                }
            }
        }
        double penalty = Math.log(FAILURE_PENALTY);
        List<Integer> candidates = new ArrayList<>();
        int complete = 0;
        for (int c = 0; c < configs; c++) {
            if (!seen[c] || ok[c] == 0) {
                continue;
            }
            for (int j = 0; j < n; j++) {
                logSum[c * n + j] += (train.size() - ok[c]) * penalty;
            }
            candidates.add(c);
            complete += ok[c] == train.size() ? 1 : 0;
        }
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        candidates.sort(order(logSum, n, t));
        int best = candidates.get(0);
        List<GlobalChoice.Candidate> ranking = new ArrayList<>();
        for (int c : candidates.subList(0, Math.min(RANKED, candidates.size()))) {
            ranking.add(new GlobalChoice.Candidate(t.configs().get(c), train.size() - ok[c],
                    Math.exp(logSum[c * n] / train.size())));
        }
        OptionalInt d = t.defaultConfig();
        return Optional.of(new GlobalChoice(t.configs().get(best), candidates.size(), complete,
                scores.score(best, train), scores.score(best, test), improvement(scores, best, d, train),
                improvement(scores, best, d, test), ranking));
    }

    /**
     * Lower penalised sums first, component by component; a tie goes to the configuration changing
     * fewest values (the defaults, when nothing beats them), then to the lower config_id.
     */
    private static Comparator<Integer> order(double[] logSum, int n, ResultTable t) {
        return (a, b) -> {
            for (int j = 0; j < n; j++) {
                int c = Double.compare(logSum[a * n + j], logSum[b * n + j]);
                if (c != 0) {
                    return c;
                }
            }
            int c = Integer.compare(t.configs().get(a).changeCount(), t.configs().get(b).changeCount());
            return c != 0 ? c : Integer.compare(a, b);
        };
    }

    private static OptionalDouble improvement(RatioScores scores, int chosen, OptionalInt baseline,
            List<Integer> kernels) {
        if (baseline.isEmpty()) {
            return OptionalDouble.empty();
        }
        double i = scores.improvement(chosen, baseline.getAsInt(), kernels);
        return Double.isNaN(i) ? OptionalDouble.empty() : OptionalDouble.of(i);
    }
}
