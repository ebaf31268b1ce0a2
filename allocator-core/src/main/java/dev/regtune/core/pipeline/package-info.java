/**
 * The frame every allocator family is built on: a {@link dev.regtune.core.pipeline.Pipeline} of
 * {@link dev.regtune.core.pipeline.Stage}s over one {@link dev.regtune.core.pipeline.AllocationState}
 * per allocation (regalloc2's {@code Env}; LLVM's pass manager with required analyses).
 *
 * <h2>Contract of a stage</h2>
 * <ul>
 * <li>It reads what earlier stages left in the state and leaves its own output there; it keeps
 * nothing between calls (stages are shared by every thread).</li>
 * <li>It takes analyses from {@link dev.regtune.core.pipeline.AllocationState#analyses()}, which
 * computes each on first request. A stage that changes the function calls {@link
 * dev.regtune.core.pipeline.AllocationState#rewrite}, which replaces the analyses by an empty set
 * for the new function (explicit invalidation: nothing computed on the old code survives) and
 * records how to lift the final assignment back to the caller's function. A code transform
 * calls {@link dev.regtune.core.pipeline.AllocationState#transform}, which keeps only the analyses
 * of the CFG, or {@link dev.regtune.core.pipeline.AllocationState#transformWithinBlocks} when the
 * change keeps every block's live sets (a reordering within blocks along the register
 * dependences, values defined and read within one block), which keeps the liveness too.</li>
 * <li>It reports its decisions to the state's listener only when {@link
 * dev.regtune.core.pipeline.AllocationState#explaining()} is true, so an allocation nobody listens
 * to builds no event, and counts its work in the state's counters.</li>
 * <li>It fails the allocation with {@link dev.regtune.core.pipeline.AllocationState#fail()} (ptxas's
 * message); the pipeline then stops.</li>
 * </ul>
 * A family that allocates the same function again at another budget (fat-point's occupancy cliff
 * landing) can resume a fresh state from an {@link dev.regtune.core.pipeline.AllocationState.Checkpoint}
 * taken before the first stage that reads the budget, and run the rest of the pipeline with
 * {@link dev.regtune.core.pipeline.Pipeline#run(AllocationState, int, int)}.
 * Adding a stage is one class implementing {@code Stage} and one line in the family's pipeline;
 * the README's stage table is tested against the pipelines.
 *
 * <p>This package must not depend on any family ({@code fatpoint}, {@code briggs}); the families
 * depend on it.
 */
package dev.regtune.core.pipeline;
