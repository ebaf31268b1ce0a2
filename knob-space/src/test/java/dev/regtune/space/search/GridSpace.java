package dev.regtune.space.search;

import dev.regtune.space.Configuration;
import dev.regtune.space.UnitSpace;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A hand-made space for the tests: {@code d} dimensions {@code x0..x(d-1)}, each cut into
 * {@code levels} equal cells whose value is the cell's centre, and an optional constraint on the
 * decoded values that makes some configurations infeasible.
 */
final class GridSpace implements UnitSpace {
    private final int dimensions;
    private final int levels;
    private final Predicate<double[]> feasible;
    int decodes;

    GridSpace(int dimensions, int levels, Predicate<double[]> feasible) {
        this.dimensions = dimensions;
        this.levels = levels;
        this.feasible = feasible;
    }

    /** The default test space: infeasible where {@code x0 + x1 > 1.5} (about 12% of the cube). */
    static GridSpace constrained(int dimensions) {
        return new GridSpace(dimensions, 1000, x -> x[0] + x[1] <= 1.5);
    }

    @Override
    public int dimensions() {
        return dimensions;
    }

    @Override
    public String dimensionName(int i) {
        return "x" + i;
    }

    @Override
    public Optional<Configuration> decode(double[] u) {
        decodes++;
        double[] x = new double[dimensions];
        TreeMap<String, String> values = new TreeMap<>();
        for (int i = 0; i < dimensions; i++) {
            if (!(u[i] >= 0 && u[i] < 1)) {
                throw new IllegalArgumentException("coordinate " + i + " = " + u[i] + " outside [0, 1)");
            }
            int cell = (int) (u[i] * levels);
            x[i] = (cell + 0.5) / levels;
            values.put(dimensionName(i), Integer.toString(cell));
        }
        return feasible.test(x) ? Optional.of(Configuration.of(values)) : Optional.empty();
    }

    /** The decoded values of a configuration of this space. */
    double[] values(Configuration c) {
        double[] x = new double[dimensions];
        for (int i = 0; i < dimensions; i++) {
            x[i] = (Integer.parseInt(c.get(dimensionName(i))) + 0.5) / levels;
        }
        return x;
    }
}
