/**
 * Analyses of one {@link dev.regtune.core.ir.KernelFunction} that the allocators consume:
 * dominators and post-dominators, natural loops, static block frequency, block liveness, live
 * segments over program points with per-class register pressure, and warp uniformity.
 *
 * <p>Each analysis is a separate immutable object built by a static {@code compute} method from the
 * function and the analyses it needs ({@link dev.regtune.core.analysis.Dominators} ->
 * {@link dev.regtune.core.analysis.Loops} -> {@link dev.regtune.core.analysis.BlockFrequency};
 * {@link dev.regtune.core.analysis.Liveness} -> {@link dev.regtune.core.analysis.LiveRanges} ->
 * {@link dev.regtune.core.analysis.PressureProfile};
 * {@link dev.regtune.core.analysis.UniformityAnalysis} from dominators, post-dominators and loops).
 * They run once per (kernel, knob configuration) in sweeps of millions of allocations, so results
 * live in flat int / long arrays and bitsets of {@code long} words (the per-block live sets,
 * {@link dev.regtune.core.analysis.BlockBitSets}, dense rows for most functions and sparse words
 * for those of many blocks and many values, which must not cost blocks x vregs); queries do not
 * allocate; no
 * boxed collection, no per-instruction object, no recursion (deep CFGs cannot overflow the stack).
 * Results are deterministic: every traversal follows block, edge and instruction order.
 *
 * <h2>Interpretations</h2>
 * <ul>
 *   <li><b>Dominators.</b> Cooper-Harvey-Kennedy on reverse postorder of a depth-first search that
 *       follows successors in edge order. The entry and unreachable blocks have {@code idom} -1;
 *       unreachable blocks dominate nothing and are not dominated.</li>
 *   <li><b>Post-dominators.</b> A virtual exit joins every block without successors. Blocks that
 *       reach no exit (infinite loops) are joined to the virtual exit too: repeatedly the
 *       unconnected block with the highest layout index, until every block reaches the exit.</li>
 *   <li><b>Loops.</b> Natural loops of back edges {@code t -> h} with {@code h} dominating
 *       {@code t}, merged per header. Retreating edges to a non-dominating block (irreducible
 *       cycles) form no loop and add no depth; they are counted
 *       ({@code Loops.irreducibleEdgeCount}), never an error.</li>
 *   <li><b>Block frequency.</b> {@code freq(b) = iters ^ depth(b)}, {@code iters} being knob 623
 *       {@code RegAllocEstimatedLoopIterations} passed in by the caller, capped at
 *       {@link dev.regtune.core.analysis.BlockFrequency#MAX_FREQUENCY}. Unreachable blocks: 1.</li>
 *   <li><b>Liveness</b> (seed 002, phase 1). Defs of guarded instructions do not kill: the old value
 *       may survive when the guard is false. A vreg is live only where some def of it may have run
 *       (live sets intersected with the forward "maybe defined" sets, as in SSA form); a read with
 *       no def reaching its block is live from that block's start.
 *       Within an instruction, uses are read before defs are written.</li>
 *   <li><b>Program points.</b> Instruction {@code i} has read point {@code 2i} and write point
 *       {@code 2i+1}. A value used last at {@code j} ends at {@code 2j}, so it never conflicts with
 *       a value defined at {@code j}; a dead def occupies only its write point; a dead guarded def
 *       too. Segment ends are inclusive; adjacent segments are merged.</li>
 *   <li><b>Pressure</b> counts 32-bit slots per class at every point, with slot counts and classes
 *       given by the caller (the allocator may re-class a vreg); class 0 means "not counted".</li>
 *   <li><b>Uniformity.</b> See {@link dev.regtune.core.analysis.UniformityAnalysis}: optimistic,
 *       divergence from inherently divergent kinds and divergent special registers, from divergent
 *       operands, from multiple defs joined after a divergent branch (region = reachable before the
 *       branch block's immediate post-dominator) and from temporal divergence of loops with a
 *       divergent exit (approximated as "defined in the loop and used outside it").</li>
 * </ul>
 *
 * <p>This package must not read knobs, architecture profiles or allocation state, and must not
 * depend on the PTX front end: it sees only the Kernel IR.
 */
package dev.regtune.core.analysis;
