package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.lit;

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

    /** The normalised value of a row whose kernel's best is {@code best}. */
    public static Column normalised(Column rowValue, Column best) {
        return rowValue.plus(lit(OFFSET)).divide(best.plus(lit(OFFSET)));
    }

    /** The axis label of the normalised value, with its formula. */
    public String normalisedLabel() {
        return "(" + quantity + " + 1) / (kernel's best + 1)";
    }
}
