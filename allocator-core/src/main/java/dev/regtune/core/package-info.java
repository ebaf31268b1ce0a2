/**
 * RegTune's allocator library. {@link dev.regtune.core.RegisterAllocator} is the entry point and
 * {@link dev.regtune.core.Allocators} names the families ({@code fatpoint}, the ptxas model;
 * {@code briggs}, the CICC model).
 *
 * <p>Each family is a {@link dev.regtune.core.pipeline.Pipeline} of stages over one state that
 * carries the function and its lazily computed analyses ({@link
 * dev.regtune.core.analysis.FunctionAnalyses}). {@code ptx} parses; {@code analysis} computes CFG,
 * loops, frequency, liveness and uniformity; {@code coalesce} is CICC's copy coalescer; {@code
 * fatpoint} places uniform values, groups, orders (six lists), assigns and spills; {@code briggs}
 * colours; {@code spill} chooses and accounts spills; {@code model} gives the budget, latency and
 * occupancy figures; {@code explain} carries each stage's decisions to a listener; {@code check}
 * verifies the result independently. A stage reads the knobs it needs from an immutable {@link
 * dev.regtune.core.knobs.Knobs}; none reads global state.
 */
package dev.regtune.core;
