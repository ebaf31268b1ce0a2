package dev.regtune.job.bench;

import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;

/**
 * One function to time.
 *
 * @param file the PTX file as the user named it
 * @param module the module it belongs to (a caller is timed with the functions it calls)
 * @param function the parsed function
 */
public record BenchTarget(String file, PtxModule module, KernelFunction function) {
}
