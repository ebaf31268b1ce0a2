package dev.regtune.space.search;

import dev.regtune.space.Configuration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One configuration a strategy asks to have evaluated.
 *
 * @param id unique within one strategy run, increasing in the order proposals were made; the
 *     matching {@link Observation} carries it back
 * @param configuration the decoded, feasible configuration to evaluate
 * @param point the unit point it was decoded from (every coordinate in [0, 1))
 * @param kernels the kernel ids to evaluate it on, in this order; empty means "every kernel the
 *     driver evaluates" (all strategies except {@link SuccessiveHalving})
 */
public record Proposal(long id, Configuration configuration, double[] point, List<String> kernels) {
    public Proposal {
        Objects.requireNonNull(configuration, "configuration");
        point = point.clone();
        kernels = List.copyOf(kernels);
    }

    /** A copy of the unit point. */
    @Override
    public double[] point() {
        return point.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Proposal p && id == p.id && configuration.equals(p.configuration)
                && Arrays.equals(point, p.point) && kernels.equals(p.kernels);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, configuration, Arrays.hashCode(point), kernels);
    }

    @Override
    public String toString() {
        return "Proposal[id=" + id + ", configuration=" + configuration.values() + ", point="
                + Arrays.toString(point) + ", kernels=" + kernels + "]";
    }
}
