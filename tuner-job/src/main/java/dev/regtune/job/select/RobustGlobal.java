package dev.regtune.job.select;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Chooses the robust global configuration ({@link GlobalChoice}) in one pass over the training
 * kernels' rows: each OK row adds its log-ratios to its configuration's sums; a configuration
 * qualifies when it collected one row per training kernel. Comparing the sums is comparing the
 * geometric means, since every candidate is scored over the same kernels.
 */
final class RobustGlobal {
    private RobustGlobal() {
    }

    static Optional<GlobalChoice> choose(ObjectiveValues v, RatioScores scores, List<Integer> train,
            List<Integer> test) {
        ResultTable t = v.table();
        int configs = t.configs().size();
        int n = v.components();
        double[] logSum = new double[configs * n];
        int[] ok = new int[configs];
        for (int k : train) {
            for (int r = t.firstRow(k); r < t.endRow(k); r++) {
                if (v.feasible(r)) {
                    int c = t.configOf(r);
                    ok[c]++;
                    for (int j = 0; j < n; j++) {
                        logSum[c * n + j] += scores.logRatio(k, r, j);
                    }
                }
            }
        }
        int best = -1;
        int candidates = 0;
        for (int c = 0; c < configs; c++) {
            if (train.isEmpty() || ok[c] != train.size()) {
                continue;
            }
            candidates++;
            if (best < 0 || lower(logSum, c, best, n, t)) {
                best = c;
            }
        }
        if (best < 0) {
            return Optional.empty();
        }
        OptionalInt d = t.defaultConfig();
        return Optional.of(new GlobalChoice(t.configs().get(best), candidates, scores.score(best, train),
                scores.score(best, test), improvement(scores, best, d, train), improvement(scores, best, d, test)));
    }

    private static boolean lower(double[] logSum, int a, int b, int n, ResultTable t) {
        for (int j = 0; j < n; j++) {
            int c = Double.compare(logSum[a * n + j], logSum[b * n + j]);
            if (c != 0) {
                return c < 0;
            }
        }
        // A tie goes to the configuration changing fewest values (the defaults, when nothing beats
        // them), then to the lower config_id, which was seen first.
        return t.configs().get(a).changeCount() < t.configs().get(b).changeCount();
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
