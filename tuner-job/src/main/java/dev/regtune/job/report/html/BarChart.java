package dev.regtune.job.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Grouped vertical bars: one group per category along the horizontal axis, one bar per series in
 * each group, drawn from a baseline (0, or 1 for ratios to a best value) to the value. A NaN value
 * is drawn as "n/a". Long category names are slanted and shortened, with the full name as tooltip.
 */
public final class BarChart {
    /** One series: a value per category, in category order. */
    public record Series(String name, String colour, double[] values) {
        public Series {
            values = values.clone();
        }

        @Override
        public double[] values() {
            return values.clone();
        }
    }

    private static final int CATEGORY_CHARS = 24;

    private final String title;
    private final String categoryLabel;
    private final String valueLabel;
    private final List<String> categories;
    private final List<Series> series = new ArrayList<>();
    private double baseline;
    private Optional<String> baselineLabel = Optional.empty();
    private boolean valueLabels;
    private double width = 720;
    private double height = 380;

    public BarChart(String title, String categoryLabel, String valueLabel, List<String> categories) {
        this.title = title;
        this.categoryLabel = categoryLabel;
        this.valueLabel = valueLabel;
        this.categories = List.copyOf(categories);
    }

    public BarChart series(Series s) {
        if (s.values().length != categories.size()) {
            throw new IllegalArgumentException("series " + s.name() + " has " + s.values().length
                    + " values for " + categories.size() + " categories");
        }
        series.add(s);
        return this;
    }

    /** Bars start at {@code value} instead of 0, and a labelled reference line marks it. */
    public BarChart baseline(double value, String label) {
        this.baseline = value;
        this.baselineLabel = Optional.of(label);
        return this;
    }

    /** Writes each bar's value above it when the bars are wide enough. */
    public BarChart valueLabels(boolean on) {
        this.valueLabels = on;
        return this;
    }

    public BarChart size(double w, double h) {
        this.width = w;
        this.height = h;
        return this;
    }

    public String toSvg() {
        double lo = baseline;
        double hi = baseline;
        for (Series s : series) {
            for (double v : s.values()) {
                if (!Double.isNaN(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (hi == lo) {
            hi = lo + 1;
        }
        Scale scale = LinearScale.covering(lo, hi + (hi - lo) * 0.06, 6);
        Axis valueAxis = new Axis(valueLabel, scale);

        boolean legend = series.size() > 1 || series.stream().anyMatch(s -> s.name() != null && !s.name().isEmpty());
        double plotWidth = width - 84 - (legend ? ChartFrame.LEGEND_WIDTH : 24);
        double band = plotWidth / Math.max(1, categories.size());
        double widest = 0;
        for (String c : categories) {
            widest = Math.max(widest, SvgWriter.textWidth(SvgWriter.shorten(c, CATEGORY_CHARS), ChartFrame.FONT));
        }
        boolean slanted = widest > band - 6;
        double extra = slanted ? Math.min(widest, 170) * 0.6 : 0;

        ChartFrame f = new ChartFrame(width, height, legend, extra);
        f.begin(title);
        f.valueAxis(valueAxis);
        double groupWidth = band * 0.78;
        double barWidth = groupWidth / Math.max(1, series.size());
        double base = f.y(scale, baseline);
        for (int c = 0; c < categories.size(); c++) {
            double groupLeft = f.left + c * band + (band - groupWidth) / 2;
            for (int s = 0; s < series.size(); s++) {
                Series sr = series.get(s);
                double v = sr.values()[c];
                double bx = groupLeft + s * barWidth;
                String tip = (sr.name() == null ? "" : sr.name() + ", ") + categories.get(c) + ": "
                        + (Double.isNaN(v) ? "n/a" : TickLabels.compact(v));
                if (Double.isNaN(v)) {
                    f.svg.element("text", "n/a", "x", SvgWriter.n(bx + barWidth / 2), "y", SvgWriter.n(base - 4),
                            "text-anchor", "middle", "font-size", "9", "fill", Palette.MUTED);
                    continue;
                }
                double top = f.y(scale, v);
                f.svg.withTooltip("rect", tip, "x", SvgWriter.n(bx + 0.5), "y", SvgWriter.n(Math.min(top, base)),
                        "width", SvgWriter.n(Math.max(1, barWidth - 1)), "height",
                        SvgWriter.n(Math.max(0.5, Math.abs(base - top))), "fill", sr.colour());
                if (valueLabels && barWidth >= 16) {
                    f.svg.element("text", TickLabels.compact(v), "x", SvgWriter.n(bx + barWidth / 2),
                            "y", SvgWriter.n(Math.min(top, base) - 3), "text-anchor", "middle",
                            "font-size", barWidth >= 24 ? "10" : "8");
                }
            }
            String name = categories.get(c);
            String shown = SvgWriter.shorten(name, CATEGORY_CHARS);
            double cx = f.left + c * band + band / 2;
            String[] position = slanted
                    ? new String[] {"x", SvgWriter.n(cx), "y", SvgWriter.n(f.bottom + 14), "text-anchor", "end",
                        "transform", "rotate(-35 " + SvgWriter.n(cx) + " " + SvgWriter.n(f.bottom + 14) + ")"}
                    : new String[] {"x", SvgWriter.n(cx), "y", SvgWriter.n(f.bottom + 18), "text-anchor", "middle"};
            f.svg.open("text", position);
            f.svg.element("title", name);
            f.svg.element("tspan", shown);
            f.svg.close("text");
        }
        f.svg.empty("line", "x1", SvgWriter.n(f.left), "x2", SvgWriter.n(f.right), "y1", SvgWriter.n(base),
                "y2", SvgWriter.n(base), "stroke", "#555555");
        baselineLabel.ifPresent(label -> f.referenceLine(scale, baseline, label));
        f.horizontalLabel(categoryLabel);
        if (legend) {
            List<LegendEntry> entries = new ArrayList<>();
            for (Series s : series) {
                entries.add(new LegendEntry(s.name() == null ? "" : s.name(), s.colour(), LegendEntry.Swatch.BAR));
            }
            f.legend(entries);
        }
        return f.end();
    }
}
