/**
 * Samplers of a {@link dev.regtune.space.KnobSpace}: full grid, uniform random, Latin hypercube and
 * scrambled Sobol. Each is a {@link dev.regtune.space.sample.Sampler}; all of them stream.
 * {@link dev.regtune.space.sample.SamplerKind} names them (as the command line spells them: grid,
 * random, lhs, sobol) and builds each; nothing else maps a name to a sampler.
 *
 * <p>Contract shared by every sampler: a configuration is emitted only if every constraint holds
 * (inactive knobs absent, as their conditions say); no configuration is emitted twice; the stream
 * stops after {@code n} configurations or when the space is exhausted; the same sampler, seed,
 * space and {@code n} give the same sequence on every machine (seeded SplitMix64, never
 * {@code java.util.Random}'s shared state or the clock).
 *
 * <ul>
 * <li><b>grid</b> ({@link dev.regtune.space.sample.GridSampler}): a mixed-radix counter over the
 * grid of every dimension ({@link dev.regtune.space.Domain#grid()}: every step of an integer range,
 * {@code points} values of a real or log-scaled range, default
 * {@value dev.regtune.space.Domain#DEFAULT_GRID_POINTS}, every categorical value). The last
 * dimension turns fastest; a dimension whose condition does not hold counts as one digit, so the
 * grid is free of duplicates by construction and needs no memory beyond the counter. Ignores the
 * seed.</li>
 * <li><b>random</b>: independent uniform coordinates, decoded by the space.</li>
 * <li><b>lhs</b> ({@link dev.regtune.space.sample.LatinHypercubeSampler}): a design of {@code n}
 * points; in every dimension point {@code k} lies in stratum {@code perm_j(k)} of {@code n} equal
 * strata of the unit interval, jittered uniformly inside it. The permutations are seeded Feistel
 * networks over the next even power of two, cycle-walked into [0, n), so a design of a million
 * points costs no memory. Rejected points (constraints, duplicates) are not replaced inside the
 * design; a fresh design (new permutations) supplies the rest, so the one-point-per-stratum
 * guarantee holds for spaces without constraints and with continuous dimensions.</li>
 * <li><b>sobol</b> ({@link dev.regtune.space.sample.Sobol}): the Sobol sequence with the Joe–Kuo
 * direction numbers ({@code new-joe-kuo-6.21201}, whose first lines equal those of
 * {@code new-joe-kuo-6.1000}; the first {@value dev.regtune.space.sample.Sobol#MAX_DIMENSIONS}
 * dimensions are embedded), 32-bit, in Gray-code order, randomised by Matoušek's linear matrix
 * scramble (a random lower-triangular binary matrix per dimension) followed by a random digital
 * shift, as SciPy's {@code scipy.stats.qmc.Sobol} does; both preserve the net structure.</li>
 * </ul>
 *
 * <p>De-duplication of the random, LHS and Sobol samplers keeps the 64-bit
 * {@link dev.regtune.space.KnobSpace#fingerprint fingerprint} of every configuration emitted in an
 * exact set whose heap use is bounded for any {@code n} ({@code FingerprintSet}): 2^18 values in an
 * open-addressing table, then sorted runs spilled to temporary files and memory-mapped off the
 * heap, 8 bytes per configuration on disk. Two distinct configurations with the same fingerprint would wrongly count as one; for
 * 10^6 configurations the chance that this ever happens is below 10^-7. These samplers stop early
 * when the space is finite and every point of it was emitted, or after
 * {@value dev.regtune.space.sample.DistinctFeasibleIterator#MAX_CONSECUTIVE_MISSES} consecutive
 * draws that were infeasible or already emitted (the space is then taken as exhausted).
 *
 * <p>This package proposes configurations; it must not evaluate them (that is the tuner job's and
 * the adaptive search strategies' business).
 */
package dev.regtune.space.sample;
