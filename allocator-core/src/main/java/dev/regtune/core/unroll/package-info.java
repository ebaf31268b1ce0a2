/**
 * Loop transforms before allocation. Unrolling: ptxas unrolls a small innermost loop four times and its
 * scheduler then issues the copies' loads together, so the copies' addresses and loaded values
 * are live at once. Read from the SASS of ptxas 13.0.88 (sm_90) on a corpus-real kernel whose PTX
 * loop of eight instructions loads one float per iteration: the main loop computes four address
 * pairs ({@code IMAD.WIDE R12, R14, R16, R18}), issues four {@code LDG}, then four {@code FFMA},
 * and a remainder handles the last iterations; ptxas reports 24 registers where the PTX keeps
 * about ten values live. ptxas unrolls the same on sm_80 (the same number of {@code LDG}s for
 * generated loops with runtime and constant trip counts, {@code RuntimeUnrollTest}); what differs
 * between the two is where the loop's pointer lives, not the unrolling.
 *
 * <p>Induction variables that step together and start a parameter apart share one register
 * ({@link dev.regtune.core.unroll.InductionVariableMerging}, its stage
 * {@link dev.regtune.core.unroll.InductionVariableStage}), as ptxas's loop strength reduction keeps them.
 *
 * <p>{@link dev.regtune.core.unroll.InnermostLoopUnrolling} rewrites the function;
 * {@link dev.regtune.core.unroll.LoopUnrollingStage} is the fat-point pipeline's stage. The
 * factor and the largest body unrolled are knobs ({@code RegTuneUnroll...}).
 *
 * <p>This package must not depend on an allocator family; it reads the IR and the analyses only.
 */
package dev.regtune.core.unroll;
