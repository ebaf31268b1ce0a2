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
 *                M / P )         memory:  P requests in flight, a warp's requests occupy M cycles of one slot
 *   M = G x lat(global) + S x lat(local)
 * </pre>
 * where, per warp and block-frequency weighted ({@link WarpWork}): {@code I} the instructions issued
 * (spill reloads and stores included), {@code L} the latency model's cycles of one thread
 * ({@link LatencyModel}, exposed spill-reload latency included), {@code G} the global-memory and
 * {@code S} the local-memory (spill) requests; {@code W} the active warps per SM from the occupancy
 * calculator, {@code R} the issue rate and {@code P} the requests in flight per SM
 * ({@link TimeParameters}: architecture table values, each a knob). {@code N} is by default the
 * architecture's resident-warp limit, so a latency-bound kernel at full occupancy takes exactly
 * {@code L}, and half the occupancy takes {@code 2L}.
 *
 * <p>Sources: Little's law as used for GPU latency hiding (V. Volkov, "Understanding Latency Hiding
 * on GPUs", PhD thesis, UC Berkeley, 2016: the concurrency needed is latency times throughput); the
 * three-way bound is the structure of S. Hong and H. Kim, "An Analytical Model for a GPU
 * Architecture with Memory-level and Thread-level Parallelism Awareness", ISCA 2009, reduced to its
 * limits: their CWP (warps that can compute while one waits on memory) and MWP (memory requests in
 * flight) are here {@code W} against {@code L / I} and {@code P}, and their cases "memory bound" /
 * "compute bound" / "not enough warps" are the memory, issue and latency terms.
 *
 * <p>Assumptions and limits: the bounds overlap perfectly (the time is their maximum, not a sum);
 * every warp of the work behaves like the modelled thread (no divergence, no tail of a last partial
 * wave); all requests are 128-byte coalesced transactions and local memory hits L1; caches,
 * bank conflicts and the scheduler's dual issue are not modelled. It is an estimate without a GPU,
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
        double memory = n * requestCycles / p.memoryParallelism();
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
