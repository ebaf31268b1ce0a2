package dev.regtune.job.bench;

import dev.regtune.core.ir.KernelFunction;

/**
 * One function to time.
 *
 * @param file the PTX file as the user named it
 * @param function the parsed function
 */
public record BenchTarget(String file, KernelFunction function) {
}
