/**
 * Selection over a sweep's result table: the best configuration per kernel, one robust global
 * configuration chosen on training kernels and scored on held-out test kernels (and one per
 * architecture when the table holds several), the default configuration's scores for comparison,
 * and the Pareto front over (total spill bytes, geometric-mean latency, mean registers); then the
 * selection file and the export of a chosen configuration as a knob profile. The default
 * objective is {@code time}, the occupancy-aware estimated kernel time ({@code est_time_cycles}).
 *
 * <p>The flow: {@link dev.regtune.job.select.ResultTableReader} (the only class that touches Spark)
 * reads the Parquet table into a compact, column-wise {@link dev.regtune.job.select.ResultTable};
 * {@link dev.regtune.job.select.Objective} says what is minimised;
 * {@link dev.regtune.job.select.Selector} makes a {@link dev.regtune.job.select.Selection} from
 * {@link dev.regtune.job.select.PerKernelBest}, {@link dev.regtune.job.select.KernelSplit},
 * {@link dev.regtune.job.select.RobustGlobal} and {@link dev.regtune.job.select.ParetoFront};
 * {@link dev.regtune.job.select.SelectionJson} writes it and reads back the
 * {@link dev.regtune.job.select.SavedSelection} that {@link dev.regtune.job.select.ProfileExport}
 * turns into a profile, and {@link dev.regtune.job.select.NvccExport} into nvcc and ptxas command
 * lines with {@code __launch_bounds__} suggestions; {@link dev.regtune.job.select.SelectionSummary}
 * prints it.
 *
 * <p>Rows of the real ptxas ({@code model_version} {@code ptxas/VERSION}) are read like model rows,
 * without latency or kernel time (those metrics are undefined for them); a table that also has model
 * rows reads the model's unless {@code --model-version} names the ptxas version.
 *
 * <p>{@link dev.regtune.job.select.TopKConfirmation} ranks each kernel's configurations by the model
 * and chooses among its top K by ptxas's figures ({@code select --confirm ptxas:K}); it is given
 * ptxas's outcomes by its caller and runs no process itself.
 *
 * <p>Rows of one release are read together, whatever allocator family computed them (each family
 * has its own {@code model_version}, {@link dev.regtune.job.select.ModelVersions}): the
 * {@code allocator} knob is one more knob a configuration sets, so a sweep over it selects the
 * better family per kernel and globally like any other knob value.
 *
 * <p>Rules: only OK evaluations have objective values (ALLOC_FAILED is infeasible, never best);
 * a kernel's reported best is another configuration than the default only when it beats the
 * default by at least {@link dev.regtune.job.select.Selector#MIN_GAIN} (0.5%);
 * ratios to the per-kernel best carry an additive offset of 1 so that zero spill bytes stay
 * meaningful; the global choice counts a training kernel a configuration failed on (or was not
 * evaluated on) as a ratio of {@code RobustGlobal.FAILURE_PENALTY}, so a sweep where tight budgets
 * fail on some kernels still has one; every result is deterministic — kernels and configurations are indexed in id order,
 * ties go to the lowest {@code config_id}, the split hashes kernel ids with the seed, and no hash
 * map is iterated to produce output.
 *
 * <p>This package must not run the allocator, define knobs or profile formats (they belong to
 * {@code allocator-core} and {@code knob-space}), or parse command lines (that is {@code cli}).
 * Selection itself is plain Java, testable without Spark.
 */
package dev.regtune.job.select;
