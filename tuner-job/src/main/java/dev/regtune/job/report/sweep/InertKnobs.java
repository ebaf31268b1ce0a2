package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.when;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.results.ResultColumns;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Which swept knobs a sweep shows to change nothing: a knob has no effect when, on every kernel,
 * configurations that differ in that knob alone (every other swept dimension equal) give the same
 * outcome — status, registers, spill bytes, estimated latency and kernel time. A knob is untested
 * when no two such configurations exist (a random sample rarely pairs them; a grid always does).
 * Knobs that take one value in the rows are not swept and not judged.
 */
public final class InertKnobs {
    private static final String OUTCOME = "_outcome";

    private InertKnobs() {
    }

    /** What a sweep says about a knob. */
    public enum Verdict {
        /** Some pair of configurations differing in the knob alone gave different outcomes. */
        EFFECT,
        /** Pairs differing in the knob alone exist and all gave the same outcome on every kernel. */
        NO_EFFECT,
        /** No two configurations differ in the knob alone. */
        UNTESTED
    }

    /** The verdict of every swept knob, in catalogue order. */
    public static Map<String, Verdict> of(Dataset<Row> rows) {
        List<String> columns = List.of(rows.columns());
        List<String> dims = new ArrayList<>();
        List<Column> distinct = new ArrayList<>();
        for (KnobDef k : KnobCatalogue.all()) {
            if (columns.contains(ResultColumns.knob(k))) {
                dims.add(ResultColumns.knob(k));
            }
        }
        dims.add(ResultColumns.REGISTER_BUDGET);
        dims.add(ResultColumns.LAUNCH_BOUNDS);
        for (String d : dims) {
            distinct.add(countDistinct(coalesce(col(d).cast("string"), lit("-"))));
        }
        Row counts = rows.agg(distinct.get(0), distinct.subList(1, distinct.size()).toArray(Column[]::new)).first();
        List<String> swept = new ArrayList<>();
        for (int i = 0; i < dims.size(); i++) {
            if (counts.getLong(i) > 1) {
                swept.add(dims.get(i));
            }
        }
        Dataset<Row> withOutcome = rows.withColumn(OUTCOME, concat_ws("|",
                coalesce(col(ResultColumns.STATUS), lit("-")),
                coalesce(col(ResultColumns.REGISTERS).cast("string"), lit("-")),
                coalesce(col(ResultColumns.SPILL_STORE_BYTES).cast("string"), lit("-")),
                coalesce(col(ResultColumns.SPILL_LOAD_BYTES).cast("string"), lit("-")),
                coalesce(col(ResultColumns.SMEM_SPILL_BYTES).cast("string"), lit("-")),
                coalesce(col(ResultColumns.EST_LATENCY_CYCLES).cast("string"), lit("-")),
                coalesce(col(ResultColumns.EST_TIME_CYCLES).cast("string"), lit("-"))));
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (String knob : swept) {
            if (!KnobCatalogue.byName(knob).isPresent()) {
                continue; // the budget and the launch bounds are dimensions, not knobs
            }
            List<Column> group = new ArrayList<>();
            group.add(col(ResultColumns.KERNEL_ID));
            for (String other : swept) {
                if (!other.equals(knob)) {
                    group.add(coalesce(col(other).cast("string"), lit("-")));
                }
            }
            Row r = withOutcome.groupBy(group.toArray(Column[]::new))
                    .agg(countDistinct(coalesce(col(knob).cast("string"), lit("-"))).as("_values"),
                            countDistinct(col(OUTCOME)).as("_outcomes"))
                    .agg(max(col("_values")), max(when(col("_values").gt(1), col("_outcomes"))))
                    .first();
            if (r.isNullAt(0) || r.getLong(0) < 2) {
                out.put(knob, Verdict.UNTESTED);
            } else {
                out.put(knob, r.getLong(1) > 1 ? Verdict.EFFECT : Verdict.NO_EFFECT);
            }
        }
        return out;
    }

    /** The knobs with {@link Verdict#NO_EFFECT}, in catalogue order. */
    public static List<String> withoutEffect(Map<String, Verdict> verdicts) {
        return verdicts.entrySet().stream().filter(e -> e.getValue() == Verdict.NO_EFFECT).map(Map.Entry::getKey)
                .toList();
    }
}
