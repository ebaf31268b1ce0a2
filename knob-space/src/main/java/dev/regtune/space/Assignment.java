package dev.regtune.space;

import java.util.Arrays;

/**
 * A mutable value for every dimension of one {@link KnobSpace} and whether it is active: the
 * scratch buffer samplers fill and test point after point, so that rejecting a point allocates
 * nothing. An inactive dimension holds {@link Dimension#inactiveValue()}, the value conditions and
 * constraints see for it. Turn it into an immutable {@link Configuration} with
 * {@link KnobSpace#configuration(Assignment)}.
 */
public final class Assignment {
    final double[] values;
    final boolean[] active;

    /** An assignment for a space of {@code dimensions} dimensions. */
    public Assignment(int dimensions) {
        values = new double[dimensions];
        active = new boolean[dimensions];
    }

    public double value(int dimension) {
        return values[dimension];
    }

    public boolean active(int dimension) {
        return active[dimension];
    }

    /** A copy of the values (inactive dimensions at their inactive value). */
    public double[] values() {
        return values.clone();
    }

    @Override
    public String toString() {
        return "Assignment" + Arrays.toString(values) + Arrays.toString(active);
    }
}
