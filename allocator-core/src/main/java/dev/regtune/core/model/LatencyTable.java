package dev.regtune.core.model;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.InstrKind;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Result latencies in cycles per instruction kind for one architecture generation, and the
 * costs of spill traffic. The figures are the dependent-issue latencies published by
 * micro-benchmark studies of Volta, Turing, Ampere and Hopper (L1-hit for local memory, L2-hit
 * for global memory); they are a model input, not a claim about any one kernel.
 *
 * @param name generation name, for reports
 * @param latency cycles until the result of each kind can be used
 * @param localLoadLatency cycles of a spill reload (LDL hitting L1)
 * @param localStoreIssue issue cycles of a spill store (STL)
 * @param sharedLoadLatency cycles of a shared-memory spill reload (LDS)
 * @param issueRate warp instructions one SM issues per cycle: one per scheduler, four schedulers
 *     (sub-partitions) per SM on every generation from Volta on (CUDA programming guide,
 *     "Hardware Multithreading"; the Volta to Hopper whitepapers)
 * @param memoryParallelism memory requests (one 128-byte warp transaction each) one SM keeps in
 *     flight, by Little's law the DRAM bandwidth per SM per cycle times the global-load latency over
 *     128 bytes: V100 900 GB/s / 80 SMs / 1.38 GHz x 400 cycles = 25; T4 320 / 40 / 1.59 x 450 = 18;
 *     A100 1555 / 108 / 1.41 x 400 = 35; RTX 3090 936 / 82 / 1.70 x 420 = 22; H100 SXM
 *     3350 / 132 / 1.755 x 380 = 43; B200 8000 / 148 / 1.90 x 380 = 84. The same figure over the
 *     L1-hit local latency (~24 cycles) gives about one local request per cycle, the L1's 128 bytes
 *     per cycle, so one constant serves both spaces
 * @param warpRequestsInFlight memory requests one warp keeps in flight, so that the SM's requests in
 *     flight are at most {@code activeWarps x this} (Hong and Kim's {@code MWP <= N}, N the active
 *     warps): 1 on every generation, as in Hong and Kim's model (S. Hong and H. Kim, ISCA 2009: MWP
 *     counts the warps that access memory at once, a warp's memory period running from its memory
 *     instruction until its requests are serviced, and a warp waits for it before computing on);
 *     the conservative reading, a warp without memory-level parallelism of its own. Volkov (2016)
 *     counts the concurrency as warps times the independent requests of one warp, which a kernel
 *     with independent loads exceeds: the knob raises it
 */
public record LatencyTable(String name, Map<InstrKind, Integer> latency, int localLoadLatency, int localStoreIssue,
        int sharedLoadLatency, double issueRate, int memoryParallelism, double warpRequestsInFlight) {

    /** Warp schedulers per SM, each issuing one warp instruction per cycle (sm_70 and later). */
    private static final double SCHEDULERS_PER_SM = 4.0;

    public LatencyTable {
        latency = Map.copyOf(latency);
        for (InstrKind k : InstrKind.values()) {
            if (!latency.containsKey(k)) {
                throw new IllegalArgumentException("latency table " + name + " has no entry for " + k);
            }
        }
        if (!(issueRate > 0) || memoryParallelism <= 0 || !(warpRequestsInFlight > 0)) {
            throw new IllegalArgumentException("latency table " + name + " needs a positive issue rate, memory "
                    + "parallelism and requests in flight per warp but has " + issueRate + ", " + memoryParallelism
                    + " and " + warpRequestsInFlight);
        }
    }

    public int of(InstrKind kind) {
        return Objects.requireNonNull(latency.get(kind)); // complete: the constructor checks every kind
    }

    private static final LatencyTable VOLTA =
            table("volta", 4, 6, 8, 18, 4, 2, 5, 28, 400, 4, 0, 24, 24, 6, 16, 25, 1.0);
    private static final LatencyTable TURING =
            table("turing", 4, 6, 10, 20, 4, 2, 5, 32, 450, 4, 0, 26, 26, 6, 18, 18, 1.0);
    private static final LatencyTable AMPERE_A100 =
            table("ampere-a100", 4, 5, 8, 18, 4, 2, 4, 30, 400, 4, 0, 24, 24, 6, 16, 35, 1.0);
    private static final LatencyTable AMPERE_ADA =
            table("ampere-ada", 4, 5, 16, 18, 4, 2, 4, 30, 420, 4, 0, 24, 24, 6, 18, 22, 1.0);
    private static final LatencyTable HOPPER =
            table("hopper", 4, 4, 8, 16, 4, 2, 4, 30, 380, 4, 0, 22, 22, 6, 16, 43, 1.0);
    private static final LatencyTable BLACKWELL =
            table("blackwell", 4, 4, 8, 16, 4, 2, 4, 30, 380, 4, 0, 22, 22, 6, 16, 84, 1.0);

    /** The table for an architecture, chosen by SM generation (one immutable value per generation). */
    public static LatencyTable forArch(ArchProfile arch) {
        int sm = arch.smVersion();
        if (sm < 75) {
            return VOLTA;
        }
        if (sm < 80) {
            return TURING;
        }
        if (sm == 80) {
            return AMPERE_A100;
        }
        if (sm < 90) {
            return AMPERE_ADA;
        }
        if (sm == 90) {
            return HOPPER;
        }
        return BLACKWELL;
    }

    private static LatencyTable table(String name, int alu, int fp32, int fp64, int sfu, int cvt, int mov, int imul,
            int shared, int global, int constant, int param, int warp, int local, int branch, int mma,
            int memoryParallelism, double warpRequestsInFlight) {
        Map<InstrKind, Integer> m = new EnumMap<>(InstrKind.class);
        m.put(InstrKind.INT_ALU, alu);
        m.put(InstrKind.FP32, fp32);
        m.put(InstrKind.FP64, fp64);
        m.put(InstrKind.SFU, sfu);
        m.put(InstrKind.CONVERT, cvt);
        m.put(InstrKind.MOVE, mov);
        m.put(InstrKind.INT_MUL, imul);
        m.put(InstrKind.LOAD_GLOBAL, global);
        m.put(InstrKind.LOAD_SHARED, shared);
        m.put(InstrKind.LOAD_LOCAL, local + 8);
        m.put(InstrKind.LOAD_CONST, constant);
        m.put(InstrKind.LOAD_PARAM, constant + param);
        m.put(InstrKind.STORE_GLOBAL, 1);
        m.put(InstrKind.STORE_SHARED, 1);
        m.put(InstrKind.STORE_LOCAL, 1);
        m.put(InstrKind.STORE_PARAM, 1);
        m.put(InstrKind.ATOMIC, global);
        m.put(InstrKind.WARP, warp);
        m.put(InstrKind.BARRIER, 20);
        m.put(InstrKind.MMA, mma);
        m.put(InstrKind.TEXTURE, global);
        m.put(InstrKind.BRANCH, branch);
        m.put(InstrKind.CALL, 2 * branch);
        m.put(InstrKind.RETURN, branch);
        m.put(InstrKind.OTHER, alu);
        return new LatencyTable(name, m, local, 1, shared, SCHEDULERS_PER_SM, memoryParallelism,
                warpRequestsInFlight);
    }
}
