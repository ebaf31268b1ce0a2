/**
 * RegTune's allocator library. {@link dev.regtune.core.RegisterAllocator} is the entry point and
 * {@link dev.regtune.core.Allocators} names the families ({@code fatpoint}, the ptxas model).
 *
 * <p>The allocator is a pipeline of stages, one package each: {@code ptx} parses, {@code analysis}
 * computes CFG, loops, frequency, liveness and uniformity, {@code fatpoint} coalesces, orders
 * (six lists) and assigns, {@code spill} chooses and accounts spills, {@code model} gives the
 * budget, latency and occupancy figures, and {@code check} verifies the result independently.
 * A stage reads the knobs it needs from an immutable {@link dev.regtune.core.knobs.Knobs}; none
 * reads global state.
 */
package dev.regtune.core;
