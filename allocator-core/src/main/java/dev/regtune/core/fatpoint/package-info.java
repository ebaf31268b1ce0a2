/**
 * The ptxas fat-point register allocator of seed 000, the model's primary family ({@code
 * fatpoint}): {@link dev.regtune.core.fatpoint.FatPointAllocator} runs its stages over one {@link
 * dev.regtune.core.fatpoint.FatPointState}.
 *
 * <h2>Stages, in order</h2>
 * <ol>
 * <li><b>copy coalescing</b> ({@code dev.regtune.core.coalesce}), only under {@code
 * RegTuneCoalesceBeforeFatPoint}: CICC's pass in front of ptxas's allocator.</li>
 * <li><b>budget</b> ({@code OccupancyBudgetStage}): the register budget from {@code
 * -maxrregcount}, {@code .maxnreg} and launch bounds, and the occupancy-aware budget model
 * (interpolation coefficients A/B/C = 0.2/1.0/0.3, max threads 119, pressure threshold 160) the
 * feasibility gate reads.</li>
 * <li><b>place</b> ({@code UniformPlacementStage}, {@code UniformPlacement}): which warp-uniform
 * values leave the GPR file.</li>
 * <li><b>coalesce</b> ({@code ValueGroupingStage}, {@code ValueGroups}, {@code GroupFacts}): the
 * allocator's own copy coalescing (knob 618, limits 529/530/531) into value groups, and retarget
 * hints for copies it cannot merge.</li>
 * <li><b>order, assign, spill</b> ({@code ClassAllocationStage}, {@code ClassAllocationDriver}):
 * per class 1..6 the six-list ordering ({@code SixListOrdering}), the fat-point scan over 512
 * slots with the discard threshold, knob 684 ({@code FatPointScanner}), and the NOSPILL attempt
 * followed by up to {@code RegAllocNumNonSpillTrials} (639) SPILL retries with spill guidance, the
 * feasibility gate, the best-result recorder and the final fallback.</li>
 * <li><b>spill slots</b> ({@code SpillPlacementStage}): predicates to GPR bits, rematerialization,
 * SMEM (knob 619) or LMEM slots in seed 004's buckets; then lazy reloads ({@code LazyReloads},
 * knob {@code RegTuneReuseReloads}): a use of a spilled value reads the register its previous
 * occurrence in the block left it in when no other value took it in between.</li>
 * <li><b>measure</b> ({@code dev.regtune.core.model.MeasureStage}).</li>
 * </ol>
 * Without a register limit, {@code OccupancyCliffLanding} then allocates an entry once more at the
 * occupancy cliff below its count, and reports that allocation when it spills nothing to memory
 * (knobs {@code RegTuneOccupancyCliffSteps}, {@code RegTuneOccupancyCliffReach}): ptxas 13.0.88
 * lands one cliff below what it uses under {@code -maxrregcount 255}. A trial whose value groups
 * already show more live general registers that would be stored if spilled than the cliff holds
 * ({@code MemorySpillBound}) is rejected before its class allocation.
 *
 * <h2>How the seed is read</h2>
 * <ul>
 * <li><b>Fat points.</b> The seed's per-slot pressure histogram is a bitset of occupied program
 * points per physical slot; a unit's cost on a slot is the number of points of its live range
 * where the slot is taken. The scan takes the lowest cost, then the retarget preference, then the
 * lowest slot, among slots whose cost does not exceed knob 684.</li>
 * <li><b>Spilled values.</b> A spilled group still needs a register at each of its operand
 * occurrences: it becomes one piece per occurrence point ({@code UnitSet}), coloured first.</li>
 * <li><b>Retry targets.</b> The first SPILL attempt aims at the budget; each later one drops by the
 * previous attempt's overshoot (the seed's {@code spill_target = result - 1} recursive descent).</li>
 * <li><b>Spill costs.</b> 15.0 per frequency-weighted occurrence, 3.0 when the class pressure
 * exceeds the budget ({@code dev.regtune.core.spill.SpillCostModel}); a value whose def reads no
 * register is rematerialized, its cost scaled by {@code RegTuneRematCostFactor}.</li>
 * </ul>
 * Every constant above is a knob of {@link dev.regtune.core.knobs.KnobCatalogue}.
 *
 * <p>This package must not depend on the Briggs family, on the PTX front end, or on anything
 * outside allocator-core; its stages keep no state between calls.
 */
package dev.regtune.core.fatpoint;
