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
 */
public record LatencyTable(String name, Map<InstrKind, Integer> latency, int localLoadLatency, int localStoreIssue,
        int sharedLoadLatency) {

    public LatencyTable {
        latency = Map.copyOf(latency);
        for (InstrKind k : InstrKind.values()) {
            if (!latency.containsKey(k)) {
                throw new IllegalArgumentException("latency table " + name + " has no entry for " + k);
            }
        }
    }

    public int of(InstrKind kind) {
        return Objects.requireNonNull(latency.get(kind)); // complete: the constructor checks every kind
    }

    /** The table for an architecture, chosen by SM generation. */
    public static LatencyTable forArch(ArchProfile arch) {
        int sm = arch.smVersion();
        if (sm < 75) {
            return table("volta", 4, 6, 8, 18, 4, 2, 5, 28, 400, 4, 0, 24, 24, 6, 16);
        }
        if (sm < 80) {
            return table("turing", 4, 6, 10, 20, 4, 2, 5, 32, 450, 4, 0, 26, 26, 6, 18);
        }
        if (sm == 80) {
            return table("ampere-a100", 4, 5, 8, 18, 4, 2, 4, 30, 400, 4, 0, 24, 24, 6, 16);
        }
        if (sm < 90) {
            return table("ampere-ada", 4, 5, 16, 18, 4, 2, 4, 30, 420, 4, 0, 24, 24, 6, 18);
        }
        if (sm == 90) {
            return table("hopper", 4, 4, 8, 16, 4, 2, 4, 30, 380, 4, 0, 22, 22, 6, 16);
        }
        return table("blackwell", 4, 4, 8, 16, 4, 2, 4, 30, 380, 4, 0, 22, 22, 6, 16);
    }

    private static LatencyTable table(String name, int alu, int fp32, int fp64, int sfu, int cvt, int mov, int imul,
            int shared, int global, int constant, int param, int warp, int local, int branch, int mma) {
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
        return new LatencyTable(name, m, local, 1, shared);
    }
}
