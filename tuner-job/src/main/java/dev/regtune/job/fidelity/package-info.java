/**
 * How close the model is to the real {@code ptxas}: ground truth (running {@code ptxas -v}, or a
 * reference CSV measured earlier), a naive pressure baseline, the per-entry comparison of every
 * compared allocator family against the same truth ({@link dev.regtune.job.fidelity.FidelityCase}),
 * the metrics over it (Spearman rank correlation, percentage error, spill precision and recall,
 * spill byte ratios) and where the families differ from one another
 * ({@link dev.regtune.job.fidelity.FamilyDifferences}).
 *
 * <p>Metric classes are small, pure and tested against hand-computed values; the harness decides
 * which pairs they see. Nothing here tunes knobs or changes the model.
 */
package dev.regtune.job.fidelity;
