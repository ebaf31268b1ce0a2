package dev.regtune.job.select;

/**
 * A configuration on the Pareto front, with its figures aggregated over every kernel the front was
 * computed on (each front member was evaluated OK on all of them).
 *
 * @param config the configuration
 * @param totalSpillBytes the sum of its spill bytes over the kernels
 * @param geomeanLatencyCycles the geometric mean of its estimated latency, with the offset of 1:
 *     {@code exp(mean(ln(cycles + 1))) - 1}
 * @param meanRegisters the mean of its register counts
 */
public record ParetoPoint(ConfigInfo config, long totalSpillBytes, double geomeanLatencyCycles,
        double meanRegisters) {

    /** Whether this point dominates {@code o}: no worse in every figure and better in one. */
    public boolean dominates(ParetoPoint o) {
        boolean noWorse = totalSpillBytes <= o.totalSpillBytes && geomeanLatencyCycles <= o.geomeanLatencyCycles
                && meanRegisters <= o.meanRegisters;
        boolean better = totalSpillBytes < o.totalSpillBytes || geomeanLatencyCycles < o.geomeanLatencyCycles
                || meanRegisters < o.meanRegisters;
        return noWorse && better;
    }
}
