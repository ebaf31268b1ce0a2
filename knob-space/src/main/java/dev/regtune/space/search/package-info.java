/**
 * Adaptive search over a {@link dev.regtune.space.UnitSpace}, run in rounds so that a Spark driver
 * can fan each round out over executors:
 *
 * <pre>{@code
 * while (!strategy.done()) {
 *     List<Proposal> batch = strategy.propose();   // feasible, never-seen configurations
 *     List<Observation> results = evaluate(batch);  // on executors; lower objectives are better
 *     strategy.observe(results);                    // closes the round
 * }
 * }</pre>
 *
 * <h2>Strategies</h2>
 * <ul>
 *   <li>{@link dev.regtune.space.search.RandomSearch}: the baseline, uniform unit points.</li>
 *   <li>{@link dev.regtune.space.search.SuccessiveHalving}: many configurations on few kernels,
 *       keeping the best 1/eta on eta times more kernels each round.</li>
 *   <li>{@link dev.regtune.space.search.TpeSearch}: a tree-structured Parzen estimator
 *       (Bayesian optimisation of one scalar score), batched by a constant liar.</li>
 *   <li>{@link dev.regtune.space.search.Nsga2Search}: NSGA-II for several objectives at once,
 *       with {@link dev.regtune.space.search.Nsga2Search#paretoFront()}.</li>
 * </ul>
 *
 * <p>Every strategy extends {@code RoundSearch}, which owns the round protocol, the budget, the
 * book of proposals and trials and {@code best()}; a strategy supplies its next batch and what it
 * learns from a closed round. {@link dev.regtune.space.search.Strategy} names the strategies a sweep
 * runs (halving, bayes, nsga2) and builds each from a budget with the sweep's parameters.
 *
 * <h2>Contracts</h2>
 * <ul>
 *   <li>Strategies work on unit points and let the space decode them; a point that decodes to
 *       empty (violates a constraint) is never proposed, another one is drawn instead.</li>
 *   <li>A configuration is proposed at most once per run (compared as decoded
 *       {@link dev.regtune.space.Configuration}s, so two unit points in the same cell count as
 *       one). The one exception is successive halving, which re-proposes a surviving
 *       configuration on <em>new</em> kernels only: no (configuration, kernel) pair is ever
 *       evaluated twice. When a space runs out of new feasible configurations the strategy
 *       finishes early.</li>
 *   <li>Everything is a function of the seed and of the observations: randomness comes only from
 *       {@link java.util.SplittableRandom}s seeded by the caller, hash sets are used for membership
 *       only, never iterated.</li>
 *   <li>A proposal of a round without an observation, or an observation built with
 *       {@link dev.regtune.space.search.Observation#failure(long)}, counts as infinitely bad
 *       (a lost Spark task must not stall the search).</li>
 * </ul>
 *
 * <p>This package must not contain allocation logic, Spark code or I/O: it only decides which
 * configurations to evaluate next.
 */
package dev.regtune.space.search;
