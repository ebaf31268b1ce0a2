package dev.regtune.core.alloc;

/**
 * The estimated time of a kernel ({@code dev.regtune.core.model.KernelTimeModel}) and the three bounds it is the largest of.
 *
 * @param cycles estimated cycles for one SM to run the work warps; -1 when the kernel cannot launch
 *     (no block fits on an SM)
 * @param bound which bound set it
 * @param issueCycles the issue bound: work warps x instructions / issue rate
 * @param latencyCycles the latency bound: work warps x one warp's latency / active warps
 * @param memoryCycles the memory bound: work warps x requests x their latency / memory parallelism
 */
public record KernelTime(long cycles, Bound bound, double issueCycles, double latencyCycles, double memoryCycles) {
    /** What a failed allocation or a kernel that cannot launch reports. */
    public static final KernelTime NONE = new KernelTime(-1, Bound.NONE, 0, 0, 0);

    /** What limits the estimated time. */
    public enum Bound {
        /** The SM's instruction issue: more warps cannot help, fewer instructions can. */
        ISSUE,
        /** Latency not hidden: more active warps (occupancy) help. */
        LATENCY,
        /** Requests in flight: memory (spill) traffic sets the pace. */
        MEMORY,
        /** No estimate (failed allocation, or no block fits). */
        NONE
    }

    /** Whether there is an estimate. */
    public boolean known() {
        return cycles >= 0;
    }
}
