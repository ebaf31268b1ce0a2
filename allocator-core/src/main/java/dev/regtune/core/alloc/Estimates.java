package dev.regtune.core.alloc;

/**
 * RegTune's estimates for one allocated function (no {@code ptxas -v} counterpart).
 *
 * @param latencyCycles estimated cycles of one thread's execution, block-frequency weighted
 * @param occupancy active warps per SM over the architecture's maximum
 * @param activeWarps active warps per SM
 * @param work what one warp issues (the occupancy-independent input of the kernel time)
 * @param time the estimated kernel time at {@code activeWarps} ({@code dev.regtune.core.model.KernelTimeModel})
 */
public record Estimates(long latencyCycles, double occupancy, int activeWarps, WarpWork work, KernelTime time) {
    /** What a failed allocation reports. */
    public static final Estimates NONE = new Estimates(0, 0.0, 0, WarpWork.NONE, KernelTime.NONE);
}
