/**
 * The knob catalogue and the immutable {@link dev.regtune.core.knobs.Knobs} value.
 *
 * <p>{@link dev.regtune.core.knobs.KnobCatalogue} is the single place where every knob's id,
 * name, type, default, valid range and meaning live; the CLI, space specs, Parquet columns and
 * profiles all take knobs from here. Knobs the seeds number keep the seed's id and name (for
 * example {@code RegAllocThresholdForDiscardConflicts}, knob 684). Constants the seeds give
 * without a knob number (the budget-model coefficients A/B/C, the 15.0/3.0 spill weights, the
 * slack of the fat-point scan, ...) are knobs too, with id {@code -1} and a name in the same
 * style; {@link dev.regtune.core.knobs.KnobDef#seedNamed()} says which names come from the seeds.
 *
 * <p>Knobs the seeds name but whose mechanism lies outside what RegTune models (MAC
 * pre-allocation, loop-invariant hoisting) are catalogued as {@link
 * dev.regtune.core.knobs.KnobEffect#PASSIVE}: they are accepted and recorded so that profiles
 * round-trip to ptxas knob files, but they do not change a RegTune result, and the catalogue
 * says so rather than pretending otherwise.
 *
 * <p>This package must not contain allocation logic or read global state.
 */
package dev.regtune.core.knobs;
