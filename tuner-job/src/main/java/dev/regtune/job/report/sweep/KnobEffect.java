package dev.regtune.job.report.sweep;

import java.util.List;
import java.util.OptionalDouble;

/**
 * How one swept dimension (a knob column, the register budget or the launch bounds) moves the
 * normalised objective: per value (or per bin of values, when a numeric knob took too many values
 * to show one by one) the mean and median over the OK rows with that value.
 *
 * @param column the result column ({@code RegAllocSpillWeight}, {@code register_budget}, ...)
 * @param kind how its values are drawn
 * @param binned whether levels are bins of values rather than single values
 * @param defaultValue the catalogue default of a knob (a choice knob: its index; empty for the budget and
 *     launch bounds)
 * @param levels in increasing value
 */
public record KnobEffect(String column, Kind kind, boolean binned, OptionalDouble defaultValue, List<Level> levels) {
    /** Numeric values on an axis, booleans and categories as bars. */
    public enum Kind { NUMERIC, BOOLEAN, CATEGORICAL }

    /**
     * One value or bin.
     *
     * @param value the value (numeric: the mean value of the bin; boolean: 0 or 1; a choice knob: the
 *     choice's index; launch bounds: their rank)
     * @param label the value or the bin's range as text
     * @param mean mean normalised objective
     * @param median median normalised objective
     * @param rows OK rows with this value
     */
    public record Level(double value, String label, double mean, double median, long rows) {
    }

    public KnobEffect {
        levels = List.copyOf(levels);
    }
}
