package dev.regtune.space;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The finite list of values the grid sampler visits for one dimension, in increasing order (or
 * the order of a categorical domain). An arithmetic grid ({@code first + i * step}) is never
 * materialised, so an integer range of a million steps costs nothing.
 */
public final class Grid {
    private final double first;
    private final double step;
    private final long size;
    private final double @Nullable [] listed;

    private Grid(double first, double step, long size, double @Nullable [] listed) {
        this.first = first;
        this.step = step;
        this.size = size;
        this.listed = listed;
    }

    /** {@code size} values {@code first, first + step, ...}. */
    static Grid arithmetic(double first, double step, long size) {
        return new Grid(first, step, size, null);
    }

    /** The given values, with repeats removed (first occurrence kept). */
    static Grid listed(double[] values) {
        double[] distinct = Arrays.stream(values).distinct().toArray();
        return new Grid(0, 0, distinct.length, distinct);
    }

    public long size() {
        return size;
    }

    /** Value {@code i}, 0 &lt;= i &lt; {@link #size()}. */
    public double value(long i) {
        return listed != null ? listed[(int) i] : first + i * step;
    }
}
