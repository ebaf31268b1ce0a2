package dev.regtune.job.report.html;

import java.util.List;

/**
 * The parts every chart shares: the SVG root, title, plot rectangle, value axis with grid lines,
 * axis labels and the legend column on the right. Geometry in pixels; the plot rectangle spans
 * {@code left..right} horizontally and {@code top..bottom} vertically (SVG's y grows downwards).
 */
final class ChartFrame {
    static final double FONT = 12;
    static final double LEGEND_WIDTH = 190;
    private static final int LEGEND_CHARS = 26;

    final SvgWriter svg = new SvgWriter();
    final double width;
    final double height;
    final double left;
    final double right;
    final double top;
    final double bottom;

    ChartFrame(double width, double height, boolean legend, double extraBottom) {
        this.width = width;
        this.height = height + extraBottom;
        this.left = 84;
        this.right = width - (legend ? LEGEND_WIDTH : 24);
        this.top = 44;
        this.bottom = this.height - 62 - extraBottom;
    }

    /** Opens the SVG root and writes the title (also the SVG's accessible name). */
    void begin(String title) {
        svg.open("svg", "class", "chart", "width", SvgWriter.n(width), "height", SvgWriter.n(height),
                "viewBox", "0 0 " + SvgWriter.n(width) + " " + SvgWriter.n(height), "role", "img",
                "font-family", "sans-serif", "font-size", SvgWriter.n(FONT));
        svg.element("title", title);
        svg.element("text", title, "x", SvgWriter.n(left), "y", "24", "font-size", "15", "font-weight", "bold");
        svg.empty("rect", "x", SvgWriter.n(left), "y", SvgWriter.n(top), "width", SvgWriter.n(right - left),
                "height", SvgWriter.n(bottom - top), "fill", "#FFFFFF", "stroke", "#BBBBBB");
    }

    String end() {
        svg.close("svg");
        return svg.toString();
    }

    /** Pixel x of {@code value} on a horizontal axis. */
    double x(Scale scale, double value) {
        return left + scale.fraction(value) * (right - left);
    }

    /** Pixel y of {@code value} on a vertical axis. */
    double y(Scale scale, double value) {
        return bottom - scale.fraction(value) * (bottom - top);
    }

    /** The vertical value axis: grid lines, tick labels and the rotated axis label. */
    void valueAxis(Axis axis) {
        for (Tick t : axis.ticks()) {
            double py = y(axis.scale(), t.value());
            if (py < top - 0.5 || py > bottom + 0.5) {
                continue;
            }
            svg.empty("line", "x1", SvgWriter.n(left), "x2", SvgWriter.n(right), "y1", SvgWriter.n(py),
                    "y2", SvgWriter.n(py), "stroke", "#E4E4E4");
            svg.element("text", t.label(), "x", SvgWriter.n(left - 7), "y", SvgWriter.n(py), "dy", "0.32em",
                    "text-anchor", "end");
        }
        double mid = (top + bottom) / 2;
        svg.element("text", axis.displayLabel(), "transform", "rotate(-90)", "x", SvgWriter.n(-mid), "y", "20",
                "text-anchor", "middle", "class", "axis-label");
    }

    /** The horizontal numeric axis: grid lines, tick marks, tick labels and the axis label. */
    void horizontalAxis(Axis axis) {
        for (Tick t : axis.ticks()) {
            double px = x(axis.scale(), t.value());
            if (px < left - 0.5 || px > right + 0.5) {
                continue;
            }
            svg.empty("line", "x1", SvgWriter.n(px), "x2", SvgWriter.n(px), "y1", SvgWriter.n(top),
                    "y2", SvgWriter.n(bottom), "stroke", "#E4E4E4");
            svg.empty("line", "x1", SvgWriter.n(px), "x2", SvgWriter.n(px), "y1", SvgWriter.n(bottom),
                    "y2", SvgWriter.n(bottom + 5), "stroke", "#555555");
            svg.element("text", t.label(), "x", SvgWriter.n(px), "y", SvgWriter.n(bottom + 18),
                    "text-anchor", "middle");
        }
        horizontalLabel(axis.displayLabel());
    }

    void horizontalLabel(String label) {
        svg.element("text", label, "x", SvgWriter.n((left + right) / 2), "y", SvgWriter.n(height - 14),
                "text-anchor", "middle", "class", "axis-label");
    }

    /** A horizontal dashed line across the plot at {@code value}, labelled at its right end. */
    void referenceLine(Scale scale, double value, String label) {
        double py = y(scale, value);
        if (py < top - 0.5 || py > bottom + 0.5) {
            return;
        }
        svg.empty("line", "x1", SvgWriter.n(left), "x2", SvgWriter.n(right), "y1", SvgWriter.n(py),
                "y2", SvgWriter.n(py), "stroke", Palette.MUTED, "stroke-width", "1.2", "stroke-dasharray", "2 3");
        // Right of the plot when there is a legend column (bars and lines would hide it inside), else inside.
        boolean outside = width - right > 100;
        svg.element("text", label, "x", SvgWriter.n(outside ? right + 4 : right - 4),
                "y", SvgWriter.n(outside ? py : py - 4), "dy", outside ? "0.32em" : "0",
                "text-anchor", outside ? "start" : "end", "fill", Palette.MUTED, "font-size", "10");
    }

    /** A vertical dashed line across the plot at {@code value}, labelled at its top. */
    void verticalLine(Scale scale, double value, String label) {
        double px = x(scale, value);
        if (px < left - 0.5 || px > right + 0.5) {
            return;
        }
        svg.empty("line", "x1", SvgWriter.n(px), "x2", SvgWriter.n(px), "y1", SvgWriter.n(top),
                "y2", SvgWriter.n(bottom), "stroke", Palette.MUTED, "stroke-width", "1.2", "stroke-dasharray", "2 3");
        svg.element("text", label, "x", SvgWriter.n(px + 3), "y", SvgWriter.n(top + 11), "fill", Palette.MUTED,
                "font-size", "10");
    }

    /** The legend column right of the plot; returns the y below the last entry. */
    double legend(List<LegendEntry> entries) {
        double lx = right + 14;
        double ly = top + 4;
        for (LegendEntry e : entries) {
            double cy = ly + 6;
            switch (e.swatch()) {
                case LINE, DASHED_LINE -> {
                    boolean dashed = e.swatch() == LegendEntry.Swatch.DASHED_LINE;
                    svg.empty("line", "x1", SvgWriter.n(lx), "x2", SvgWriter.n(lx + 22), "y1", SvgWriter.n(cy),
                            "y2", SvgWriter.n(cy), "stroke", e.colour(), "stroke-width", "2",
                            "stroke-dasharray", dashed ? "5 3" : "none");
                    svg.empty("circle", "cx", SvgWriter.n(lx + 11), "cy", SvgWriter.n(cy), "r", "3.5",
                            "fill", dashed ? "#FFFFFF" : e.colour(), "stroke", e.colour(), "stroke-width", "1.5");
                }
                case DOT -> svg.empty("circle", "cx", SvgWriter.n(lx + 11), "cy", SvgWriter.n(cy), "r", "4.5",
                        "fill", e.colour(), "fill-opacity", "0.8");
                case RING -> svg.empty("circle", "cx", SvgWriter.n(lx + 11), "cy", SvgWriter.n(cy), "r", "5.5",
                        "fill", "none", "stroke", e.colour(), "stroke-width", "2");
                case BAR -> svg.empty("rect", "x", SvgWriter.n(lx + 4), "y", SvgWriter.n(cy - 6), "width", "14",
                        "height", "12", "fill", e.colour());
                default -> throw new IllegalStateException("unhandled swatch " + e.swatch());
            }
            String shown = SvgWriter.shorten(e.label(), LEGEND_CHARS);
            if (shown.equals(e.label())) {
                svg.element("text", shown, "x", SvgWriter.n(lx + 28), "y", SvgWriter.n(cy), "dy", "0.32em");
            } else {
                svg.open("text", "x", SvgWriter.n(lx + 28), "y", SvgWriter.n(cy), "dy", "0.32em");
                svg.element("title", e.label());
                svg.element("tspan", shown);
                svg.close("text");
            }
            ly += 19;
        }
        return ly;
    }

    /** A vertical colour ramp with its label and end values, starting at {@code y0} in the legend column. */
    void colourBar(ColourBar bar, double y0) {
        double lx = right + 14;
        svg.element("text", SvgWriter.shorten(bar.label(), LEGEND_CHARS + 4), "x", SvgWriter.n(lx),
                "y", SvgWriter.n(y0 + 14));
        int steps = 24;
        double h = 120;
        double top0 = y0 + 24;
        for (int i = 0; i < steps; i++) {
            double t = (steps - 1 - i) / (double) (steps - 1);
            svg.empty("rect", "x", SvgWriter.n(lx), "y", SvgWriter.n(top0 + i * h / steps), "width", "14",
                    "height", SvgWriter.n(h / steps + 0.5), "fill", Palette.sequential(t));
        }
        svg.element("text", TickLabels.compact(bar.max()), "x", SvgWriter.n(lx + 20), "y", SvgWriter.n(top0),
                "dy", "0.32em");
        svg.element("text", TickLabels.compact(bar.min()), "x", SvgWriter.n(lx + 20), "y", SvgWriter.n(top0 + h),
                "dy", "0.32em");
    }
}
