package dev.regtune.job.select;

import dev.regtune.job.results.ResultColumns;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** A figure of an evaluation that an objective minimises. */
public enum Metric {
    /**
     * {@code est_time_cycles}: the occupancy-aware estimated kernel time (issue, latency hidden by the
     * active warps, memory requests in flight; {@code KernelTimeModel}). Rows without it (result
     * schema 3 and older, kernels that cannot launch) have no value and count as failed.
     */
    TIME("time", List.of("time", "kernel-time"), ResultColumns.EST_TIME_CYCLES),
    /** {@code est_latency_cycles}: the latency model's estimate for one thread. */
    LATENCY("latency", List.of("latency"), ResultColumns.EST_LATENCY_CYCLES),
    /** {@code spill_store_bytes + spill_load_bytes + smem_spill_bytes}. */
    SPILLS("spills", List.of("spills", "spill"), ResultColumns.SPILL_STORE_BYTES + " + "
            + ResultColumns.SPILL_LOAD_BYTES + " + " + ResultColumns.SMEM_SPILL_BYTES),
    /** {@code registers}: registers per thread. */
    REGISTERS("registers", List.of("registers", "register", "regs"), ResultColumns.REGISTERS);

    private final String word;
    private final List<String> spellings;
    private final String columns;

    Metric(String word, List<String> spellings, String columns) {
        this.word = word;
        this.spellings = spellings;
        this.columns = columns;
    }

    /** The metric's name in objectives: time, latency, spills, registers. */
    public String word() {
        return word;
    }

    /** The result columns it is computed from, in words. */
    public String columns() {
        return columns;
    }

    /** The metric's value for an evaluation. */
    public double of(Evaluation e) {
        return switch (this) {
            case TIME -> e.estTimeCycles();
            case LATENCY -> e.estLatencyCycles();
            case SPILLS -> e.spillBytes();
            case REGISTERS -> e.registers();
        };
    }

    /**
     * Whether an OK evaluation has this metric: the time may be absent (older tables, kernels that
     * cannot launch, rows of the real ptxas), the latency in rows of the real ptxas.
     */
    public boolean defined(Evaluation e) {
        return switch (this) {
            case TIME -> e.hasTime();
            case LATENCY -> e.hasLatency();
            case SPILLS, REGISTERS -> true;
        };
    }

    /** The metric a word names (its name, its singular, or "regs"; any case). */
    public static Optional<Metric> named(String word) {
        String w = word.strip().toLowerCase(Locale.ROOT);
        for (Metric m : values()) {
            if (m.spellings.contains(w)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** "time, latency, spills or registers". */
    static String choices() {
        return "time, latency, spills or registers";
    }
}
