package dev.regtune.job.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A chart with two numeric axes: lines through points (a series per knob statistic or per
 * family) and free-standing dots (a scatter, each dot with its own colour, size and tooltip).
 * Marks are drawn in the order they were added; the legend lists lines first, then the extra
 * entries, then the colour bar.
 */
public final class XYChart {
    /** A data point; {@code tooltip} (may be null) becomes the point's browser tooltip. */
    public record Point(double x, double y, @Nullable String tooltip) {
        public Point(double x, double y) {
            this(x, y, null);
        }
    }

    /** A line through {@code points} in the given order, with a marker at each. */
    public record Line(String name, String colour, List<Point> points, boolean dashed) {
        public Line {
            points = List.copyOf(points);
        }
    }

    /** A scatter mark; {@code emphasised} draws a ring around it. */
    public record Dot(double x, double y, double radius, String fill, boolean emphasised, String tooltip) {
    }

    private record Reference(double value, String label) {
    }

    private record Annotation(double x, double y, String text) {
    }

    private final String title;
    private final Axis x;
    private final Axis y;
    private final List<Line> lines = new ArrayList<>();
    private final List<Dot> dots = new ArrayList<>();
    private final List<Line> outlines = new ArrayList<>();
    private final List<LegendEntry> extraLegend = new ArrayList<>();
    private final List<Reference> references = new ArrayList<>();
    private final List<Reference> verticals = new ArrayList<>();
    private final List<Annotation> annotations = new ArrayList<>();
    private Optional<ColourBar> colourBar = Optional.empty();
    private double width = 720;
    private double height = 380;

    public XYChart(String title, Axis x, Axis y) {
        this.title = title;
        this.x = x;
        this.y = y;
    }

    /** Adds a line series (listed in the legend under its name). */
    public XYChart line(Line line) {
        lines.add(line);
        return this;
    }

    /** Adds a connecting line drawn under the dots, without markers and without a legend entry. */
    public XYChart outline(Line line) {
        outlines.add(line);
        return this;
    }

    /** Adds scatter dots. */
    public XYChart dots(List<Dot> more) {
        dots.addAll(more);
        return this;
    }

    /** Adds a legend entry that no line stands for (scatter categories). */
    public XYChart legend(LegendEntry entry) {
        extraLegend.add(entry);
        return this;
    }

    /** Shows what the dots' colour means. */
    public XYChart colourBar(ColourBar bar) {
        colourBar = Optional.of(bar);
        return this;
    }

    /** A dashed horizontal line at {@code value} (a baseline such as "kernel's best"). */
    public XYChart reference(double value, String label) {
        references.add(new Reference(value, label));
        return this;
    }

    /** A dashed vertical line at {@code value} on the horizontal axis (a knob's default). */
    public XYChart verticalReference(double value, String label) {
        verticals.add(new Reference(value, label));
        return this;
    }

    /** A short text right of the data point ({@code x}, {@code y}), to name a point of interest. */
    public XYChart annotate(double px, double py, String text) {
        annotations.add(new Annotation(px, py, text));
        return this;
    }

    public XYChart size(double w, double h) {
        this.width = w;
        this.height = h;
        return this;
    }

    /** The chart as an {@code <svg>} element. */
    public String toSvg() {
        List<LegendEntry> legend = new ArrayList<>();
        for (Line l : lines) {
            if (l.name() != null) {
                legend.add(new LegendEntry(l.name(), l.colour(),
                        l.dashed() ? LegendEntry.Swatch.DASHED_LINE : LegendEntry.Swatch.LINE));
            }
        }
        legend.addAll(extraLegend);
        boolean legendColumn = !legend.isEmpty() || colourBar.isPresent();
        ChartFrame f = new ChartFrame(width, height, legendColumn, 0);
        f.begin(title);
        f.valueAxis(y);
        f.horizontalAxis(x);
        for (Reference r : references) {
            f.referenceLine(y.scale(), r.value(), r.label());
        }
        for (Reference r : verticals) {
            f.verticalLine(x.scale(), r.value(), r.label());
        }
        for (Line l : outlines) {
            polyline(f, l, 1.5);
        }
        for (Dot d : dots) {
            double cx = f.x(x.scale(), d.x());
            double cy = f.y(y.scale(), d.y());
            String tip = d.tooltip() == null ? "" : d.tooltip();
            f.svg.withTooltip("circle", tip, "cx", SvgWriter.n(cx), "cy", SvgWriter.n(cy),
                    "r", SvgWriter.n(d.radius()), "fill", d.fill(), "fill-opacity", "0.85",
                    "stroke", d.emphasised() ? Palette.HIGHLIGHT : "#FFFFFF",
                    "stroke-width", d.emphasised() ? "2.5" : "0.8");
        }
        for (Line l : lines) {
            polyline(f, l, 2);
            for (Point p : l.points()) {
                String tip = p.tooltip() != null ? p.tooltip()
                        : (l.name() == null ? "" : l.name() + ": ") + TickLabels.compact(p.x()) + ", "
                                + TickLabels.compact(p.y());
                f.svg.withTooltip("circle", tip, "cx", SvgWriter.n(f.x(x.scale(), p.x())),
                        "cy", SvgWriter.n(f.y(y.scale(), p.y())), "r", "3.5",
                        "fill", l.dashed() ? "#FFFFFF" : l.colour(), "stroke", l.colour(), "stroke-width", "1.5");
            }
        }
        for (Annotation a : annotations) {
            f.svg.element("text", a.text(), "x", SvgWriter.n(f.x(x.scale(), a.x()) + 8),
                    "y", SvgWriter.n(f.y(y.scale(), a.y()) - 6), "font-size", "11", "font-weight", "bold");
        }
        if (legendColumn) {
            double below = f.legend(legend);
            colourBar.ifPresent(bar -> f.colourBar(bar, below + 6));
        }
        return f.end();
    }

    private void polyline(ChartFrame f, Line l, double strokeWidth) {
        if (l.points().size() < 2) {
            return;
        }
        StringBuilder pts = new StringBuilder();
        for (Point p : l.points()) {
            if (pts.length() > 0) {
                pts.append(' ');
            }
            pts.append(SvgWriter.n(f.x(x.scale(), p.x()))).append(',').append(SvgWriter.n(f.y(y.scale(), p.y())));
        }
        f.svg.empty("polyline", "points", pts.toString(), "fill", "none", "stroke", l.colour(),
                "stroke-width", SvgWriter.n(strokeWidth), "stroke-linejoin", "round",
                "stroke-dasharray", l.dashed() ? "6 4" : "none");
    }
}
