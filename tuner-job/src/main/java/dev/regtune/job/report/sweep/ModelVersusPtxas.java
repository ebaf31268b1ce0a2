package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The model beside the truth: where a table holds rows of the model and rows of the real ptxas for
 * the same (kernel, configuration) ({@code sweep --evaluator both}), how far the model's figures are
 * from ptxas's, over all pairs, per configuration and per value of every swept dimension (knob,
 * register budget, launch bounds, ptxas control).
 *
 * <p>Registers are compared where both rows are OK: mean absolute error, mean signed error (model
 * minus ptxas: positive when the model over-estimates) and mean absolute percentage error. Spilling
 * is compared as a yes/no (spill bytes above 0) and as bytes (store + load + shared memory). The
 * status agreement counts the pairs where both gave the same status (both OK, both ALLOC_FAILED...).
 *
 * @param modelVersions the model versions compared
 * @param ptxasVersion the ptxas rows' model version ({@code ptxas/13.0.88})
 * @param overall the figures over every pair
 * @param configurations the figures per configuration, worst register error first (at most
 *     {@link #MAX_CONFIGURATIONS}); {@link Figures#label()} names the swept values
 * @param configurationCount how many configurations have pairs
 * @param dimensions the figures per value of each swept dimension, dimensions in catalogue order
 *     (knobs, then the register budget, the launch bounds, the ptxas controls)
 * @param notes what was left out, one sentence each
 */
public record ModelVersusPtxas(List<String> modelVersions, String ptxasVersion, Figures overall,
        List<Figures> configurations, long configurationCount, List<Dimension> dimensions, List<String> notes) {
    /** Most configurations listed one by one. */
    public static final int MAX_CONFIGURATIONS = 40;
    /** Most values of one dimension listed; a dimension with more (a continuous knob) is left out. */
    public static final int MAX_VALUES = KnobEffects.MAX_LEVELS;
    /** The prefix of the model version of ptxas rows. */
    public static final String PTXAS_PREFIX = "ptxas/";

    private static final String P = "_p_";
    private static final String VALUE = "_value";
    private static final String NONE = "-";

    public ModelVersusPtxas {
        modelVersions = List.copyOf(modelVersions);
        configurations = List.copyOf(configurations);
        dimensions = List.copyOf(dimensions);
        notes = List.copyOf(notes);
    }

    /**
     * The model's error against ptxas over a group of pairs.
     *
     * @param label what the group is: "all", a configuration's values, or a dimension's value
     * @param pairs (kernel, configuration) pairs with a model row and a ptxas row
     * @param bothOk pairs both evaluators gave OK
     * @param statusAgreement pairs both gave the same status
     * @param registerMae mean |model - ptxas| registers over the pairs both OK, NaN when none
     * @param registerBias mean (model - ptxas) registers, NaN when none
     * @param registerMape mean |model - ptxas| / ptxas registers in percent, NaN when none
     * @param spillAgreement share of the pairs both OK where both spill or neither does, NaN when none
     * @param spillBytesMae mean |model - ptxas| spill bytes, NaN when none
     * @param modelSpillBytes mean spill bytes of the model, NaN when none
     * @param ptxasSpillBytes mean spill bytes of ptxas, NaN when none
     */
    public record Figures(String label, long pairs, long bothOk, long statusAgreement, double registerMae,
            double registerBias, double registerMape, double spillAgreement, double spillBytesMae,
            double modelSpillBytes, double ptxasSpillBytes) {
    }

    /**
     * One swept dimension.
     *
     * @param column its column ({@code register_budget}, a knob's name, {@code ptxas_fmad})
     * @param values the figures per value, in value order ("-" for the kernel's own launch bounds or
     *     a control left out)
     */
    public record Dimension(String column, List<Figures> values) {
        public Dimension {
            values = List.copyOf(values);
        }
    }

    /**
     * Pairs the model's rows with ptxas's in {@code rows} (any runs; one row per key is kept as
     * {@link SweepRows#onePerEvaluation} keeps it), empty when either side has no rows.
     *
     * @param modelVersions the model versions to compare (those selection read); ptxas versions among
     *     them are ignored
     */
    public static Optional<ModelVersusPtxas> of(Dataset<Row> rows, List<String> modelVersions) {
        List<String> models = modelVersions.stream().filter(v -> !v.startsWith(PTXAS_PREFIX)).toList();
        List<String> ptxasVersions = SweepRows.modelVersions(rows.filter(col(ResultColumns.MODEL_VERSION)
                .startsWith(PTXAS_PREFIX)));
        if (models.isEmpty() || ptxasVersions.isEmpty()) {
            return Optional.empty();
        }
        List<String> notes = new ArrayList<>();
        String ptxas = ptxasVersions.get(ptxasVersions.size() - 1);
        if (ptxasVersions.size() > 1) {
            notes.add("The table has rows of " + String.join(", ", ptxasVersions) + "; the model is compared with "
                    + ptxas + " only.");
        }
        Dataset<Row> model = SweepRows.onePerEvaluation(SweepRows.ofModelVersions(rows, models));
        Dataset<Row> truth = SweepRows.onePerEvaluation(SweepRows.ofModelVersions(rows, List.of(ptxas)))
                .select(col(ResultColumns.KERNEL_ID).as(P + ResultColumns.KERNEL_ID),
                        col(ResultColumns.CONFIG_ID).as(P + ResultColumns.CONFIG_ID),
                        col(ResultColumns.STATUS).as(P + ResultColumns.STATUS),
                        col(ResultColumns.REGISTERS).as(P + ResultColumns.REGISTERS),
                        Metrics.spillBytes().as(P + "spill"));
        Dataset<Row> pairs = model.join(truth, col(ResultColumns.KERNEL_ID).equalTo(col(P + ResultColumns.KERNEL_ID))
                .and(col(ResultColumns.CONFIG_ID).equalTo(col(P + ResultColumns.CONFIG_ID))))
                .withColumn("_m_spill", Metrics.spillBytes())
                .persist(org.apache.spark.storage.StorageLevel.MEMORY_AND_DISK());
        try {
            List<Row> all = pairs.agg(count(lit(1)), figures()).collectAsList();
            if (all.isEmpty() || all.get(0).getLong(0) == 0) {
                return Optional.empty();
            }
            Figures overall = figures("all", all.get(0), 1);
            List<String> swept = swept(pairs);
            List<Column> labelParts = new ArrayList<>();
            for (String c : swept) {
                labelParts.add(concat(lit(c + "="), coalesce(col(c).cast("string"), lit(NONE))));
            }
            Column label = swept.isEmpty() ? lit("defaults") : concat_ws(", ", labelParts.toArray(Column[]::new));
            List<Figures> configs = new ArrayList<>();
            for (Row r : pairs.groupBy(col(ResultColumns.CONFIG_ID)).agg(max(label),
                    figures(count(lit(1)))).collectAsList()) {
                configs.add(figures(r.getString(1), r, 3));
            }
            configs.sort(Comparator.comparingDouble((Figures f) -> Double.isNaN(f.registerMae()) ? -1
                    : f.registerMae()).reversed().thenComparing(Figures::label));
            long configCount = configs.size();
            if (configs.size() > MAX_CONFIGURATIONS) {
                notes.add(configs.size() + " configurations have pairs; the " + MAX_CONFIGURATIONS
                        + " with the largest register error are listed.");
                configs = configs.subList(0, MAX_CONFIGURATIONS);
            }
            List<Dimension> dims = new ArrayList<>();
            for (String c : swept) {
                Column value = coalesce(col(c).cast("string"), lit(NONE));
                List<Row> byValue = pairs.groupBy(value.as(VALUE)).agg(count(lit(1)), figures()).collectAsList();
                if (byValue.size() > MAX_VALUES) {
                    notes.add(c + " takes " + byValue.size() + " values in the pairs, more than " + MAX_VALUES
                            + ", so it is not tabulated per value.");
                    continue;
                }
                List<Figures> values = new ArrayList<>();
                for (Row r : byValue) {
                    values.add(figures(r.getString(0), r, 2));
                }
                values.sort((a, b) -> compareValues(c, a.label(), b.label()));
                dims.add(new Dimension(c, values));
            }
            return Optional.of(new ModelVersusPtxas(models, ptxas, overall, configs, configCount, dims, notes));
        } finally {
            pairs.unpersist();
        }
    }

    /** The dimensions of the pairs that take more than one value: knobs, budget, launch bounds, controls. */
    private static List<String> swept(Dataset<Row> pairs) {
        List<String> columns = List.of(pairs.columns());
        List<String> candidates = new ArrayList<>();
        for (KnobDef k : KnobCatalogue.all()) {
            if (columns.contains(ResultColumns.knob(k))) {
                candidates.add(ResultColumns.knob(k));
            }
        }
        candidates.add(ResultColumns.REGISTER_BUDGET);
        if (columns.contains(ResultColumns.LAUNCH_BOUNDS)) {
            candidates.add(ResultColumns.LAUNCH_BOUNDS);
        }
        for (PtxasControl c : PtxasControls.all()) {
            if (columns.contains(ResultColumns.control(c)) && !candidates.contains(ResultColumns.control(c))) {
                candidates.add(ResultColumns.control(c));
            }
        }
        List<Column> distinct = candidates.stream()
                .map(c -> countDistinct(coalesce(col(c).cast("string"), lit(NONE)))).toList();
        Row counts = pairs.agg(distinct.get(0), distinct.subList(1, distinct.size()).toArray(Column[]::new)).first();
        List<String> swept = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            if (counts.getLong(i) > 1) {
                swept.add(candidates.get(i));
            }
        }
        return swept;
    }

    /** {@code first} followed by the aggregations of {@link #figures()}. */
    private static Column[] figures(Column first) {
        Column[] rest = figures();
        Column[] all = new Column[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }

    /** The aggregations behind {@link Figures}, after the count; see {@link #figures(String, Row, int)}. */
    private static Column[] figures() {
        Column modelOk = col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name());
        Column bothOk = modelOk.and(col(P + ResultColumns.STATUS).equalTo(ResultStatus.OK.name()));
        Column m = col(ResultColumns.REGISTERS).cast("double");
        Column p = col(P + ResultColumns.REGISTERS).cast("double");
        Column ms = col("_m_spill").cast("double");
        Column ps = col(P + "spill").cast("double");
        return new Column[] {
            sum(when(bothOk, 1).otherwise(0)),
            sum(when(col(ResultColumns.STATUS).equalTo(col(P + ResultColumns.STATUS)), 1).otherwise(0)),
            avg(when(bothOk, abs(m.minus(p)))),
            avg(when(bothOk, m.minus(p))),
            avg(when(bothOk.and(p.gt(0)), abs(m.minus(p)).divide(p).multiply(100))),
            avg(when(bothOk, when(ms.gt(0).equalTo(ps.gt(0)), 1.0).otherwise(0.0))),
            avg(when(bothOk, abs(ms.minus(ps)))),
            avg(when(bothOk, ms)),
            avg(when(bothOk, ps)),
        };
    }

    /** The figures of an aggregated row whose count is at {@code at - 1} and figures from {@code at}. */
    private static Figures figures(String label, Row r, int at) {
        long pairs = r.getLong(at - 1);
        return new Figures(label, pairs, longOr0(r, at), longOr0(r, at + 1), doubleOrNaN(r, at + 2),
                doubleOrNaN(r, at + 3), doubleOrNaN(r, at + 4), doubleOrNaN(r, at + 5), doubleOrNaN(r, at + 6),
                doubleOrNaN(r, at + 7), doubleOrNaN(r, at + 8));
    }

    private static long longOr0(Row r, int i) {
        return r.isNullAt(i) ? 0 : r.getLong(i);
    }

    private static double doubleOrNaN(Row r, int i) {
        return r.isNullAt(i) ? Double.NaN : r.getDouble(i);
    }

    /**
     * Values in numeric order where both are numbers (a register budget of 0, no limit, after every
     * limit), numbers before text, text in text order, "-" last.
     */
    static int compareValues(String column, String a, String b) {
        OptionalDouble x = number(a);
        OptionalDouble y = number(b);
        if (x.isPresent() && y.isPresent()) {
            return column.equals(ResultColumns.REGISTER_BUDGET)
                    ? SpillCliff.compareBudgets((int) x.getAsDouble(), (int) y.getAsDouble())
                    : Double.compare(x.getAsDouble(), y.getAsDouble());
        }
        if (x.isPresent() || y.isPresent()) {
            return x.isPresent() ? -1 : 1;
        }
        if (a.equals(NONE) || b.equals(NONE)) {
            return a.equals(b) ? 0 : a.equals(NONE) ? 1 : -1;
        }
        return a.compareTo(b);
    }

    private static OptionalDouble number(String s) {
        try {
            return OptionalDouble.of(Double.parseDouble(s));
        } catch (NumberFormatException e) {
            return OptionalDouble.empty();
        }
    }
}
