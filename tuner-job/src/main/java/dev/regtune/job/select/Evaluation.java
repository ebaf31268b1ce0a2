package dev.regtune.job.select;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.job.results.ResultStatus;

/**
 * One row of the result table as selection needs it: which kernel and configuration (indices into
 * {@link ResultTable#kernels()} and {@link ResultTable#configs()}), the status and the measured
 * figures. The figures mean something only when the status is {@link ResultStatus#OK}; for the
 * other statuses they are the best attempt's (ALLOC_FAILED) or 0 (no metrics).
 *
 * @param kernel index of the kernel
 * @param config index of the configuration
 * @param status the {@code status} column
 * @param registers registers per thread
 * @param spillBytes {@code spill_store_bytes + spill_load_bytes + smem_spill_bytes}
 * @param estLatencyCycles {@code est_latency_cycles}, -1 for a row of the real ptxas, which has none
 * @param occupancy {@code occupancy}, NaN when the row has none
 * @param estTimeCycles {@code est_time_cycles}, -1 when the row has none (written before result schema 4,
 *     or a kernel that cannot launch)
 * @param timeBound which bound of the kernel-time model sets {@code est_time_cycles} (the {@code time_bound}
 *     column), {@link KernelTime.Bound#NONE} when the row has none
 */
public record Evaluation(int kernel, int config, ResultStatus status, int registers, long spillBytes,
        long estLatencyCycles, double occupancy, long estTimeCycles, KernelTime.Bound timeBound) {

    /** An evaluation whose time bound is not known. */
    public Evaluation(int kernel, int config, ResultStatus status, int registers, long spillBytes,
            long estLatencyCycles, double occupancy, long estTimeCycles) {
        this(kernel, config, status, registers, spillBytes, estLatencyCycles, occupancy, estTimeCycles,
                KernelTime.Bound.NONE);
    }

    /** An evaluation without a kernel time (as result schema 3 and older wrote them). */
    public Evaluation(int kernel, int config, ResultStatus status, int registers, long spillBytes,
            long estLatencyCycles, double occupancy) {
        this(kernel, config, status, registers, spillBytes, estLatencyCycles, occupancy, -1);
    }

    /** Whether the row has an estimated latency: every model row; not a row of the real ptxas, which estimates none. */
    public boolean hasLatency() {
        return estLatencyCycles >= 0;
    }

    /** Whether the row has an estimated kernel time. */
    public boolean hasTime() {
        return estTimeCycles >= 0;
    }

    /** Whether the figures are a successful allocation's; only these rows can be "best". */
    public boolean ok() {
        return status == ResultStatus.OK;
    }
}
