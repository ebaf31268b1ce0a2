/**
 * The allocation benchmark behind {@code regtune bench}: warm-up, batched timing with
 * {@link java.lang.System#nanoTime()}, medians per function and allocator family and the
 * corpus-level summary of each family, and the timing of synthetic kernel generation
 * ({@link dev.regtune.job.bench.GenerationTiming}).
 *
 * <p>A benchmark, not a test: its numbers depend on the machine and are never asserted on.
 */
package dev.regtune.job.bench;
