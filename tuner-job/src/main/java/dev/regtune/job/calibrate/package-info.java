/**
 * {@code regtune calibrate}: the autotuner fitting its own model to ptxas. Configurations of model
 * knobs are drawn from a knob space by the space's samplers ({@link dev.regtune.job.calibrate.Candidates}) or
 * proposed by a search;
 * every (PTX file, configuration) is allocated at every architecture and budget of the reference,
 * as a Spark job in local mode by default ({@link dev.regtune.job.calibrate.SparkModelEvaluator}) or
 * in-process ({@link dev.regtune.job.calibrate.LocalModelEvaluator}); the results are paired with
 * the ptxas measurements exactly as {@code regtune fidelity} pairs them
 * ({@link dev.regtune.job.calibrate.CaseSlots}), so that a calibrated profile given to
 * {@code fidelity --profile} reproduces the reported figures to the last digit.
 *
 * <p>The objective is {@link dev.regtune.job.fidelity.CalibrationLoss}, its terms weighted by
 * {@link dev.regtune.job.fidelity.LossWeights}. Validation is honest
 * ({@link dev.regtune.job.calibrate.Calibration}): kernels are grouped by repository, kernel family or
 * kernel ({@link dev.regtune.job.calibrate.SplitBy}), the groups dealt into k folds, each fold's
 * configuration chosen on the other folds' kernels only and scored on its own; the final profile is
 * chosen the same way on every kernel. {@link dev.regtune.job.calibrate.Sensitivity} says which knobs
 * move the loss, per kind of kernel.
 *
 * <p>The kernels come from reference corpora or from {@code --kernels} ({@link dev.regtune.job.calibrate.KernelFiles}:
 * PTX folders, or a corpus manifest); their ground truth is a reference CSV, a manifest's own ptxas
 * columns, or the real ptxas run now ({@link dev.regtune.job.calibrate.PtxasReference}, through the
 * sweep's cached {@link dev.regtune.job.ptxas.PtxasEvaluator}: this package runs no ptxas process of its
 * own). A reference made here is written in the reference CSV format
 * ({@link dev.regtune.job.calibrate.ReferenceRows}) and read back like any other.
 *
 * <p>Configurations are drawn before the run (random, Sobol, halving) or proposed round by round by
 * knob-space's adaptive searches, a tree-structured Parzen estimator (bayes) or NSGA-II over the loss's
 * terms (nsga2), one search per fold on that fold's training kernels ({@link dev.regtune.job.calibrate.SearchChoice}).
 *
 * <p>Nothing here changes the model or its defaults: a calibration writes a profile, a person adopts it.
 * Metric formulas stay in {@code dev.regtune.job.fidelity}; allocation in {@code allocator-core}.
 */
package dev.regtune.job.calibrate;
