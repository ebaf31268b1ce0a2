package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.approx_count_distinct;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.floor;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.log10;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.median;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.when;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.job.report.html.TickLabels;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.storage.StorageLevel;

/**
 * Computes a {@link KnobEffect} for every dimension that takes more than one value in the rows:
 * every catalogue knob column, {@code register_budget} and {@code launch_bounds}. Each OK row's
 * objective is first normalised against its kernel's best (see {@link ReportObjective}); then one
 * small aggregation per swept dimension groups by value. Boolean and choice knobs (a choice
 * column holds the choice's name) are categories, one bar per value. A numeric knob with more than
 * {@value #MAX_LEVELS} distinct values is grouped into {@value #BINS} bins of equal width (in log
 * space when its values span decades).
 */
public final class KnobEffects {
    /** Most distinct values shown one by one. */
    public static final int MAX_LEVELS = 24;
    /** Bins of a knob with more distinct values than {@link #MAX_LEVELS}. */
    public static final int BINS = 12;

    private static final String OBJECTIVE = "_objective";
    private static final String BEST = "_best";
    private static final String NORM = "_norm";
    private static final String LEVEL = "_level";
    private static final String OWN_BOUNDS = "kernel's own";

    private KnobEffects() {
    }

    /** The dimensions a report can plot against the objective, with their catalogue definitions where they are knobs. */
    private record Dimension(String column, Optional<KnobDef> knob) {
        boolean is(KnobType type) {
            return knob.map(k -> k.type() == type).orElse(false);
        }

        /**
         * The column as a number: a choice knob's column holds the choice's name, read here as its
         * index (a name the catalogue does not know is null); other columns as they are.
         */
        Column value() {
            if (!is(KnobType.CHOICE)) {
                return col(column);
            }
            List<String> choices = knob.get().choices();
            Column index = when(col(column).equalTo(choices.get(0)), 0);
            for (int i = 1; i < choices.size(); i++) {
                index = index.when(col(column).equalTo(choices.get(i)), i);
            }
            return index;
        }
    }

    /** The knob effects of every swept dimension, in catalogue order, then the budget, then the launch bounds. */
    public static List<KnobEffect> of(Dataset<Row> rows, ReportObjective objective) {
        List<String> columns = List.of(rows.columns());
        List<Dimension> dims = new ArrayList<>();
        for (KnobDef k : KnobCatalogue.all()) {
            if (columns.contains(ResultColumns.knob(k))) {
                dims.add(new Dimension(ResultColumns.knob(k), Optional.of(k)));
            }
        }
        dims.add(new Dimension(ResultColumns.REGISTER_BUDGET, Optional.empty()));
        boolean hasBounds = columns.contains(ResultColumns.LAUNCH_BOUNDS);

        // One pass: min and max of every numeric dimension, distinct launch bounds.
        List<Column> aggs = new ArrayList<>();
        for (Dimension d : dims) {
            aggs.add(min(d.value()).cast("double"));
            aggs.add(max(d.value()).cast("double"));
        }
        if (hasBounds) {
            aggs.add(approx_count_distinct(coalesce(col(ResultColumns.LAUNCH_BOUNDS), lit(OWN_BOUNDS))));
        }
        Row extent = rows.agg(aggs.get(0), aggs.subList(1, aggs.size()).toArray(Column[]::new)).first();
        List<Dimension> swept = new ArrayList<>();
        List<double[]> ranges = new ArrayList<>();
        for (int i = 0; i < dims.size(); i++) {
            if (extent.isNullAt(2 * i)) {
                continue;
            }
            double lo = extent.getDouble(2 * i);
            double hi = extent.getDouble(2 * i + 1);
            if (hi > lo) {
                swept.add(dims.get(i));
                ranges.add(new double[] {lo, hi});
            }
        }
        boolean boundsSwept = hasBounds && extent.getLong(2 * dims.size()) > 1;
        if (swept.isEmpty() && !boundsSwept) {
            return List.of();
        }

        List<String> keep = new ArrayList<>();
        keep.add(ResultColumns.KERNEL_ID);
        swept.forEach(d -> keep.add(d.column()));
        if (boundsSwept) {
            keep.add(ResultColumns.LAUNCH_BOUNDS);
        }
        Dataset<Row> ok = rows.filter(col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name()))
                .withColumn(OBJECTIVE, objective.value().cast("double"))
                .filter(col(OBJECTIVE).isNotNull());
        Dataset<Row> best = ok.groupBy(ResultColumns.KERNEL_ID).agg(min(col(OBJECTIVE)).as(BEST));
        Column normalised = ReportObjective.normalised(col(OBJECTIVE), col(BEST));
        keep.add(NORM);
        Dataset<Row> norm = ok.join(best, ResultColumns.KERNEL_ID)
                .withColumn(NORM, normalised)
                .filter(col(NORM).isNotNull())
                .select(keep.stream().map(org.apache.spark.sql.functions::col).toArray(Column[]::new))
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            List<KnobEffect> effects = new ArrayList<>();
            List<Column> distinct = new ArrayList<>();
            for (Dimension d : swept) {
                distinct.add(approx_count_distinct(col(d.column())));
            }
            Row counts = swept.isEmpty() ? null
                    : norm.agg(distinct.get(0), distinct.subList(1, distinct.size()).toArray(Column[]::new)).first();
            for (int i = 0; i < swept.size(); i++) {
                Dimension d = swept.get(i);
                if (d.is(KnobType.BOOL)) {
                    effects.add(booleanEffect(norm, d));
                } else if (d.is(KnobType.CHOICE)) {
                    effects.add(choiceEffect(norm, d));
                } else {
                    boolean many = counts != null && counts.getLong(i) > MAX_LEVELS;
                    effects.add(numericEffect(norm, d, ranges.get(i), many));
                }
            }
            if (boundsSwept) {
                effects.add(boundsEffect(norm));
            }
            return effects;
        } finally {
            norm.unpersist();
        }
    }

    private static KnobEffect booleanEffect(Dataset<Row> norm, Dimension d) {
        List<KnobEffect.Level> levels = new ArrayList<>();
        for (Row r : levelRows(norm, col(d.column()).cast("int"), col(d.column()).cast("double"))) {
            double v = r.getDouble(1);
            levels.add(new KnobEffect.Level(v, v != 0 ? "true" : "false", r.getDouble(2), r.getDouble(3),
                    r.getLong(4)));
        }
        return new KnobEffect(d.column(), KnobEffect.Kind.BOOLEAN, false, defaultOf(d), levels);
    }

    /** A choice knob: one bar per choice, in the catalogue's order of the choices, labelled by name. */
    private static KnobEffect choiceEffect(Dataset<Row> norm, Dimension d) {
        List<KnobEffect.Level> levels = new ArrayList<>();
        Column index = d.value();
        for (Row r : levelRows(norm, index, index.cast("double"))) {
            double v = r.getDouble(1);
            levels.add(new KnobEffect.Level(v, d.knob().get().format(v), r.getDouble(2), r.getDouble(3),
                    r.getLong(4)));
        }
        return new KnobEffect(d.column(), KnobEffect.Kind.CATEGORICAL, false, defaultOf(d), levels);
    }

    private static KnobEffect numericEffect(Dataset<Row> norm, Dimension d, double[] range, boolean binned) {
        Column value = col(d.column()).cast("double");
        if (!binned) {
            List<KnobEffect.Level> levels = new ArrayList<>();
            for (Row r : levelRows(norm, value, value)) {
                double v = r.getDouble(1);
                levels.add(new KnobEffect.Level(v, label(d, v), r.getDouble(2), r.getDouble(3), r.getLong(4)));
            }
            if (d.column().equals(ResultColumns.REGISTER_BUDGET)) { // no limit (0) after every limit, as drawn
                levels.sort((a, b) -> SpillCliff.compareBudgets((int) a.value(), (int) b.value()));
            }
            return new KnobEffect(d.column(), KnobEffect.Kind.NUMERIC, false, defaultOf(d), levels);
        }
        double lo = range[0];
        double hi = range[1];
        boolean logBins = lo > 0 && hi / lo >= 100;
        Column position = logBins
                ? log10(value).minus(Math.log10(lo)).divide(Math.log10(hi) - Math.log10(lo))
                : value.minus(lo).divide(hi - lo);
        Column bin = least(lit(BINS - 1), greatest(lit(0), floor(position.multiply(BINS)).cast("int")));
        List<KnobEffect.Level> levels = new ArrayList<>();
        for (Row r : levelRows(norm, bin, value)) {
            int b = r.getInt(0);
            double from = edge(lo, hi, logBins, b);
            double to = edge(lo, hi, logBins, b + 1);
            String text = TickLabels.compact(from) + "\u2013" + TickLabels.compact(to);
            levels.add(new KnobEffect.Level(r.getDouble(1), text, r.getDouble(2), r.getDouble(3), r.getLong(4)));
        }
        return new KnobEffect(d.column(), KnobEffect.Kind.NUMERIC, true, defaultOf(d), levels);
    }

    private static KnobEffect boundsEffect(Dataset<Row> norm) {
        Column bounds = coalesce(col(ResultColumns.LAUNCH_BOUNDS), lit(OWN_BOUNDS));
        List<Row> rows = norm.groupBy(bounds.as(LEVEL))
                .agg(avg(col(NORM)), median(col(NORM)), count(lit(1)))
                .collectAsList();
        List<Row> sorted = new ArrayList<>(rows);
        // The kernel's own bounds first, then by thread count and text.
        sorted.sort(Comparator.comparing((Row r) -> !r.getString(0).equals(OWN_BOUNDS))
                .thenComparingLong(r -> leadingNumber(r.getString(0)))
                .thenComparing(r -> r.getString(0)));
        List<KnobEffect.Level> levels = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            Row r = sorted.get(i);
            levels.add(new KnobEffect.Level(i, r.getString(0), r.getDouble(1), r.getDouble(2), r.getLong(3)));
        }
        return new KnobEffect(ResultColumns.LAUNCH_BOUNDS, KnobEffect.Kind.CATEGORICAL, false, OptionalDouble.empty(),
                levels);
    }

    /** Rows of (level, mean value, mean normalised, median normalised, count), sorted by level. */
    private static List<Row> levelRows(Dataset<Row> norm, Column level, Column value) {
        List<Row> rows = new ArrayList<>(norm.filter(value.isNotNull()).groupBy(level.as(LEVEL))
                .agg(avg(value), avg(col(NORM)), median(col(NORM)), count(lit(1)))
                .collectAsList());
        rows.sort(Comparator.comparingDouble(r -> ((Number) r.get(0)).doubleValue()));
        return rows;
    }

    private static double edge(double lo, double hi, boolean log, int bin) {
        double t = bin / (double) BINS;
        return log ? Math.pow(10, Math.log10(lo) + t * (Math.log10(hi) - Math.log10(lo))) : lo + t * (hi - lo);
    }

    private static String label(Dimension d, double v) {
        if (d.knob().isPresent()) {
            return d.knob().get().format(v);
        }
        return v == 0 && d.column().equals(ResultColumns.REGISTER_BUDGET) ? "none" : TickLabels.compact(v);
    }

    private static OptionalDouble defaultOf(Dimension d) {
        return d.knob().map(k -> OptionalDouble.of(k.defaultValue())).orElse(OptionalDouble.empty());
    }

    private static long leadingNumber(String s) {
        int i = 0;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && i < 9) {
            i++;
        }
        return i == 0 ? Long.MAX_VALUE : Long.parseLong(s.substring(0, i));
    }
}
