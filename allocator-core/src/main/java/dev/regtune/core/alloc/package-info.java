/**
 * What an allocation produces: {@link dev.regtune.core.alloc.AllocationResult}, made of typed parts
 * ({@link dev.regtune.core.alloc.RegisterUsage} and {@link dev.regtune.core.alloc.SpillUsage}, the
 * figures {@code ptxas -v} reports; {@link dev.regtune.core.alloc.Estimates}, RegTune's latency,
 * occupancy and estimated kernel time ({@link dev.regtune.core.alloc.KernelTime} from
 * {@link dev.regtune.core.alloc.WarpWork}); {@link dev.regtune.core.alloc.AllocationStats}, counters of the allocator's work;
 * {@link dev.regtune.core.alloc.CopyCoalescing}, what CICC's copy coalescer did) and {@link
 * dev.regtune.core.alloc.Assignment} (which physical slot every value got, which values were
 * spilled and where), the input of the independent checker.
 *
 * <p>Values only: nothing here allocates, and this package must not depend on any stage.
 */
package dev.regtune.core.alloc;
