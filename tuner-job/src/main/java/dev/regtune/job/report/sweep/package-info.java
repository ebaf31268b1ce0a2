/**
 * The HTML report of a sweep ({@code regtune report}): the aggregations behind its plots, run
 * with Spark over the result table so that only small aggregates reach the driver — the effect of
 * each swept knob on the objective normalised per kernel, the spill cliff over the register
 * budget, the default against the tuned configuration per family, every candidate configuration's
 * figures for the Pareto plot, the estimated kernel time against the register budget per kernel
 * ({@link dev.regtune.job.report.sweep.TimeCurves}), which swept knobs change nothing
 * ({@link dev.regtune.job.report.sweep.InertKnobs}, also behind {@code regtune knobs --results}),
 * the header's counts, and where a sweep had both evaluators the model's error against the real
 * ptxas per configuration and per swept value ({@link dev.regtune.job.report.sweep.ModelVersusPtxas})
 * — and the page that draws them with
 * {@link dev.regtune.job.report.html}.
 *
 * <p>Selection (the best configuration per kernel, the robust global configuration, the Pareto
 * front) is not computed here: it comes from {@code dev.regtune.job.select}, and this package only
 * draws it among the other configurations. No result is written back to the table.
 */
package dev.regtune.job.report.sweep;
