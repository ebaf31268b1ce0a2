/**
 * The sweep: kernels x configurations evaluated by the allocator on Spark executors and appended
 * to the Parquet result table.
 *
 * <p>The driver builds a compact {@link dev.regtune.job.sweep.KernelCatalog} (each distinct PTX
 * module once) and a {@link dev.regtune.job.sweep.ConfigurationTable}, broadcasts both, and ships
 * only pair codes to the tasks; each executor parses a module once ({@link
 * dev.regtune.job.sweep.ParsedModules}) and evaluates pairs with {@link
 * dev.regtune.job.sweep.PairEvaluator} inside {@code mapPartitions}. Work is written in chunks,
 * each an atomic Spark write, so a run killed part-way loses at most its open chunk and
 * {@code --resume} evaluates only the (kernel, configuration, model version) keys that are missing.
 * Allocation logic lives in allocator-core; this package only fans it out and records it.
 */
package dev.regtune.job.sweep;
