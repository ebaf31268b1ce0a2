package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The spill cliff: how spill bytes and registers move with the register budget
 * ({@code register_budget}, 0 for no limit), one series per family, or per kernel when the rows
 * hold a single family of at most {@value #MAX_KERNEL_SERIES} kernels. Means are over the OK rows
 * of a series at a budget (every configuration of every kernel); the share of ALLOC_FAILED rows
 * says where the budget could not be met at all.
 *
 * @param perKernel whether series are kernels rather than families
 * @param series sorted by name
 */
public record SpillCliff(boolean perKernel, List<Series> series) {
    /** Most kernels drawn one by one when there is a single family. */
    public static final int MAX_KERNEL_SERIES = 12;

    /** One family's (or kernel's) figures per budget, budgets increasing with 0 (no limit) last. */
    public record Series(String name, List<Step> steps) {
        public Series {
            steps = List.copyOf(steps);
        }
    }

    /**
     * @param budget the register budget, 0 for no limit
     * @param meanSpillBytes mean spill bytes (store + load + shared memory) of the OK rows, NaN when none
     * @param meanRegisters mean registers of the OK rows, NaN when none
     * @param okRows OK rows
     * @param failedRows ALLOC_FAILED rows
     */
    public record Step(int budget, double meanSpillBytes, double meanRegisters, long okRows, long failedRows) {
        /** Share of the rows at this budget that failed to allocate. */
        public double failedShare() {
            long all = okRows + failedRows;
            return all == 0 ? Double.NaN : failedRows / (double) all;
        }
    }

    public SpillCliff {
        series = List.copyOf(series);
    }

    /** The budgets present in any series, increasing with 0 last. */
    public List<Integer> budgets() {
        java.util.TreeSet<Integer> b = new java.util.TreeSet<>(SpillCliff::compareBudgets);
        for (Series s : series) {
            s.steps().forEach(st -> b.add(st.budget()));
        }
        return List.copyOf(b);
    }

    /** Budget order: increasing, with 0 (no limit) after every limit. */
    public static int compareBudgets(int a, int b) {
        return Long.compare(a == 0 ? Long.MAX_VALUE : a, b == 0 ? Long.MAX_VALUE : b);
    }

    /** Aggregates {@code rows} by series and budget. */
    public static SpillCliff of(Dataset<Row> rows) {
        Row shape = rows.agg(countDistinct(col(ResultColumns.FAMILY)), countDistinct(col(ResultColumns.KERNEL_ID)))
                .first();
        boolean perKernel = shape.getLong(0) <= 1 && shape.getLong(1) <= MAX_KERNEL_SERIES;
        Column ok = col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name());
        Column failed = col(ResultColumns.STATUS).equalTo(ResultStatus.ALLOC_FAILED.name());
        Column name = perKernel
                ? org.apache.spark.sql.functions.concat(col(ResultColumns.KERNEL_NAME), lit(" ("),
                        col(ResultColumns.ARCH), lit(")"))
                : col(ResultColumns.FAMILY);
        List<Row> agg = rows.filter(ok.or(failed))
                .groupBy(name.as("_series"), col(ResultColumns.REGISTER_BUDGET))
                .agg(avg(when(ok, Metrics.spillBytes())), avg(when(ok, Metrics.registers())),
                        sum(when(ok, 1).otherwise(0)), sum(when(failed, 1).otherwise(0)), count(lit(1)))
                .collectAsList();
        Map<String, List<Step>> bySeries = new TreeMap<>();
        for (Row r : agg) {
            Step step = new Step(r.getInt(1), r.isNullAt(2) ? Double.NaN : r.getDouble(2),
                    r.isNullAt(3) ? Double.NaN : r.getDouble(3), r.getLong(4), r.getLong(5));
            bySeries.computeIfAbsent(r.getString(0), k -> new ArrayList<>()).add(step);
        }
        List<Series> series = new ArrayList<>();
        bySeries.forEach((n, steps) -> {
            steps.sort((a, b) -> compareBudgets(a.budget(), b.budget()));
            series.add(new Series(n, steps));
        });
        return new SpillCliff(perKernel, series);
    }
}
