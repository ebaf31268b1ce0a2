package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.min;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The occupancy trade-off per kernel: the estimated kernel time ({@code est_time_cycles}) against
 * the register budget, relative to the kernel's time without a limit. At each budget a kernel's
 * time is the lowest over the other swept knobs. A kernel whose curve dips below 1 runs faster
 * with fewer registers: the occupancy it gains outweighs the spills; the lowest point is the knee.
 *
 * @param kernels kernels with a time at no limit and at another budget
 * @param curves the kernels whose best budget is not "no limit", largest gain first, at most {@value #MAX_CURVES}
 * @param gaining how many kernels have such a budget (all of them, not only those drawn)
 */
public record TimeCurves(int kernels, List<Curve> curves, int gaining) {
    /** Most kernels drawn. */
    public static final int MAX_CURVES = 14;

    /**
     * One kernel's curve.
     *
     * @param name "kernel (arch)"
     * @param points budgets increasing with 0 (no limit) last
     * @param bestBudget the budget of the lowest time
     * @param gain time at no limit over the best time, minus 1
     */
    public record Curve(String name, List<Point> points, int bestBudget, double gain) {
        public Curve {
            points = List.copyOf(points);
        }
    }

    /**
     * @param budget the register budget, 0 for no limit
     * @param cycles the lowest est_time_cycles at that budget
     * @param relative {@code cycles} over the time at no limit
     */
    public record Point(int budget, long cycles, double relative) {
    }

    public TimeCurves {
        curves = List.copyOf(curves);
    }

    /** Aggregates {@code rows} (OK rows with a time count) by kernel and budget. */
    public static TimeCurves of(Dataset<Row> rows) {
        List<Row> agg = rows.filter(col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name())
                        .and(col(ResultColumns.EST_TIME_CYCLES).isNotNull()))
                .groupBy(col(ResultColumns.KERNEL_ID), col(ResultColumns.KERNEL_NAME), col(ResultColumns.ARCH),
                        col(ResultColumns.REGISTER_BUDGET))
                .agg(min(col(ResultColumns.EST_TIME_CYCLES)))
                .collectAsList();
        Map<String, String> names = new TreeMap<>();
        Map<String, TreeMap<Integer, Long>> byKernel = new TreeMap<>();
        for (Row r : agg) {
            names.put(r.getString(0), r.getString(1) + " (" + r.getString(2) + ")");
            byKernel.computeIfAbsent(r.getString(0), k -> new TreeMap<>(SpillCliff::compareBudgets))
                    .put(r.getInt(3), r.getLong(4));
        }
        List<Curve> gaining = new ArrayList<>();
        int kernels = 0;
        for (Map.Entry<String, TreeMap<Integer, Long>> e : byKernel.entrySet()) {
            Long unlimited = e.getValue().get(0);
            if (unlimited == null || e.getValue().size() < 2) {
                continue;
            }
            kernels++;
            List<Point> points = new ArrayList<>();
            int best = 0;
            long bestCycles = unlimited;
            for (Map.Entry<Integer, Long> p : e.getValue().entrySet()) {
                points.add(new Point(p.getKey(), p.getValue(), p.getValue() / (double) Math.max(1, unlimited)));
                if (p.getValue() < bestCycles) {
                    bestCycles = p.getValue();
                    best = p.getKey();
                }
            }
            if (best != 0) {
                gaining.add(new Curve(names.getOrDefault(e.getKey(), e.getKey()), points, best,
                        unlimited / (double) Math.max(1, bestCycles) - 1.0));
            }
        }
        gaining.sort(Comparator.comparingDouble(Curve::gain).reversed().thenComparing(Curve::name));
        return new TimeCurves(kernels, gaining.subList(0, Math.min(MAX_CURVES, gaining.size())), gaining.size());
    }
}
