package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.lit;

import dev.regtune.job.select.Metric;
import dev.regtune.job.select.Objective;
import java.util.Map;
import org.apache.spark.sql.Column;

/**
 * The objective a report plots, as one number per OK row computed by Spark, and how it is made
 * comparable across kernels of different sizes: each row's value is divided by its kernel's best,
 * both plus 1 — {@code (value + 1) / (best + 1)}, the ratio {@code regtune select} scores
 * configurations by. 1 is the kernel's best; the offset keeps the ratio defined when the best is 0
 * (no spill bytes) and changes nothing visible on latencies of thousands of cycles.
 *
 * @param name the objective as the command line spells it
 * @param quantity what the value is, for axis labels ("latency")
 * @param value the value of a row (a numeric column), read only on OK rows
 */
public record ReportObjective(String name, String quantity, Column value) {
    /** The additive offset of the ratio, as selection uses it. */
    public static final double OFFSET = 1.0;

    /**
     * The report's reading of a selection objective: a single metric as it is; a lexicographic one
     * by its first (deciding) metric; a weighted one as its weighted sum.
     */
    public static ReportObjective of(Objective objective) {
        if (objective instanceof Objective.Single s) {
            return new ReportObjective(s.text(), quantity(s.metric()), column(s.metric()));
        }
        if (objective instanceof Objective.Lexicographic l) {
            return new ReportObjective(l.text(), quantity(l.order().get(0)), column(l.order().get(0)));
        }
        Objective.Weighted w = (Objective.Weighted) objective; // the interface is sealed: the last kind
        Column sum = lit(0.0);
        for (Map.Entry<Metric, Double> e : w.weights().entrySet()) {
            sum = sum.plus(column(e.getKey()).multiply(lit(e.getValue())));
        }
        return new ReportObjective(w.text(), "weighted objective", sum);
    }

    private static String quantity(Metric m) {
        return switch (m) {
            case TIME -> "kernel time";
            case LATENCY -> "latency";
            case SPILLS -> "spill bytes";
            case REGISTERS -> "registers";
        };
    }

    private static Column column(Metric m) {
        return switch (m) {
            case TIME -> Metrics.time();
            case LATENCY -> Metrics.latency();
            case SPILLS -> Metrics.spillBytes();
            case REGISTERS -> Metrics.registers();
        };
    }

    /** The normalised value of a row whose kernel's best is {@code best}. */
    public static Column normalised(Column rowValue, Column best) {
        return rowValue.plus(lit(OFFSET)).divide(best.plus(lit(OFFSET)));
    }

    /** The axis label of the normalised value, with its formula. */
    public String normalisedLabel() {
        return "(" + quantity + " + 1) / (kernel's best + 1)";
    }
}
