/**
 * Pre-allocation scheduling: ptxas reorders each basic block before it allocates registers, and
 * the order decides the pressure the allocator sees. Its list scheduler hoists loads and other
 * long-latency work ahead of their uses while the block's pressure stays under a register target
 * (on real code: kernels whose PTX keeps a handful of values live get 32 registers, because the
 * loads, parameter reads and address materialisations all move to the top), and above the target
 * it picks the instructions that free registers first (an 894-instruction shared-memory GEMM whose
 * PTX keeps 198 values live gets 66).
 *
 * <p>{@link dev.regtune.core.schedule.BlockDependences} builds one block's dependence graph
 * (registers, memory, fences); {@link dev.regtune.core.schedule.PressureScheduler} orders it, weighing
 * instructions by what {@code PressureOperands} gathers of their operands once per block;
 * {@link dev.regtune.core.schedule.PreAllocationSchedulingStage} is the fat-point pipeline's stage.
 * The target and the latency weights are knobs ({@code RegTuneSchedule...}).
 *
 * <p>Before the scheduler, where ptxas reads kernel parameters decides what is live across blocks:
 * {@code ParameterLoadSinking} moves a parameter read to the block that uses it and
 * {@code ParameterRematerialization} copies a pointer's read into each block of a loop that uses it
 * without running on every iteration (their stages {@link
 * dev.regtune.core.schedule.ParameterSinkingStage} and {@link
 * dev.regtune.core.schedule.ParameterRematerializationStage}).
 *
 * <p>This package must not depend on an allocator family ({@code fatpoint}, {@code briggs}); it
 * reads the IR and the analyses only.
 */
package dev.regtune.core.schedule;
