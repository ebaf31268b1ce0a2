package dev.regtune.job.report.sweep;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.report.html.Axis;
import dev.regtune.job.report.html.BarChart;
import dev.regtune.job.report.html.ColourBar;
import dev.regtune.job.report.html.HtmlPage;
import dev.regtune.job.report.html.LegendEntry;
import dev.regtune.job.report.html.LinearScale;
import dev.regtune.job.report.html.Palette;
import dev.regtune.job.report.html.Scale;
import dev.regtune.job.report.html.Scales;
import dev.regtune.job.report.html.Tick;
import dev.regtune.job.report.html.TickLabels;
import dev.regtune.job.report.html.XYChart;
import dev.regtune.job.results.ResultColumns;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntToDoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * Renders a {@link ReportContent} as one self-contained HTML page: the header (what was read,
 * rows by status, the best configurations), then the four plots — each swept knob against the
 * normalised objective, the Pareto front, default against tuned per family, the spill cliff and the
 * kernel time over the register budget — and, where the runs also have rows of the real ptxas, the
 * model's error against them ({@link ModelVersusPtxasSection}). Pure presentation: the same content
 * gives the same bytes.
 */
public final class SweepReportPage {
    /** Most candidates drawn on the Pareto plot besides the front; a larger cloud only blurs it. */
    public static final int MAX_PARETO_DOTS = 1500;
    /** Most series in one chart; more are split over several charts so colours stay distinct. */
    public static final int SERIES_PER_CHART = 7;

    static final String MEAN_COLOUR = Palette.categorical(0);
    static final String MEDIAN_COLOUR = Palette.categorical(1);
    static final String DEFAULT_COLOUR = "#999999";
    static final String TUNED_COLOUR = Palette.categorical(0);

    private SweepReportPage() {
    }

    /** The page. */
    public static String render(ReportContent c) {
        HtmlPage page = new HtmlPage(c.title());
        page.h1(c.title());
        header(page, c);
        List<String[]> contents = new ArrayList<>(List.of(
                new String[] {"best", "Best configurations"},
                new String[] {"knobs", "1. Swept knobs against the objective"},
                new String[] {"pareto", "2. Pareto front: spill bytes against latency"},
                new String[] {"tuned", "3. Default against tuned, per family"},
                new String[] {"spill-cliff", "4. Spill cliff over the register budget"},
                new String[] {"time", "5. Kernel time over the register budget: the occupancy trade-off"}));
        c.versusPtxas().ifPresent(m -> contents.add(new String[] {ModelVersusPtxasSection.ID,
            ModelVersusPtxasSection.TITLE}));
        page.contents(contents);
        best(page, c);
        knobs(page, c);
        pareto(page, c);
        tuned(page, c);
        cliff(page, c);
        time(page, c);
        c.versusPtxas().ifPresent(m -> ModelVersusPtxasSection.render(page, m));
        page.note("Written by regtune report. Figures come from the model, not from a GPU: latency is the "
                + "model's estimate in cycles for one thread.");
        return page.render();
    }

    // ---- header ----

    private static void header(HtmlPage page, ReportContent c) {
        RunSummary s = c.summary();
        List<String[]> facts = new ArrayList<>();
        facts.add(new String[] {"results", s.results()});
        facts.add(new String[] {s.runIds().size() == 1 ? "run" : "runs", String.join(", ", s.runIds())});
        facts.add(new String[] {s.modelVersions().size() == 1 ? "model version" : "model versions",
            s.modelVersion()});
        if (s.versionsLeftOut()) {
            facts.add(new String[] {"model versions present", String.join(", ", s.modelVersionsPresent())
                    + " (only " + s.modelVersion() + " is reported)"});
        }
        facts.add(new String[] {"architectures", String.join(", ", s.archs())});
        facts.add(new String[] {"objective", c.objective().name()});
        facts.add(new String[] {"rows", count(s.rows())});
        facts.add(new String[] {"kernels", count(s.kernels()) + " in " + count(s.families()) + " famil"
                + (s.families() == 1 ? "y" : "ies")});
        facts.add(new String[] {"configurations", count(s.configurations())});
        page.facts(facts);
        List<List<String>> rows = new ArrayList<>();
        for (RunSummary.StatusCount sc : s.statusCounts()) {
            rows.add(List.of(sc.status().name(), count(sc.rows()), share(sc.rows(), s.rows())));
        }
        page.table(List.of("status", "rows", "share"), rows, false, true, true);
        for (String note : c.notes()) {
            page.note(note);
        }
    }

    private static void best(HtmlPage page, ReportContent c) {
        page.h2("best", "Best configurations");
        if (c.tables().isEmpty()) {
            page.note("No configuration was selected: no kernel allocated with any configuration.");
            return;
        }
        for (TableView t : c.tables()) {
            page.table(t.header(), t.rows(), t.numericFlags());
            page.note(t.caption());
        }
    }

    // ---- 1. knobs ----

    private static void knobs(HtmlPage page, ReportContent c) {
        page.h2("knobs", "1. Swept knobs against the objective");
        if (c.knobs().isEmpty()) {
            page.note("No knob, register budget or launch bound takes more than one value in these rows, so "
                    + "there is nothing to plot against the objective.");
            return;
        }
        List<String> inert = InertKnobs.withoutEffect(c.knobVerdicts());
        if (!inert.isEmpty()) {
            page.note("No effect: " + String.join(", ", inert) + (inert.size() == 1 ? " changes" : " change")
                    + " nothing in this sweep — on every kernel, configurations that differ in "
                    + (inert.size() == 1 ? "it" : "one of them") + " alone have the same status, registers, spill "
                    + "bytes, latency and kernel time. Sweeping " + (inert.size() == 1 ? "it" : "them")
                    + " only repeats evaluations.");
        }
        page.paragraph("Each plot shows one dimension that takes more than one value in the results. Every OK "
                + "row's " + c.objective().quantity() + " is divided by the best " + c.objective().quantity()
                + " of its kernel in these results, both plus 1 (" + c.objective().normalisedLabel()
                + "), so that kernels of different sizes are comparable: 1 is the kernel's best. The plots show "
                + "the mean and the median of that ratio over the rows with each value.");
        for (KnobEffect e : c.knobs()) {
            String svg = e.kind() == KnobEffect.Kind.NUMERIC ? numericKnob(e, c.objective())
                    : categoricalKnob(e, c.objective());
            long rows = e.levels().stream().mapToLong(KnobEffect.Level::rows).sum();
            String caption = dimensionTitle(e.column()) + ": mean and median of " + c.objective().normalisedLabel()
                    + " over " + count(rows) + " OK rows, per "
                    + (e.binned() ? "bin of values (" + KnobEffects.BINS + " bins of equal width"
                            + ", drawn at the mean value in each bin)" : "value")
                    + ". " + levelCounts(e) + ".";
            page.figure(svg, caption);
        }
    }

    private static String numericKnob(KnobEffect e, ReportObjective objective) {
        boolean budget = e.column().equals(ResultColumns.REGISTER_BUDGET);
        double[] xs = e.levels().stream().mapToDouble(KnobEffect.Level::value).toArray();
        Axis x;
        IntToDoubleFunction position;
        if (budget) {
            BudgetAxis b = BudgetAxis.of(e.levels().stream().mapToInt(l -> (int) l.value()).toArray(),
                    "register budget (registers per thread; none = no limit)");
            x = b.axis();
            position = i -> b.position((int) xs[i]);
        } else {
            x = new Axis(e.column() + " (knob value)", Scales.forValues(xs, false));
            position = i -> xs[i];
        }
        Axis y = new Axis(objective.normalisedLabel(), yScale(e.levels(), 1.0));
        List<XYChart.Point> mean = new ArrayList<>();
        List<XYChart.Point> median = new ArrayList<>();
        for (int i = 0; i < xs.length; i++) {
            KnobEffect.Level l = e.levels().get(i);
            String at = e.column() + " = " + l.label() + " (" + count(l.rows()) + " rows): ";
            mean.add(new XYChart.Point(position.applyAsDouble(i), l.mean(), at + "mean " + ratio(l.mean())));
            median.add(new XYChart.Point(position.applyAsDouble(i), l.median(), at + "median " + ratio(l.median())));
        }
        XYChart chart = new XYChart(dimensionTitle(e.column()), x, y)
                .reference(1.0, "kernel's best")
                .line(new XYChart.Line("mean", MEAN_COLOUR, mean, false))
                .line(new XYChart.Line("median", MEDIAN_COLOUR, median, true));
        if (e.defaultValue().isPresent()) {
            chart.verticalReference(e.defaultValue().getAsDouble(), "default");
        }
        return chart.toSvg();
    }

    private static String categoricalKnob(KnobEffect e, ReportObjective objective) {
        List<String> categories = e.levels().stream().map(KnobEffect.Level::label).toList();
        String axis = e.column().equals(ResultColumns.LAUNCH_BOUNDS)
                ? dimensionTitle(e.column()) + " (threads per block[x blocks])" : e.column() + " (knob value)";
        BarChart chart = new BarChart(dimensionTitle(e.column()), axis, objective.normalisedLabel(), categories)
                .series(new BarChart.Series("mean", MEAN_COLOUR,
                        e.levels().stream().mapToDouble(KnobEffect.Level::mean).toArray()))
                .series(new BarChart.Series("median", MEDIAN_COLOUR,
                        e.levels().stream().mapToDouble(KnobEffect.Level::median).toArray()))
                .baseline(1.0, "kernel's best")
                .valueLabels(true);
        return chart.toSvg();
    }

    private static String levelCounts(KnobEffect e) {
        if (e.levels().size() > 8) {
            long least = e.levels().stream().mapToLong(KnobEffect.Level::rows).min().orElse(0);
            return e.levels().size() + " " + (e.binned() ? "bins" : "values") + ", the smallest with "
                    + count(least) + " rows";
        }
        List<String> parts = new ArrayList<>();
        for (KnobEffect.Level l : e.levels()) {
            parts.add(l.label() + ": " + count(l.rows()));
        }
        return "Rows per " + (e.binned() ? "bin" : "value") + ": " + String.join(", ", parts);
    }

    // ---- 2. Pareto ----

    private static void pareto(HtmlPage page, ReportContent c) {
        page.h2("pareto", "2. Pareto front: spill bytes against latency");
        if (c.pareto().isEmpty() || c.pareto().get().candidates().isEmpty()) {
            page.note("No configuration was evaluated OK on every kernel that allocated at all, so no two "
                    + "configurations have figures over the same kernels and there is no front to draw.");
            return;
        }
        ParetoView p = c.pareto().get();
        Set<String> front = new HashSet<>(p.front());
        List<ConfigurationFigures> shown = new ArrayList<>();
        List<ConfigurationFigures> frontFigures = new ArrayList<>();
        int others = 0;
        for (ConfigurationFigures f : p.candidates()) { // sorted by config_id: a hash, so an unbiased sample
            boolean named = front.contains(f.configId()) || p.defaultConfigId().filter(f.configId()::equals).isPresent()
                    || p.tunedConfigId().filter(f.configId()::equals).isPresent();
            if (front.contains(f.configId())) {
                frontFigures.add(f);
            }
            if (named || others < MAX_PARETO_DOTS) {
                shown.add(f);
                if (!named) {
                    others++;
                }
            }
        }
        double[] xs = shown.stream().mapToDouble(ConfigurationFigures::geomeanLatencyCycles).toArray();
        double[] ys = shown.stream().mapToDouble(f -> (double) f.totalSpillBytes()).toArray();
        double regMin = shown.stream().mapToDouble(ConfigurationFigures::meanRegisters).min().orElse(0);
        double regMax = shown.stream().mapToDouble(ConfigurationFigures::meanRegisters).max().orElse(0);
        ColourBar registers = new ColourBar("mean registers per thread", regMin, regMax);
        Axis x = new Axis("geometric-mean estimated latency (cycles)", Scales.forValues(xs, false));
        Axis y = new Axis("total spill bytes over " + count(p.kernels()) + " kernel" + (p.kernels() == 1 ? "" : "s")
                + " (bytes)", Scales.forValues(ys, true));
        List<XYChart.Dot> dots = new ArrayList<>();
        List<XYChart.Dot> frontDots = new ArrayList<>();
        for (ConfigurationFigures f : shown) {
            boolean onFront = front.contains(f.configId());
            String tip = f.configId() + (onFront ? " (Pareto front)" : "") + ": "
                    + p.descriptions().getOrDefault(f.configId(), "") + "; latency "
                    + TickLabels.compact(f.geomeanLatencyCycles()) + " cycles, spill " + count(f.totalSpillBytes())
                    + " bytes, registers " + TickLabels.compact(f.meanRegisters());
            XYChart.Dot d = new XYChart.Dot(f.geomeanLatencyCycles(), f.totalSpillBytes(), onFront ? 5.5 : 3.5,
                    registers.colour(f.meanRegisters()), onFront, tip);
            (onFront ? frontDots : dots).add(d);
        }
        dots.addAll(frontDots); // the front on top
        XYChart chart = new XYChart("Configurations: spill bytes against latency", x, y)
                .dots(dots)
                .legend(new LegendEntry("Pareto front", Palette.HIGHLIGHT, LegendEntry.Swatch.RING))
                .legend(new LegendEntry("configuration", Palette.sequential(0.5), LegendEntry.Swatch.DOT))
                .colourBar(registers);
        for (ConfigurationFigures f : shown) {
            boolean tuned = p.tunedConfigId().filter(f.configId()::equals).isPresent();
            boolean dflt = p.defaultConfigId().filter(f.configId()::equals).isPresent();
            if (tuned || dflt) {
                chart.annotate(f.geomeanLatencyCycles(), f.totalSpillBytes(),
                        tuned && dflt ? "default = tuned" : tuned ? "tuned" : "default");
            }
        }
        String sample = others < p.candidates().size() - frontFigures.size()
                ? " " + count(others) + " of the other " + count(p.candidates().size() - frontFigures.size())
                        + " candidates are drawn (the first by config_id, a hash: in effect a random sample)."
                : "";
        page.figure(chart.toSvg(), "Each dot is a configuration evaluated OK on all " + count(p.kernels())
                + " kernels that allocated with any configuration (" + count(p.candidates().size())
                + " candidates), placed at the geometric mean of its estimated latency (exp(mean ln(cycles + 1)) - 1) "
                + "and its total spill bytes (store + load + shared memory); colour is its mean register count. "
                + "Ringed dots are the Pareto front as regtune select finds it (" + count(p.front().size())
                + " configurations no other beats on spill bytes, latency and registers at once; dots can overlap); "
                + "since registers are a third figure, a front point can look dominated in this two-dimensional "
                + "view, so the front is not drawn as a line." + sample);
    }

    // ---- 3. default against tuned ----

    private static void tuned(HtmlPage page, ReportContent c) {
        page.h2("tuned", "3. Default against tuned, per family");
        if (c.comparison().isEmpty() || c.comparison().get().overall().kernels() == 0) {
            page.note(c.comparison().isEmpty() ? c.comparisonAbsent()
                    : "No kernel allocated with both the default and the tuned configuration, so they cannot be "
                            + "compared.");
            return;
        }
        DefaultVersusTuned d = c.comparison().get();
        List<String> categories = new ArrayList<>();
        List<DefaultVersusTuned.Family> groups = new ArrayList<>(d.families());
        if (groups.size() > 1) {
            groups.add(d.overall());
        }
        for (DefaultVersusTuned.Family f : groups) {
            categories.add(f.family() + " (" + f.kernels() + ")");
        }
        BarChart chart = new BarChart("Latency of the default and the tuned configuration",
                "kernel family (kernels compared)", "geometric mean of (latency + 1) / (kernel's best + 1)",
                categories)
                .series(new BarChart.Series("default", DEFAULT_COLOUR,
                        groups.stream().mapToDouble(DefaultVersusTuned.Family::defaultGeomean).toArray()))
                .series(new BarChart.Series("tuned", TUNED_COLOUR,
                        groups.stream().mapToDouble(DefaultVersusTuned.Family::tunedGeomean).toArray()))
                .baseline(1.0, "kernel's best")
                .valueLabels(true)
                .size(Math.max(720, 84 + 190 + categories.size() * 56.0), 380);
        page.figure(chart.toSvg(), "For every kernel on which both allocated, the estimated latency of the default "
                + "configuration (" + d.defaultConfigId() + ", every knob at its default, no register budget) and of "
                + "the tuned one (" + d.tunedConfigId() + ", the robust global configuration regtune select chose for "
                + "the objective " + c.objective().name() + ") is divided by the kernel's best latency in these "
                + "results, both plus 1; bars are geometric means per family, 1 being every kernel's best.");
    }

    // ---- 4. spill cliff ----

    private static void cliff(HtmlPage page, ReportContent c) {
        page.h2("spill-cliff", "4. Spill cliff over the register budget");
        SpillCliff cliff = c.cliff();
        List<Integer> budgets = cliff.budgets();
        if (cliff.series().isEmpty()) {
            page.note("No row allocated or failed to allocate, so there is no spill figure to plot.");
            return;
        }
        if (budgets.size() < 2) {
            page.note("Only one register budget (" + budgetText(budgets.get(0)) + ") was swept; the figures "
                    + "below are that budget's alone.");
        }
        BudgetAxis axis = BudgetAxis.of(budgets.stream().mapToInt(Integer::intValue).toArray(),
                "register budget (registers per thread; none = no limit)");
        String what = cliff.perKernel() ? "kernel" : "family";
        boolean failures = cliff.series().stream().flatMap(s -> s.steps().stream()).anyMatch(st -> st.failedRows() > 0);
        List<List<SpillCliff.Series>> chunks = new ArrayList<>();
        for (int i = 0; i < cliff.series().size(); i += SERIES_PER_CHART) {
            chunks.add(cliff.series().subList(i, Math.min(cliff.series().size(), i + SERIES_PER_CHART)));
        }
        for (int k = 0; k < chunks.size(); k++) {
            List<SpillCliff.Series> chunk = chunks.get(k);
            String part = chunks.size() > 1 ? " (" + (k + 1) + " of " + chunks.size() + ")" : "";
            if (chunks.size() > 1) {
                page.h3(what.substring(0, 1).toUpperCase(Locale.ROOT) + what.substring(1) + " group " + (k + 1)
                        + " of " + chunks.size());
            }
            page.figure(cliffChart("Spill bytes by register budget" + part, axis, chunk,
                    SpillCliff.Step::meanSpillBytes, "mean spill bytes per kernel (bytes)", true),
                    "Mean over the OK rows of each " + what + " at each budget (all its kernels and "
                            + "configurations) of spill_store_bytes + spill_load_bytes + smem_spill_bytes.");
            page.figure(cliffChart("Registers by register budget" + part, axis, chunk,
                    SpillCliff.Step::meanRegisters, "mean registers per thread (registers)", false),
                    "Mean registers per thread over the same rows.");
            if (failures) {
                page.figure(cliffChart("Allocation failures by register budget" + part, axis, chunk,
                        st -> 100 * st.failedShare(), "rows ALLOC_FAILED (% of rows)", false),
                        "Share of the rows at each budget whose allocation failed (status ALLOC_FAILED): the "
                                + "budget was below what the kernel needs whatever the spilling. Those rows are not "
                                + "in the two plots above.");
            }
        }
    }

    private static String cliffChart(String title, BudgetAxis x, List<SpillCliff.Series> series,
            ToDoubleFunction<SpillCliff.Step> figure, String yLabel, boolean logAllowed) {
        List<Double> values = new ArrayList<>();
        for (SpillCliff.Series s : series) {
            for (SpillCliff.Step st : s.steps()) {
                double v = figure.applyAsDouble(st);
                if (!Double.isNaN(v)) {
                    values.add(v);
                }
            }
        }
        double[] vs = values.stream().mapToDouble(Double::doubleValue).toArray();
        Scale scale = logAllowed ? Scales.forValues(vs, true) : Scales.linear(min(vs), max(vs), true);
        XYChart chart = new XYChart(title, x.axis(), new Axis(yLabel, scale));
        for (int i = 0; i < series.size(); i++) {
            SpillCliff.Series s = series.get(i);
            List<XYChart.Point> points = new ArrayList<>();
            for (SpillCliff.Step st : s.steps()) {
                double v = figure.applyAsDouble(st);
                if (!Double.isNaN(v)) {
                    points.add(new XYChart.Point(x.position(st.budget()), v, s.name() + " at budget "
                            + budgetText(st.budget()) + ": " + TickLabels.compact(v) + " (" + count(st.okRows())
                            + " OK rows, " + count(st.failedRows()) + " ALLOC_FAILED)"));
                }
            }
            chart.line(new XYChart.Line(s.name(), Palette.categorical(i), points, false));
        }
        return chart.toSvg();
    }

    // ---- 5. kernel time over the budget ----

    private static void time(HtmlPage page, ReportContent c) {
        page.h2("time", "5. Kernel time over the register budget: the occupancy trade-off");
        TimeCurves t = c.time();
        if (t.kernels() == 0) {
            page.note("No kernel has an estimated kernel time (est_time_cycles, result schema 4) both without a "
                    + "register limit and at another budget, so there is no trade-off to plot.");
            return;
        }
        page.paragraph(t.gaining() + " of " + count(t.kernels()) + " kernels run fastest, by the estimated kernel "
                + "time, at a register budget below what they use without a limit: the warps the budget adds "
                + "(occupancy) hide more latency than its spills cost. Each line is one kernel's lowest "
                + "est_time_cycles at each budget (over the other swept knobs) over its time without a limit; "
                + "the lowest point is the knee of the curve. The time is the model's estimate (issue, latency "
                + "hidden by the active warps, memory requests in flight), not a GPU measurement.");
        if (t.curves().isEmpty()) {
            return;
        }
        java.util.TreeSet<Integer> budgets = new java.util.TreeSet<>(SpillCliff::compareBudgets);
        t.curves().forEach(cv -> cv.points().forEach(p -> budgets.add(p.budget())));
        BudgetAxis axis = BudgetAxis.of(budgets.stream().mapToInt(Integer::intValue).toArray(),
                "register budget (registers per thread; none = no limit)");
        double[] vs = t.curves().stream().flatMap(cv -> cv.points().stream()).mapToDouble(TimeCurves.Point::relative)
                .toArray();
        for (int from = 0; from < t.curves().size(); from += SERIES_PER_CHART) {
            List<TimeCurves.Curve> chunk = t.curves().subList(from, Math.min(t.curves().size(), from + SERIES_PER_CHART));
            XYChart chart = new XYChart("Kernel time by register budget", axis.axis(),
                    new Axis("est_time_cycles / time without a limit", Scales.forValues(vs, true)))
                    .reference(1.0, "no limit");
            for (int i = 0; i < chunk.size(); i++) {
                TimeCurves.Curve cv = chunk.get(i);
                List<XYChart.Point> points = new ArrayList<>();
                for (TimeCurves.Point p : cv.points()) {
                    points.add(new XYChart.Point(axis.position(p.budget()), p.relative(), cv.name() + " at budget "
                            + budgetText(p.budget()) + ": " + count(p.cycles()) + " cycles (" + ratio(p.relative())
                            + " of no limit)"));
                }
                chart.line(new XYChart.Line(cv.name() + ": best " + budgetText(cv.bestBudget()) + ", "
                        + String.format(Locale.ROOT, "%.0f%%", 100 * cv.gain()) + " faster", Palette.categorical(i),
                        points, false));
            }
            page.figure(chart.toSvg(), "Kernels whose estimated time is lowest below no limit, largest predicted "
                    + "gain first" + (t.gaining() > t.curves().size() ? " (the first " + t.curves().size() + " of "
                    + t.gaining() + ")" : "") + ".");
        }
    }

    // ---- helpers ----

    /** A y scale over the levels' means and medians and {@code reference}. */
    private static Scale yScale(List<KnobEffect.Level> levels, double reference) {
        double[] v = new double[levels.size() * 2 + 1];
        int i = 0;
        for (KnobEffect.Level l : levels) {
            v[i++] = l.mean();
            v[i++] = l.median();
        }
        v[i] = reference;
        return Scales.forValues(v, false);
    }

    static String dimensionTitle(String column) {
        if (column.equals(ResultColumns.REGISTER_BUDGET)) {
            return "register budget";
        }
        if (column.equals(ResultColumns.LAUNCH_BOUNDS)) {
            return "launch bounds";
        }
        return KnobCatalogue.byName(column).map(KnobDef::label).orElse(column);
    }

    static String budgetText(int budget) {
        return budget == 0 ? "none" : Integer.toString(budget);
    }

    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    private static String share(long part, long whole) {
        return whole == 0 ? "-" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    private static String ratio(double r) {
        return String.format(Locale.ROOT, "%.3f", r);
    }

    private static double min(double[] v) {
        double m = Double.POSITIVE_INFINITY;
        for (double x : v) {
            m = Math.min(m, x);
        }
        return v.length == 0 ? 0 : m;
    }

    private static double max(double[] v) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : v) {
            m = Math.max(m, x);
        }
        return v.length == 0 ? 1 : m;
    }

    /**
     * The register budget as a horizontal axis: limits at their value, and "no limit" (budget 0) as
     * its own tick labelled "none" one step right of the largest limit.
     */
    record BudgetAxis(Axis axis, double nonePosition) {
        static BudgetAxis of(int[] budgets, String label) {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            boolean none = false;
            for (int b : budgets) {
                if (b == 0) {
                    none = true;
                } else {
                    lo = Math.min(lo, b);
                    hi = Math.max(hi, b);
                }
            }
            if (lo > hi) { // only "no limit"
                LinearScale s = new LinearScale(0, 2, 1);
                return new BudgetAxis(new Axis(label, s).withTicks(List.of(new Tick(1, "none"))), 1);
            }
            LinearScale base = LinearScale.covering(lo, hi, 6);
            if (!none) {
                return new BudgetAxis(new Axis(label, base), Double.NaN);
            }
            double nonePosition = base.max() + base.step();
            LinearScale s = new LinearScale(base.min(), nonePosition, base.step());
            List<Tick> ticks = new ArrayList<>(base.ticks());
            ticks.add(new Tick(nonePosition, "none"));
            return new BudgetAxis(new Axis(label, s).withTicks(ticks), nonePosition);
        }

        double position(int budget) {
            return budget == 0 ? nonePosition : budget;
        }
    }
}
