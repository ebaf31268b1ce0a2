package dev.regtune.core.model;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.InstrKind;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;

/**
 * The constants of {@link KernelTimeModel} for one architecture and knob setting: each is a knob
 * whose 0 takes the architecture table's value ({@link LatencyTable}).
 *
 * @param issueRate warp instructions per cycle per SM ({@code RegTuneTimeIssueRate})
 * @param memoryParallelism memory requests in flight per SM ({@code RegTuneTimeMemoryParallelism})
 * @param warpRequestsInFlight memory requests one warp keeps in flight ({@code RegTuneTimeWarpRequestsInFlight})
 * @param globalLatency cycles a global request occupies ({@link LatencyTable} LOAD_GLOBAL)
 * @param localLatency cycles a local request occupies ({@code RegTuneLocalLoadLatency} or the table's L1-hit LDL)
 * @param workWarps warps of work per SM the time is for ({@code RegTuneTimeWorkWarps})
 * @param countGlobal whether global requests count in the memory bound ({@code RegTuneTimeGlobalTraffic})
 */
public record TimeParameters(double issueRate, int memoryParallelism, double warpRequestsInFlight, int globalLatency,
        int localLatency, int workWarps, boolean countGlobal) {

    public TimeParameters {
        if (!(issueRate > 0) || memoryParallelism <= 0 || !(warpRequestsInFlight > 0) || workWarps <= 0
                || globalLatency < 0 || localLatency < 0) {
            throw new IllegalArgumentException("time model parameters must be positive: issue rate " + issueRate
                    + ", memory parallelism " + memoryParallelism + ", requests in flight per warp "
                    + warpRequestsInFlight + ", work warps " + workWarps);
        }
    }

    /** The parameters {@code knobs} give on {@code arch}. */
    public static TimeParameters of(ArchProfile arch, Knobs knobs) {
        LatencyTable table = LatencyTable.forArch(arch);
        double issue = knobs.get(KnobCatalogue.TIME_ISSUE_RATE);
        int parallelism = knobs.getInt(KnobCatalogue.TIME_MEMORY_PARALLELISM);
        double perWarp = knobs.get(KnobCatalogue.TIME_WARP_REQUESTS_IN_FLIGHT);
        int work = knobs.getInt(KnobCatalogue.TIME_WORK_WARPS);
        int ldl = knobs.getInt(KnobCatalogue.LOCAL_LOAD_LATENCY);
        return new TimeParameters(issue > 0 ? issue : table.issueRate(),
                parallelism > 0 ? parallelism : table.memoryParallelism(),
                perWarp > 0 ? perWarp : table.warpRequestsInFlight(),
                table.of(InstrKind.LOAD_GLOBAL), ldl > 0 ? ldl : table.localLoadLatency(),
                work > 0 ? work : arch.maxWarpsPerSm(), knobs.getBool(KnobCatalogue.TIME_GLOBAL_TRAFFIC));
    }
}
