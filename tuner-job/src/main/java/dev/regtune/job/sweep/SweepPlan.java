package dev.regtune.job.sweep;

import dev.regtune.space.sample.SamplerKind;
import dev.regtune.space.search.Strategy;
import java.util.Locale;

/**
 * How a sweep chooses its configurations: a sampler drawing N configurations up front, or an
 * adaptive strategy spending a budget of configurations over rounds.
 */
public sealed interface SweepPlan {
    /** "sobol -n 64", "halving --budget 32": for the run record and the console. */
    String describe();

    /**
     * @param sampler the kind of sampler
     * @param count the number of configurations (for grid, at most this many)
     */
    record Sampled(SamplerKind sampler, long count) implements SweepPlan {
        @Override
        public String describe() {
            return count == Long.MAX_VALUE ? sampler.cliName() : sampler.cliName() + " -n " + count;
        }
    }

    /**
     * @param strategy the adaptive strategy
     * @param budget configurations to evaluate over all rounds (halving: in the first round)
     * @param objective the scalar objective of halving and bayes: latency, spills or registers
     */
    record Adaptive(Strategy strategy, int budget, SearchObjective objective) implements SweepPlan {
        @Override
        public String describe() {
            return strategy.cliName() + " --budget " + budget + " --objective " + objective.name().toLowerCase(Locale.ROOT);
        }
    }
}
