/**
 * {@code regtune calibrate}: the autotuner fitting its own model to ptxas. Configurations of model
 * knobs are drawn from a knob space by the space's samplers ({@link dev.regtune.job.calibrate.Candidates});
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
 * <p>Nothing here changes the model or its defaults: a calibration writes a profile, a person adopts it.
 * Metric formulas stay in {@code dev.regtune.job.fidelity}; allocation in {@code allocator-core}.
 */
package dev.regtune.job.calibrate;
