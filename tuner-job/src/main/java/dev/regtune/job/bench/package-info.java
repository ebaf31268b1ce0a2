/**
 * The allocation benchmark behind {@code regtune bench}: warm-up (fixed, or until the JIT compiler
 * is quiet, {@link dev.regtune.job.bench.JitQuiet}, with what the compiler did reported in a
 * {@link dev.regtune.job.bench.WarmupReport}), batched timing with
 * {@link java.lang.System#nanoTime()}, medians per function and allocator family and the
 * corpus-level summary of each family, the PTX front end's throughput (every file parsed from
 * scratch, module-level work included), and the timing of synthetic kernel generation
 * ({@link dev.regtune.job.bench.GenerationTiming}). Parse speed is measured here, not in a unit
 * test. Behind {@code regtune bench-sweep}, the sweep in Spark local mode against a plain parallel
 * loop over the same evaluations ({@link dev.regtune.job.bench.SweepBenchmark},
 * {@link dev.regtune.job.bench.PlainLoop}), with the model or with the real ptxas (one process per
 * evaluation on both sides, no cache).
 *
 * <p>A benchmark, not a test: its numbers depend on the machine and are never asserted on.
 */
package dev.regtune.job.bench;
