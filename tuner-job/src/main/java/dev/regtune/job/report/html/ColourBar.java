package dev.regtune.job.report.html;

/**
 * A legend for a quantity drawn as colour ({@link Palette#sequential(double)}): {@code min} maps
 * to the start of the ramp, {@code max} to its end.
 *
 * @param label the quantity and its unit, e.g. "registers per thread"
 */
public record ColourBar(String label, double min, double max) {
    /** The colour of {@code value} on this bar. */
    public String colour(double value) {
        if (max <= min) {
            return Palette.sequential(0.5);
        }
        return Palette.sequential((value - min) / (max - min));
    }
}
