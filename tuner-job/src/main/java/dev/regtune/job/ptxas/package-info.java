/**
 * The real ptxas as an evaluator: finding the installed ptxas and the options it knows
 * ({@link dev.regtune.job.ptxas.PtxasInstallation}), the command line of one evaluation
 * ({@link dev.regtune.job.ptxas.PtxasCommand}), running one process per evaluation with a timeout
 * and no trace left ({@link dev.regtune.job.ptxas.PtxasProcess}), reading its output into a
 * {@link dev.regtune.job.ptxas.PtxasOutcome}, and {@link dev.regtune.job.ptxas.PtxasEvaluator}, which
 * ties them together with the content-hash {@link dev.regtune.job.ptxas.PtxasResultCache}.
 *
 * <p>This package starts processes and reads their output; it must contain no allocation logic
 * (the model's figures come from allocator-core), no Spark code and no command-line parsing.
 */
package dev.regtune.job.ptxas;
