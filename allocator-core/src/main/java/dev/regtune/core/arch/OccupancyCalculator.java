package dev.regtune.core.arch;

import java.util.Objects;

/**
 * Occupancy as NVIDIA computes it, and the register cap ptxas derives from launch bounds.
 *
 * <p>{@link #compute} reproduces {@code cudaOccMaxActiveBlocksPerMultiprocessor} from CUDA's
 * {@code cuda_occupancy.h} for a kernel that has opted in to the architecture's full per-block
 * shared memory, with the default shared-memory carve-out and partitioned global caching off
 * (it is not supported on sm_70+). The test {@code OccupancyCalculatorTest} holds it to the
 * header's answers, row by row, over 5120 configurations on every supported architecture.
 * {@link #maxRegistersForWarps} and {@link #registerCapForLaunchBounds} are held to the register
 * counts ptxas 13.0 reports for 1078 launch bounds on sm_75..sm_120 ({@code MaxRegistersForWarpsTest}).
 *
 * <p>The class is stateless and therefore thread-safe; one instance may be shared freely.
 * All arithmetic is integer arithmetic on {@code long}, so no input can overflow into a wrong
 * but plausible answer.
 */
public final class OccupancyCalculator {

    /**
     * Block size from which ptxas treats an out-of-range {@code .minnctapersm} as 1 (observed on
     * sm_75..sm_120 with ptxas 13.0: 767 threads still get as many blocks as warp slots allow).
     */
    private static final int PTXAS_IGNORED_BOUND_LARGE_BLOCK = 768;

    /** Creates a calculator; it holds no state, so any number of them behave identically. */
    public OccupancyCalculator() {
    }

    /**
     * Resident blocks and warps per SM for blocks of {@code threadsPerBlock} threads that use
     * {@code registersPerThread} registers each and {@code sharedMemoryPerBlockBytes} bytes of
     * shared memory (static plus dynamic).
     *
     * <p>With {@code W = ceil(threadsPerBlock / warpSize)} warps per block, the result is the
     * minimum of four limits:
     * <ul>
     *   <li><b>warps</b>: {@code floor(maxWarpsPerSm / W)}, or 0 if the block has more than
     *       {@code maxThreadsPerBlock} threads;</li>
     *   <li><b>registers</b>: each warp gets {@code regsPerWarp = roundUp(registersPerThread * warpSize,
     *       registerAllocationUnitSize)} registers. The register file is split over
     *       {@code P = warpAllocationGranularity} sub-partitions and a warp lives in one of them, so
     *       {@code floor(floor(registersPerSm / P) / regsPerWarp) * P} warps fit, i.e.
     *       {@code floor(that / W)} blocks. Rounding per sub-partition matters: at 40 registers a
     *       warp takes 1280 registers, and 48 warps fit, not {@code floor(65536 / 1280) = 51}.
     *       The launch is refused (0 blocks) if {@code regsPerWarp * roundUp(W, P)} exceeds
     *       {@code registersPerBlock}: the hardware checks a block as if its warps were spread
     *       evenly over all sub-partitions. No limit when the kernel uses no registers;</li>
     *   <li><b>shared memory</b>: a block takes {@code smem = roundUp(sharedMemoryPerBlockBytes +
     *       reservedSharedMemoryPerBlock, sharedMemoryAllocationUnit)} bytes (the driver's 1 KiB
     *       reservation on sm_80+ counts even for a kernel with no shared memory), giving
     *       {@code floor(sharedMemoryPerSm / smem)} blocks, or 0 if {@code smem} exceeds
     *       {@code maxSharedMemoryPerBlockOptIn + reservedSharedMemoryPerBlock};</li>
     *   <li><b>blocks</b>: {@code maxBlocksPerSm}.</li>
     * </ul>
     * Then {@code activeWarpsPerSm = activeBlocks * W} and
     * {@code occupancy = activeWarpsPerSm / maxWarpsPerSm}. The limiter is the first of WARPS,
     * REGISTERS, SHARED_MEMORY, BLOCKS whose limit equals the minimum (NVIDIA reports all ties
     * as a bit set; this picks its lowest bit). The header's block-barrier limit (sm_90+) is not
     * modelled: with the one barrier every kernel has it never falls below the block limit.
     *
     * <p>Configurations that cannot launch (a block larger than the architecture allows, more
     * registers or shared memory than a block may have) are not errors: like NVIDIA's calculator,
     * the result has 0 active blocks and names the resource at fault.
     *
     * @param arch                      the architecture
     * @param registersPerThread        registers per thread as ptxas reports them, 0..{@code maxRegistersPerThread};
     *                                  0 means the kernel uses no registers
     * @param threadsPerBlock           threads per block, positive
     * @param sharedMemoryPerBlockBytes static plus dynamic shared memory per block, non-negative
     * @return resident blocks, warps and occupancy, and what limits them
     * @throws IllegalArgumentException if an input is out of the ranges above
     */
    public Occupancy compute(ArchProfile arch, int registersPerThread, int threadsPerBlock,
                             int sharedMemoryPerBlockBytes) {
        Objects.requireNonNull(arch, "arch");
        if (registersPerThread < 0 || registersPerThread > arch.maxRegistersPerThread()) {
            throw new IllegalArgumentException("registersPerThread must be between 0 and "
                    + arch.maxRegistersPerThread() + " on " + arch.name() + " but is " + registersPerThread + ".");
        }
        requirePositive("threadsPerBlock", threadsPerBlock);
        if (sharedMemoryPerBlockBytes < 0) {
            throw new IllegalArgumentException(
                    "sharedMemoryPerBlockBytes must not be negative but is " + sharedMemoryPerBlockBytes + ".");
        }

        long warpsPerBlock = ceilDiv(threadsPerBlock, arch.warpSize());
        long byWarps = warpLimit(arch, threadsPerBlock, warpsPerBlock);
        long byRegisters = registerLimit(arch, registersPerThread, warpsPerBlock);
        long bySharedMemory = sharedMemoryLimit(arch, sharedMemoryPerBlockBytes);
        long byBlocks = arch.maxBlocksPerSm();

        long blocks = Math.min(Math.min(byWarps, byRegisters), Math.min(bySharedMemory, byBlocks));
        Occupancy.Limiter limiter = blocks == byWarps ? Occupancy.Limiter.WARPS
                : blocks == byRegisters ? Occupancy.Limiter.REGISTERS
                : blocks == bySharedMemory ? Occupancy.Limiter.SHARED_MEMORY
                : Occupancy.Limiter.BLOCKS;
        // blocks <= maxBlocksPerSm and blocks * W <= maxWarpsPerSm, so both fit in an int.
        int activeWarps = Math.toIntExact(blocks * warpsPerBlock);
        return new Occupancy(Math.toIntExact(blocks), activeWarps,
                (double) activeWarps / arch.maxWarpsPerSm(), limiter);
    }

    /**
     * The most registers per thread ptxas may use so that {@code minBlocksPerSm} blocks of
     * {@code threadsPerBlock} threads fit in the register file together: the cap it applies for
     * {@code __launch_bounds__(threadsPerBlock, minBlocksPerSm)} (PTX {@code .maxntid} and
     * {@code .minnctapersm}).
     *
     * <p>With {@code W = ceil(threadsPerBlock / warpSize)} and {@code P = warpAllocationGranularity}
     * sub-partitions, each sub-partition must hold {@code k = ceil(minBlocksPerSm * W / P)} warps.
     * A sub-partition has {@code U = registersPerSm / P / registerAllocationUnitSize} allocation
     * units (64), so a warp may take {@code floor(U / k)} units, further bounded by the per-block
     * launch check {@code floor(registersPerBlock / (registerAllocationUnitSize * roundUp(W, P)))}.
     * The result is {@code min(maxRegistersPerThread, units * registerAllocationUnitSize / warpSize)}:
     * a multiple of 8, or 255 when nothing binds. Example on sm_90: 256 threads and 2 blocks give
     * W = 8, k = 4, 16 units, 128 registers; 160 threads and 3 blocks give W = 5, k = 4, also 128
     * (not {@code 65536 / 480 = 136}, because warps do not share sub-partitions). These are the
     * counts ptxas 13.0 reports for register-hungry kernels with those launch bounds.
     *
     * <p>By construction, {@link #compute} with the returned count has at least
     * {@code minBlocksPerSm} blocks resident (for a kernel within the shared-memory limits), and with
     * the next allocatable count (8 more) fewer.
     *
     * @param arch            the architecture
     * @param threadsPerBlock the launch bound on threads per block, 1..{@code maxThreadsPerBlock}
     * @param minBlocksPerSm  the blocks that must be resident at once, 1..{@code maxBlocksPerSm},
     *                        with {@code minBlocksPerSm * W <= maxWarpsPerSm}
     * @return the register cap per thread
     * @throws IllegalArgumentException if an input is out of range; for bounds that cannot fit on
     *         an SM ptxas itself warns that {@code .minnctapersm} "will be ignored" and falls back
     *         to the rule {@link #registerCapForLaunchBounds} models
     */
    public int maxRegistersForWarps(ArchProfile arch, int threadsPerBlock, int minBlocksPerSm) {
        Objects.requireNonNull(arch, "arch");
        requirePositive("threadsPerBlock", threadsPerBlock);
        requirePositive("minBlocksPerSm", minBlocksPerSm);
        if (threadsPerBlock > arch.maxThreadsPerBlock()) {
            throw new IllegalArgumentException("threadsPerBlock must be at most " + arch.maxThreadsPerBlock()
                    + " on " + arch.name() + " but is " + threadsPerBlock + ".");
        }
        if (minBlocksPerSm > arch.maxBlocksPerSm()) {
            throw new IllegalArgumentException("minBlocksPerSm must be at most " + arch.maxBlocksPerSm()
                    + " on " + arch.name() + " but is " + minBlocksPerSm + ", a bound ptxas ignores.");
        }
        long warpsPerBlock = ceilDiv(threadsPerBlock, arch.warpSize());
        long warpsPerSm = warpsPerBlock * minBlocksPerSm;
        if (warpsPerSm > arch.maxWarpsPerSm()) {
            throw new IllegalArgumentException(minBlocksPerSm + " blocks of " + threadsPerBlock
                    + " threads need " + warpsPerSm + " warps, more than the " + arch.maxWarpsPerSm()
                    + " an SM of " + arch.name() + " holds, a bound ptxas ignores.");
        }
        int subPartitions = arch.warpAllocationGranularity();
        int unit = arch.registerAllocationUnitSize();
        long unitsPerSubPartition = arch.registersPerSm() / subPartitions / unit;
        long warpsPerSubPartition = ceilDiv(warpsPerSm, subPartitions);
        long unitsPerWarp = Math.min(unitsPerSubPartition / warpsPerSubPartition,
                arch.registersPerBlock() / (unit * roundUp(warpsPerBlock, subPartitions)));
        return (int) Math.min(arch.maxRegistersPerThread(), unitsPerWarp * unit / arch.warpSize());
    }

    /**
     * The register cap ptxas applies for {@code __launch_bounds__(maxThreadsPerBlock, minBlocksPerSm)},
     * including bounds that cannot fit on one SM, for which ptxas warns that {@code .minnctapersm}
     * "will be ignored" but does not simply drop it. Use this where a kernel's launch bounds come
     * from PTX and must not fail the allocation; use {@link #maxRegistersForWarps} where the
     * bounds are known to fit.
     *
     * <p>If {@code minBlocksPerSm} blocks fit ({@code minBlocksPerSm <= maxBlocksPerSm} and
     * {@code minBlocksPerSm * W <= maxWarpsPerSm}), this is {@link #maxRegistersForWarps}. Otherwise
     * ptxas 13.0 behaves as if the bound were {@code 1} for blocks of 768 threads or more, and
     * {@code min(maxBlocksPerSm, floor(maxWarpsPerSm / W))} (as many blocks as warp slots allow)
     * for smaller blocks. That rule is empirical: it reproduces 492 of the 494 out-of-range launch
     * bounds recorded in {@code launch_bounds_ptxas.csv}; the two exceptions are 32-thread blocks
     * with 24 or 32 blocks on sm_86, where ptxas drops the bound entirely (255 registers, not 128).
     *
     * @param arch               the architecture
     * @param maxThreadsPerBlock the {@code .maxntid} bound, 1..{@code arch.maxThreadsPerBlock()}
     * @param minBlocksPerSm     the {@code .minnctapersm} bound, positive
     * @return the register cap per thread
     * @throws IllegalArgumentException if a bound is not positive or the block is larger than the
     *         architecture allows
     */
    public int registerCapForLaunchBounds(ArchProfile arch, int maxThreadsPerBlock, int minBlocksPerSm) {
        Objects.requireNonNull(arch, "arch");
        requirePositive("maxThreadsPerBlock", maxThreadsPerBlock);
        requirePositive("minBlocksPerSm", minBlocksPerSm);
        if (maxThreadsPerBlock > arch.maxThreadsPerBlock()) {
            throw new IllegalArgumentException("maxThreadsPerBlock must be at most " + arch.maxThreadsPerBlock()
                    + " on " + arch.name() + " but is " + maxThreadsPerBlock + ".");
        }
        long warpsPerBlock = ceilDiv(maxThreadsPerBlock, arch.warpSize());
        boolean fits = minBlocksPerSm <= arch.maxBlocksPerSm()
                && warpsPerBlock * minBlocksPerSm <= arch.maxWarpsPerSm();
        int blocks = fits ? minBlocksPerSm
                : maxThreadsPerBlock >= PTXAS_IGNORED_BOUND_LARGE_BLOCK ? 1
                : (int) Math.min(arch.maxBlocksPerSm(), arch.maxWarpsPerSm() / warpsPerBlock);
        return maxRegistersForWarps(arch, maxThreadsPerBlock, blocks);
    }

    /** Blocks per SM allowed by warp slots; 0 for a block larger than the architecture allows. */
    private static long warpLimit(ArchProfile arch, int threadsPerBlock, long warpsPerBlock) {
        if (threadsPerBlock > arch.maxThreadsPerBlock()) {
            return 0;
        }
        return arch.maxWarpsPerSm() / warpsPerBlock;
    }

    /** Blocks per SM allowed by the register file, counted per sub-partition as the hardware does. */
    private static long registerLimit(ArchProfile arch, int registersPerThread, long warpsPerBlock) {
        int subPartitions = arch.warpAllocationGranularity();
        long registersPerWarp = roundUp((long) registersPerThread * arch.warpSize(), arch.registerAllocationUnitSize());
        if (registersPerWarp * roundUp(warpsPerBlock, subPartitions) > arch.registersPerBlock()) {
            return 0;
        }
        if (registersPerWarp == 0) {
            return Long.MAX_VALUE;
        }
        long warpsPerSubPartition = (arch.registersPerSm() / subPartitions) / registersPerWarp;
        return warpsPerSubPartition * subPartitions / warpsPerBlock;
    }

    /** Blocks per SM allowed by shared memory, including the driver's per-block reservation. */
    private static long sharedMemoryLimit(ArchProfile arch, int sharedMemoryPerBlockBytes) {
        long perBlock = roundUp((long) sharedMemoryPerBlockBytes + arch.reservedSharedMemoryPerBlock(),
                arch.sharedMemoryAllocationUnit());
        if (perBlock > (long) arch.maxSharedMemoryPerBlockOptIn() + arch.reservedSharedMemoryPerBlock()) {
            return 0;
        }
        if (perBlock == 0) {
            return Long.MAX_VALUE;
        }
        return arch.sharedMemoryPerSm() / perBlock;
    }

    private static void requirePositive(String parameter, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(parameter + " must be positive but is " + value + ".");
        }
    }

    private static long ceilDiv(long x, long y) {
        return (x + y - 1) / y;
    }

    private static long roundUp(long x, long y) {
        return ceilDiv(x, y) * y;
    }

    /**
     * The largest register count below {@code demand} at which more warps are active than at
     * {@code demand} with blocks of {@code threadsPerBlock}, or -1 when {@code demand} already
     * allows the most warps: the occupancy cliff ptxas lands on without a register limit.
     */
    public int cliffBelow(ArchProfile arch, int demand, int threadsPerBlock) {
        int d = Math.min(demand, arch.maxRegistersPerThread());
        int warps = compute(arch, d, threadsPerBlock, 0).activeWarpsPerSm();
        // Only the register limit varies with r: the other three limits of compute are taken once
        // (every entry without a register limit asks, and every allocation of one asks again).
        long warpsPerBlock = ceilDiv(threadsPerBlock, arch.warpSize());
        long others = Math.min(Math.min(warpLimit(arch, threadsPerBlock, warpsPerBlock), sharedMemoryLimit(arch, 0)),
                arch.maxBlocksPerSm());
        // The register limit never grows with r (a warp's registers round up, the file is divided
        // by them), so "more warps at r" holds for every r up to the cliff and none above it: the
        // largest such r below d is found by bisection instead of a walk down from d.
        if (d - 1 < 1 || !moreWarps(arch, 1, warpsPerBlock, others, warps)) {
            return -1;
        }
        int lo = 1; // more warps at lo
        int hi = d; // not more at hi (the demand itself)
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (moreWarps(arch, mid, warpsPerBlock, others, warps)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether {@code r} registers per thread leave more than {@code warps} warps active (see {@link #cliffBelow}). */
    private static boolean moreWarps(ArchProfile arch, int r, long warpsPerBlock, long others, int warps) {
        return Math.min(others, registerLimit(arch, r, warpsPerBlock)) * warpsPerBlock > warps;
    }
}
