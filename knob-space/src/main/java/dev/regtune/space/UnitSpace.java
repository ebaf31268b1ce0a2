package dev.regtune.space;

import java.util.Optional;

/**
 * A search space seen as the unit hypercube, the view samplers and search strategies work in:
 * they propose points {@code u} with every coordinate in [0, 1), one coordinate per dimension,
 * and the space decodes each point into a configuration. Decoding is deterministic and total on
 * [0, 1)^d: nearby points give nearby values (ranges map monotonically, categorical values take
 * equal shares of the interval), and a point whose configuration violates a constraint decodes to
 * empty. Coordinates of a dimension that is inactive under its condition are ignored.
 */
public interface UnitSpace {
    /** Number of dimensions (coordinates of a point). */
    int dimensions();

    /** The name of dimension {@code i}, as in {@link Configuration#values()}. */
    String dimensionName(int i);

    /** The configuration at {@code u}, or empty when it violates a constraint. */
    Optional<Configuration> decode(double[] u);
}
