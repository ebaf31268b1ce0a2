/**
 * GPU architectures as the register allocator and the occupancy model see them.
 *
 * <p>What this package does:
 * <ul>
 *   <li>{@link dev.regtune.core.arch.ArchProfile} is one architecture's resource limits (register
 *       file and its allocation granularity, warp and block slots, shared memory, uniform and
 *       predicate registers), with the values of NVIDIA's {@code cuda_occupancy.h} and the CUDA
 *       programming guide's compute-capability table;</li>
 *   <li>{@link dev.regtune.core.arch.ArchProfiles} is the closed catalogue of supported
 *       architectures ({@code sm_70} .. {@code sm_120}) and the one place names are parsed;</li>
 *   <li>{@link dev.regtune.core.arch.OccupancyCalculator} turns a register count, block size and
 *       shared-memory size into active blocks and warps per SM, giving the same answer as NVIDIA's
 *       {@code cudaOccMaxActiveBlocksPerMultiprocessor} (checked row by row against a reference
 *       table produced by that header), and derives the register cap that ptxas applies for
 *       {@code __launch_bounds__}.</li>
 * </ul>
 *
 * <p>What it must not do: allocate registers, know about kernels, knobs, PTX or files; hold
 * mutable or global state; read the machine's GPU or CUDA installation at run time (the values
 * are constants so that results are the same on every machine, with or without a GPU). Every
 * class here is immutable and thread-safe, and every result is a pure function of its inputs.
 */
package dev.regtune.core.arch;
