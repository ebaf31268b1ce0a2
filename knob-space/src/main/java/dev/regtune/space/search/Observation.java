package dev.regtune.space.search;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The evaluation of one {@link Proposal}: an objective vector where lower is better in every
 * component (spill bytes, estimated latency, registers, negated occupancy, ...).
 *
 * @param proposalId the {@link Proposal#id()} this observation answers
 * @param objectives the objectives, aggregated over the kernels evaluated; empty for a failure
 * @param perKernel the objectives per kernel id when the driver reports them (successive halving
 *     uses them to average over every kernel a configuration has seen); may be empty
 */
public record Observation(long proposalId, double[] objectives, SortedMap<String, double[]> perKernel) {
    public Observation {
        objectives = objectives.clone();
        perKernel = deepCopy(perKernel);
    }

    /** An observation of aggregated objectives only. */
    public static Observation of(long proposalId, double... objectives) {
        if (objectives.length == 0) {
            throw new IllegalArgumentException("an observation needs at least one objective");
        }
        return new Observation(proposalId, objectives, new TreeMap<>());
    }

    /**
     * An observation of per-kernel objectives; {@link #objectives()} is their component-wise mean.
     * Every vector must have the same length.
     */
    public static Observation ofKernels(long proposalId, Map<String, double[]> perKernel) {
        if (perKernel.isEmpty()) {
            throw new IllegalArgumentException("an observation needs at least one kernel");
        }
        SortedMap<String, double[]> sorted = new TreeMap<>(perKernel);
        int m = sorted.values().iterator().next().length;
        double[] mean = new double[m];
        for (Map.Entry<String, double[]> e : sorted.entrySet()) {
            if (e.getValue().length != m || m == 0) {
                throw new IllegalArgumentException("kernel " + e.getKey() + " has " + e.getValue().length
                        + " objectives, expected " + m);
            }
            for (int i = 0; i < m; i++) {
                mean[i] += e.getValue()[i] / sorted.size();
            }
        }
        return new Observation(proposalId, mean, sorted);
    }

    /** The evaluation failed as a whole; strategies rank it below every real observation. */
    public static Observation failure(long proposalId) {
        return new Observation(proposalId, new double[0], new TreeMap<>());
    }

    public boolean isFailure() {
        return objectives.length == 0;
    }

    /** A copy of the aggregated objectives. */
    @Override
    public double[] objectives() {
        return objectives.clone();
    }

    /** Objective {@code i}, or +infinity for a failure. */
    public double objective(int i) {
        return isFailure() ? Double.POSITIVE_INFINITY : objectives[i];
    }

    /** A copy of the per-kernel objectives. */
    @Override
    public SortedMap<String, double[]> perKernel() {
        return deepCopy(perKernel);
    }

    private static SortedMap<String, double[]> deepCopy(Map<String, double[]> m) {
        TreeMap<String, double[]> copy = new TreeMap<>();
        for (Map.Entry<String, double[]> e : m.entrySet()) {
            copy.put(Objects.requireNonNull(e.getKey()), e.getValue().clone());
        }
        return Collections.unmodifiableSortedMap(copy);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Observation other) || proposalId != other.proposalId
                || !Arrays.equals(objectives, other.objectives)
                || !perKernel.keySet().equals(other.perKernel.keySet())) {
            return false;
        }
        for (Map.Entry<String, double[]> e : perKernel.entrySet()) {
            if (!Arrays.equals(e.getValue(), other.perKernel.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = Long.hashCode(proposalId) * 31 + Arrays.hashCode(objectives);
        for (Map.Entry<String, double[]> e : perKernel.entrySet()) {
            h = h * 31 + e.getKey().hashCode() * 17 + Arrays.hashCode(e.getValue());
        }
        return h;
    }

    @Override
    public String toString() {
        return "Observation[proposalId=" + proposalId + ", objectives=" + Arrays.toString(objectives)
                + (perKernel.isEmpty() ? "" : ", kernels=" + perKernel.keySet()) + "]";
    }
}
