package dev.regtune.job.report.html;

/** One line of a chart's legend: a swatch drawn as the series is drawn, and its label. */
public record LegendEntry(String label, String colour, Swatch swatch) {
    /** How the swatch is drawn. */
    public enum Swatch {
        /** A solid line with a filled dot. */
        LINE,
        /** A dashed line with a hollow dot. */
        DASHED_LINE,
        /** A filled dot. */
        DOT,
        /** A hollow ring in the colour (highlighted points). */
        RING,
        /** A filled square (bars). */
        BAR
    }
}
