/**
 * Budget and cost models around the allocator: the register budget a function is allocated to
 * ({@link dev.regtune.core.model.RegisterBudget}), the occupancy-aware budget interpolation of
 * seed 000 ({@link dev.regtune.core.model.BudgetModel}), the estimated-latency model
 * ({@link dev.regtune.core.model.LatencyModel} over per-architecture
 * {@link dev.regtune.core.model.LatencyTable}s), and the occupancy-aware estimated kernel time
 * ({@link dev.regtune.core.model.KernelTimeModel}: the largest of an issue, a latency (Little's law
 * over the active warps) and a memory bound whose requests in flight are the smaller of the memory
 * system's and what the active warps have outstanding, after Hong and Kim's MWP/CWP model; its inputs are
 * counted by {@link dev.regtune.core.model.WarpWorkCounter} and its constants are
 * {@link dev.regtune.core.model.TimeParameters}, from the architecture tables and the
 * {@code RegTuneTime*} knobs; the class documentation gives the formula, sources and limits).
 *
 * <p>Interpretations chosen where the seed is vague:
 * <ul>
 *   <li>Budget fraction (sub_937E90): the x axis is a register count; the points are
 *       (x0 = warps per block, A), (x1 = max threads knob 119, A), (x2 = pressure threshold knob
 *       160, A), (x3 = 255 - reserved registers, B) exactly as the seed's table, evaluated
 *       piecewise-linearly and flat outside. It feeds the spill feasibility gate of seed 004
 *       ({@code pressure = (budget - spillStart) * fraction + spillStart}).</li>
 *   <li>Linear fast path: {@code fraction = (x - xMin) * slope + C}, {@code slope = (B - C) /
 *       (maxOccupancy - minOccupancy)}, with x the active warps per SM the target register count
 *       allows, xMin the warps at the architecture's maximum register count and maxOccupancy the
 *       architecture's maximum warps: high occupancy targets push harder when a spill attempt
 *       stalls.</li>
 *   <li>Latency is a model, not a simulation: each basic block is scheduled in order with a
 *       scoreboard (an instruction issues one cycle after the previous one or when its operands
 *       are ready, whichever is later), spill reloads are issued right before their use and
 *       expose the LDL latency, spill stores take an issue slot, coalesced copies take none; the
 *       block's cycles are weighted by block frequency and summed.</li>
 * </ul>
 * Every constant is a knob default or an architecture table entry; nothing reads global state.
 */
package dev.regtune.core.model;
