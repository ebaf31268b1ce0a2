/**
 * The spill subsystem of seed 004: spill costs ({@link dev.regtune.core.spill.SpillCostModel}),
 * spill guidance ({@link dev.regtune.core.spill.SpillGuidance}: cheapest first, popped lazily from
 * {@code CandidateQueue}), spill slots in
 * local or shared memory ({@link dev.regtune.core.spill.SpillSlotAllocator}, 8B/4B or 16B/16B
 * buckets), the spill statistics {@code ptxas -v} prints ({@link
 * dev.regtune.core.spill.SpillStatistics}) and the best-result recorder of the retry loop
 * ({@link dev.regtune.core.spill.BestResultRecorder}).
 *
 * <p>Model of spill code: a spilled value is stored right after each of its defs and reloaded
 * right before each instruction that uses it ("spill everywhere"); between those points it lives
 * in memory. Spill store bytes are the static bytes of those stores and spill load bytes the
 * static bytes of those reloads, as {@code ptxas -v} counts them. A use that reads the register an
 * earlier occurrence in its block still holds ({@code Assignment.reloadReused}: the Briggs family's
 * lazy reload, the fat-point family's {@code LazyReloads}) costs no reload. A predicate spills into a bit
 * of a general-purpose register (P2R/R2P), which costs no memory traffic.
 *
 * <p>This package chooses and accounts; it never assigns registers.
 */
package dev.regtune.core.spill;
