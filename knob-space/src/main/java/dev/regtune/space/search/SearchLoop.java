package dev.regtune.space.search;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The driver loop run in-process: local mode, tests and simulations. The Spark job runs the same
 * loop with each batch evaluated on executors.
 */
public final class SearchLoop {
    private SearchLoop() {
    }

    /**
     * Runs {@code strategy} to completion, evaluating each proposal with {@code evaluate}, and
     * returns every trial in the order evaluated.
     */
    public static List<Trial> run(SearchStrategy strategy, Function<Proposal, Observation> evaluate) {
        List<Trial> all = new ArrayList<>();
        while (!strategy.done()) {
            List<Proposal> batch = strategy.propose();
            List<Observation> results = new ArrayList<>(batch.size());
            for (Proposal p : batch) {
                Observation o = evaluate.apply(p);
                results.add(o);
                all.add(new Trial(p, o));
            }
            strategy.observe(results);
            if (batch.isEmpty() && !strategy.done()) {
                throw new IllegalStateException("strategy proposed nothing but is not done");
            }
        }
        return all;
    }
}
