/**
 * CICC's NVPTX copy coalescer (seed 003, {@code sub_34AF4A0}): removes copies before an
 * allocator runs by merging the source and destination registers. It runs in front of the
 * {@code briggs} allocator and, under {@code RegTuneCoalesceBeforeFatPoint}, in front of the
 * fat-point one; it must not depend on either allocator.
 *
 * <h2>The algorithm, and how the seed is read</h2>
 * <ul>
 * <li><b>Candidates</b> ({@link dev.regtune.core.coalesce.CopyKind}): every unguarded {@code mov}
 * whose operands are all registers, in layout order. Same-class copies (PHI elimination) and
 * {@code .param} ABI copies (source loaded by {@code ld.param}, or destination stored by
 * {@code st.param}) may merge; sub-register pack/unpack moves and cross-class moves
 * ({@code mov.b32 %f1, %r1}) are seen and always left, because PTX's typed classes are disjoint
 * and the halves and the whole of a wide register are of different classes. Int128 registers
 * never take part. {@code copy_limit} bounds the copies considered (the first ones in layout
 * order); {@code join_globalcopies} off keeps copies of registers live across a block boundary
 * out.</li>
 * <li><b>Interference</b>: two registers interfere when their live ranges (of the merged groups)
 * share a program point, the seed's "purely that two virtual register live ranges overlap". So a
 * copy merges when its source dies at it and the destination is not live before.</li>
 * <li><b>Order</b>: a min-heap by destination register number; ties (several copies into one
 * register, as PHI elimination leaves) go to the higher weight, {@code instruction_count +
 * spill_weight + use_count} of the source (spill weight: block frequencies of its occurrences),
 * times the copy's block frequency under {@code RegTuneCoalescerBlockFrequency}.</li>
 * <li><b>Validation</b>: LLVM's terminal rule ({@code terminal_rule}) defers a copy into a
 * register no other candidate names while its source has a candidate not yet tried; a large
 * interval (more definitions than {@code large_interval_size_threshold}) stops joining after
 * {@code large_interval_freq_threshold} joins.</li>
 * <li><b>Retry</b>: blocked and deferred candidates go to a second heap; after a pass the heaps
 * swap and the pass repeats, until a pass merges nothing (the seed's double buffer, off under
 * {@code RegTuneCoalescerRetry}). Merges only grow live ranges, so a candidate blocked by
 * interference stays blocked; the terminal rule is what an earlier merge can unblock.</li>
 * <li><b>Budget</b>: the pass stops after {@code coalesce_limit} merges.</li>
 * </ul>
 * The result ({@link dev.regtune.core.coalesce.CoalescedFunction}) renames merged registers to
 * their representative (the lowest-numbered member) and keeps merged copies as copies of a
 * register to itself, marked removed, so instruction and operand indices stay those of the
 * parsed function and an assignment lifts back to it for the checker.
 *
 * <p>On nvcc's PTX the pass sees copies but merges none: CICC has run it already, and the copies
 * that survive in the emitted PTX are those whose registers interfere.
 */
package dev.regtune.core.coalesce;
