/**
 * The sweep: kernels x configurations evaluated by the allocator on Spark executors and committed
 * to the Parquet result table exactly once.
 *
 * <p>The driver builds a compact {@link dev.regtune.job.sweep.KernelCatalog} (each distinct PTX
 * module once) and broadcasts it; configurations stream from the sampler through a
 * {@link dev.regtune.job.sweep.ChunkPlanner}, which cuts them into chunks of pending pairs (memory
 * does not grow with the space), and only pair codes go to the tasks; each executor parses a module
 * once ({@link dev.regtune.job.sweep.ParsedModules}) and evaluates pairs with
 * {@link dev.regtune.job.sweep.PairEvaluator} inside {@code mapPartitions}, within
 * {@link dev.regtune.job.sweep.EvaluationLimits} (a pair beyond them is an ERROR row, never a lost task).
 * With {@code --evaluator ptxas|both} ({@link dev.regtune.job.sweep.EvaluatorSettings}) each
 * configuration is also, or only, a configuration of the real ptxas, whose pairs
 * {@link dev.regtune.job.sweep.PtxasPairEvaluation} evaluates with one ptxas process each (its rows
 * carry {@code model_version} {@code ptxas/VERSION}, so they have keys of their own).
 * {@link dev.regtune.job.sweep.RecordedKernels} reads back from a run's record which kernels it swept.
 *
 * <p>Exactly once: a sweep holds the output folder's {@link dev.regtune.job.sweep.RunLease} (one
 * writer), discards what dead attempts staged, and {@link dev.regtune.job.sweep.ChunkWriter} stages
 * each chunk (its tasks write the Parquet files themselves, {@link dev.regtune.job.sweep.ChunkFiles})
 * in a folder unique to its attempt and publishes it by one atomic rename
 * ({@link dev.regtune.job.sweep.ResultStore}), two chunks in flight so no chunk waits for the
 * previous one's slowest task. {@code --resume} evaluates only the keys (kernel id, config id,
 * model version) the table lacks, and only with the run's own inputs ({@link
 * dev.regtune.job.sweep.RunIdentity}). {@link dev.regtune.job.sweep.FaultPoints} lets a test crash
 * the JVM at any step. The output folder, the kernels and the space may be on any Hadoop file
 * system ({@link dev.regtune.job.storage.Location}; kernels there are copied to the driver once by
 * {@link dev.regtune.job.sweep.RemoteKernels}); the commit needs an atomic rename, so an object store
 * is refused as output ({@link dev.regtune.job.sweep.ResultStore#refuseObjectStore}). Each chunk is a
 * named Spark job group and stage ({@code regtune sweep RUN: [round R, ]chunk N}); a task that fails
 * instead of giving a row reaches the driver as one sentence naming the kernel and the configuration
 * ({@link dev.regtune.job.sweep.SweepTaskException}). Allocation logic
 * lives in allocator-core; this package only fans it out and records it.
 */
package dev.regtune.job.sweep;
