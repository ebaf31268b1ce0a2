package dev.regtune.job.select;

import java.util.List;

/**
 * How one configuration scores on a set of kernels (the training or the test kernels), relative to
 * each kernel's best configuration.
 *
 * <p>For a kernel k with best configuration b(k), the ratio of configuration c on component j of
 * the objective is {@code (v_j(c,k) + 1) / (v_j(b(k),k) + 1)}: the offset of 1 keeps a ratio
 * defined when the best value is 0 (no spill bytes) and makes 0 versus 8 spill bytes a ratio of 9,
 * not infinity; on latencies of thousands of cycles it changes nothing visible. The score of a
 * component is the geometric mean of its ratios over the kernels where c is OK; 1 means c is best
 * on every kernel. Regret is over the first component.
 *
 * @param kernels the kernels in the set
 * @param scored the kernels c was evaluated OK on: what the figures are over
 * @param failed the kernels c was evaluated on with a status other than OK (ALLOC_FAILED...)
 * @param missing the kernels c was not evaluated on
 * @param components the geometric-mean ratio of each objective component; empty when nothing was scored
 * @param regret the mean of (ratio - 1) of the first component, NaN when nothing was scored
 * @param maxRegret the largest (ratio - 1) of the first component, NaN when nothing was scored
 */
public record SetScore(int kernels, int scored, int failed, int missing, List<Double> components, double regret,
        double maxRegret) {
    public SetScore {
        components = List.copyOf(components);
    }

    /** The headline score: the geometric-mean ratio of the first component, NaN when nothing was scored. */
    public double score() {
        return components.isEmpty() ? Double.NaN : components.get(0);
    }

    /** Whether the configuration was scored on every kernel of the set. */
    public boolean complete() {
        return scored == kernels;
    }
}
