/**
 * What an allocation produces: {@link dev.regtune.core.alloc.AllocationResult} (the figures
 * {@code ptxas -v} reports plus estimated latency and occupancy) and {@link
 * dev.regtune.core.alloc.Assignment} (which physical slot every value got, which values were
 * spilled and where), the input of the independent checker.
 *
 * <p>Values only: nothing here allocates.
 */
package dev.regtune.core.alloc;
