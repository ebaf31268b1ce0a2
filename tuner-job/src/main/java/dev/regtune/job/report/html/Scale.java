package dev.regtune.job.report.html;

import java.util.List;

/**
 * Maps data values on one axis to a fraction of the axis length (0 at {@link #min()}, 1 at
 * {@link #max()}) and says where the ticks go. Build one with {@link Scales}.
 */
public sealed interface Scale permits LinearScale, LogScale {
    /** The smallest value on the axis (data units). */
    double min();

    /** The largest value on the axis (data units). */
    double max();

    /** Where {@code value} lies along the axis: 0 at {@link #min()}, 1 at {@link #max()}. */
    double fraction(double value);

    /** The labelled ticks, in increasing value. */
    List<Tick> ticks();

    /** Whether the scale is logarithmic (axis labels then say so). */
    boolean logarithmic();
}
