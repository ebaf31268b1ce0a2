/**
 * How close the model is to the real {@code ptxas}: ground truth (running {@code ptxas -v}, a
 * reference CSV measured earlier, or a reference corpus such as {@code ../shared/corpus-real},
 * {@link dev.regtune.job.fidelity.ReferenceCorpus}), a naive pressure baseline, the per-entry
 * comparison of every compared allocator family against the same truth
 * ({@link dev.regtune.job.fidelity.FidelityCase}), the metrics over it (Spearman rank correlation,
 * percentage error, spill precision, recall and F1, spill byte ratios) and where the families
 * differ from one another ({@link dev.regtune.job.fidelity.FamilyDifferences}).
 *
 * <p>The breakdown ({@link dev.regtune.job.fidelity.FidelityBreakdown}) joins the comparison with
 * each kernel's repository, kind ({@link dev.regtune.job.fidelity.KernelKind}, from the manifest or
 * {@link dev.regtune.job.fidelity.PtxEntryScanner}) and size, reports
 * {@link dev.regtune.job.fidelity.GroupFigures} per architecture, kind and size bucket, and ranks
 * the worst kernels with a reason each; {@link dev.regtune.job.fidelity.BreakdownFiles} writes it
 * for tools.
 *
 * <p>Calibration is a choice among given knob configurations
 * ({@link dev.regtune.job.fidelity.CandidateSet}) by cross-validation that holds out whole
 * repositories ({@link dev.regtune.job.fidelity.FoldAssignment},
 * {@link dev.regtune.job.fidelity.CrossValidation}, {@link dev.regtune.job.fidelity.CalibrationLoss});
 * what it reports are held-out figures. {@code regtune calibrate} ({@code dev.regtune.job.calibrate})
 * searches a knob space with the same loss, its terms weighted by
 * {@link dev.regtune.job.fidelity.LossWeights}. Metric classes are small, pure and tested against
 * hand-computed values; the harness decides which pairs they see. Nothing here changes the model
 * or its defaults: a calibration says which candidate to adopt, a person adopts it.
 *
 * <p>The lowering table of {@code dev.regtune.core.lower} is measured here too:
 * {@link dev.regtune.job.fidelity.LoweringProber} runs ptxas and the model without lowering on the
 * probe kernels of {@code dev.regtune.datasets.probe} and
 * {@link dev.regtune.job.fidelity.LoweringProbeRow} turns the figures into a row of the table.
 */
package dev.regtune.job.fidelity;
