package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.ln;
import static org.apache.spark.sql.functions.sum;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A configuration's figures over every kernel that allocated with some configuration, computed
 * as {@code regtune select} computes them for its Pareto front, so that the front it returns can
 * be drawn among all the other candidates: total spill bytes, geometric-mean latency
 * ({@code exp(mean(ln(cycles + 1))) - 1}) and mean registers. Only configurations OK on every such
 * kernel are candidates (otherwise their figures would cover different kernels).
 *
 * @param configId the {@code config_id}
 * @param totalSpillBytes spill bytes (store + load + shared memory) summed over the kernels
 * @param geomeanLatencyCycles geometric-mean estimated latency with the offset of 1
 * @param meanRegisters mean registers per thread
 */
public record ConfigurationFigures(String configId, long totalSpillBytes, double geomeanLatencyCycles,
        double meanRegisters) {

    private static final String KERNELS = "_kernels";

    /** Candidates and the number of kernels their figures are over. */
    public record Candidates(long kernels, List<ConfigurationFigures> configurations) {
        public Candidates {
            configurations = List.copyOf(configurations);
        }
    }

    /**
     * The candidates of {@code rows} (which hold at most one row per kernel and configuration),
     * sorted by {@code config_id}.
     */
    public static Candidates of(Dataset<Row> rows) {
        Dataset<Row> ok = rows.filter(col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name()))
                .filter(Metrics.latency().isNotNull().and(Metrics.registers().isNotNull()));
        long kernels = ok.agg(countDistinct(col(ResultColumns.KERNEL_ID))).first().getLong(0);
        List<ConfigurationFigures> out = new ArrayList<>();
        if (kernels == 0) {
            return new Candidates(0, out);
        }
        List<Row> agg = ok.groupBy(ResultColumns.CONFIG_ID)
                .agg(count(lit(1)).as(KERNELS), sum(Metrics.spillBytes()), avg(ln(Metrics.latency().plus(1))),
                        avg(Metrics.registers()))
                .filter(col(KERNELS).equalTo(kernels))
                .collectAsList();
        for (Row r : agg) {
            out.add(new ConfigurationFigures(r.getString(0), r.getLong(2), Math.exp(r.getDouble(3)) - 1,
                    r.getDouble(4)));
        }
        out.sort(Comparator.comparing(ConfigurationFigures::configId));
        return new Candidates(kernels, out);
    }
}
