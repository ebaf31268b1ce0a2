package dev.regtune.core.model;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.alloc.WarpWork;

/**
 * Estimated kernel time with occupancy: how long one SM takes to run a fixed amount of work,
 * {@code N} warps, when {@code W} of them are resident at once. It is what makes a register budget
 * worth something: fewer registers per thread mean more resident warps (occupancy) to hide latency
 * with, at the price of spill instructions and local-memory traffic.
 *
 * <p>The model is the bound form of Little's law (throughput = concurrency / latency), applied to
 * the three resources a warp waits for; the time is set by the scarcest:
 * <pre>
 *   T = N x max( I / R,          issue:   the SM issues R warp instructions per cycle
 *                L / W,          latency: W warps in flight, each needing L cycles, finish W per L cycles
 *                M / MWP )       memory:  MWP requests in flight, a warp's requests occupy M cycles of one slot
 *   M = G x lat(global) + S x lat(local)
 *   MWP = min( P, W x r )
 * </pre>
 * where, per warp and block-frequency weighted ({@link WarpWork}): {@code I} the instructions issued
 * (spill reloads and stores included), {@code L} the latency model's cycles of one thread
 * ({@link LatencyModel}, exposed spill-reload latency included), {@code G} the global-memory and
 * {@code S} the local-memory (spill) requests; {@code W} the active warps per SM from the occupancy
 * calculator, {@code R} the issue rate, {@code P} the requests the memory system keeps in flight per
 * SM (its bandwidth times its latency) and {@code r} the requests one warp keeps in flight
 * ({@link TimeParameters}: architecture table values, each a knob). The memory-warp parallelism
 * {@code MWP} is the smaller of what the memory system sustains and what the resident warps can
 * have outstanding: with few warps a memory-bound kernel is limited by its own concurrency and
 * gains from more warps until {@code W x r} reaches {@code P}, and not beyond. {@code N} is by
 * default the architecture's resident-warp limit, so a latency-bound kernel at full occupancy
 * takes exactly {@code L}, and half the occupancy takes {@code 2L}.
 *
 * <p>Sources: Little's law as used for GPU latency hiding (V. Volkov, "Understanding Latency Hiding
 * on GPUs", PhD thesis, UC Berkeley, 2016: the concurrency needed is latency times throughput); the
 * three-way bound is the structure of S. Hong and H. Kim, "An Analytical Model for a GPU
 * Architecture with Memory-level and Thread-level Parallelism Awareness", ISCA 2009, reduced to its
 * limits: their CWP (warps that can compute while one waits on memory) and MWP (memory requests in
 * flight) are here {@code W} against {@code L / I} and {@code min(P, W x r)} (their
 * {@code MWP = min(MWP_without_BW, MWP_peak_BW, N)}: requests in flight cannot exceed what the
 * {@code N} active warps have outstanding, one memory period per warp, {@code r = 1}; Volkov's
 * Little's law for memory: throughput = requests in flight / latency), and their cases "memory
 * bound" / "compute bound" / "not enough warps" are the memory, issue and latency terms.
 *
 * <p>Assumptions and limits: the bounds overlap perfectly (the time is their maximum, not a sum);
 * every warp of the work behaves like the modelled thread (no divergence, no tail of a last partial
 * wave); a warp keeps {@code r} requests in flight whatever its own memory-level parallelism
 * (with {@code r = 1}, the concurrency of a warp with independent loads is undercounted); all
 * requests are 128-byte coalesced transactions and local memory hits L1; caches, bank conflicts
 * and the scheduler's dual issue are not modelled. It is an estimate without a GPU,
 * for ranking configurations of one kernel, not a prediction of wall time.
 */
public final class KernelTimeModel {
    private KernelTimeModel() {
    }

    /**
     * @param work the warp's instructions and requests
     * @param latencyCycles one thread's latency ({@link LatencyModel#estimate})
     * @param activeWarps resident warps per SM; 0 means the kernel cannot launch ({@link KernelTime#NONE})
     */
    public static KernelTime estimate(WarpWork work, long latencyCycles, int activeWarps, TimeParameters p) {
        if (activeWarps <= 0) {
            return KernelTime.NONE;
        }
        double n = p.workWarps();
        double issue = n * work.instructions() / p.issueRate();
        double latency = n * (double) latencyCycles / activeWarps;
        double requestCycles = work.localRequests() * p.localLatency()
                + (p.countGlobal() ? work.globalRequests() * p.globalLatency() : 0.0);
        double inFlight = Math.min(p.memoryParallelism(), activeWarps * p.warpRequestsInFlight());
        double memory = n * requestCycles / inFlight;
        KernelTime.Bound bound = KernelTime.Bound.LATENCY;
        double t = latency;
        if (issue > t) {
            t = issue;
            bound = KernelTime.Bound.ISSUE;
        }
        if (memory > t) {
            t = memory;
            bound = KernelTime.Bound.MEMORY;
        }
        return new KernelTime(Math.round(t), bound, issue, latency, memory);
    }
}
