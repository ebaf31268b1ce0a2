package dev.regtune.job.sweep;

import dev.regtune.job.results.ResultStatus;
import java.util.Locale;

/**
 * The objectives an adaptive sweep feeds back to its strategy, per kernel and lower is better:
 * {@code ln(est_latency_cycles)} (so the mean over kernels is the log of the geometric mean, and
 * a large kernel does not drown the small ones), spill bytes (store + load + shared memory),
 * registers, and {@code ln(est_time_cycles)}, the occupancy-aware kernel time. A pair that did not
 * allocate (any status but OK) is +infinity in every component: a configuration that fails on a
 * kernel ranks below every one that does not; an OK pair without a kernel time (a kernel no block of
 * which fits) is +infinity in the time component. The scalar strategies (halving, bayes) rank by
 * the component this enum names; nsga2 uses all four.
 */
public enum SearchObjective {
    LATENCY,
    SPILLS,
    REGISTERS,
    TIME;

    /** The accepted words, as the command line spells them. */
    public static final String NAMES = "time, latency, spills, registers";

    /** Its index in the vector of {@link #vector}. */
    public int component() {
        return ordinal();
    }

    /** The objective named {@code name} (case ignored). */
    public static SearchObjective named(String name) {
        for (SearchObjective o : values()) {
            if (o.name().equalsIgnoreCase(name.strip())) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown objective '" + name + "'; expected one of " + NAMES);
    }

    /** The objective vector of one evaluated pair. */
    public static double[] vector(String status, long latencyCycles, long spillBytes, int registers,
            long timeCycles) {
        if (!ResultStatus.OK.name().equals(status)) {
            return new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY};
        }
        return new double[] {Math.log(Math.max(1, latencyCycles)), spillBytes, registers,
            timeCycles < 0 ? Double.POSITIVE_INFINITY : Math.log(Math.max(1, timeCycles))};
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
