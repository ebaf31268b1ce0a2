package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.when;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;

/**
 * Reads the rows a report covers: one run (or every run) of a result table, the model versions of
 * one release (one per allocator family, which a sweep over the {@code allocator} knob compares).
 * Rows of several releases are never mixed (a changed model changes every figure); which versions
 * is the caller's choice, normally those selection read.
 */
public final class SweepRows {
    private static final String RANK = "_rank";

    private SweepRows() {
    }

    /** Every row of the table, with the partition columns. */
    public static Dataset<Row> readAll(SparkSession spark, ResultsFolder folder) {
        // Read with the schema rather than inferring it: partition values stay text (run_id=20250101 is
        // not a number), and a knob column older files lack reads as null, which the report treats as
        // the knob's default, as config ids do.
        Dataset<Row> all = spark.read().schema(ResultSchema.schema()).parquet(folder.table().sparkPath());
        Row nulls = all.agg(count(lit(1)), count(col(ResultColumns.KERNEL_ID)), count(col(ResultColumns.STATUS)))
                .first();
        if (nulls.getLong(0) == 0) {
            throw new ReportInputException("the result table in '" + folder.named() + "' has no rows");
        }
        if (nulls.getLong(1) == 0 || nulls.getLong(2) == 0) {
            throw new ReportInputException("the Parquet files in '" + folder.named() + "' have no kernel_id or "
                    + "status column, so they are not a RegTune result table (schema version " + ResultSchema.VERSION
                    + ")");
        }
        return all.filter(col(ResultColumns.KERNEL_ID).isNotNull().and(col(ResultColumns.CONFIG_ID).isNotNull())
                .and(col(ResultColumns.STATUS).isNotNull()));
    }

    /** The rows of {@code runId} (every run when empty); fails with one sentence when it has none. */
    public static Dataset<Row> ofRun(Dataset<Row> all, ResultsFolder folder, Optional<String> runId) {
        if (runId.isEmpty()) {
            return all;
        }
        Dataset<Row> rows = all.filter(col(ResultColumns.RUN_ID).equalTo(runId.get()));
        if (rows.isEmpty()) {
            throw new ReportInputException("'" + folder.named() + "' has no rows of run '" + runId.get()
                    + "' (runs present: " + String.join(", ", folder.runIds()) + ")");
        }
        return rows;
    }

    /** The model versions present in {@code rows}, in text order. */
    public static List<String> modelVersions(Dataset<Row> rows) {
        return rows.select(ResultColumns.MODEL_VERSION).distinct().collectAsList().stream()
                .map(r -> r.getString(0)).sorted().toList();
    }

    /**
     * One row per (kernel, configuration): several runs, or a resumed one, may have evaluated the
     * same pair. The row kept is the one selection keeps (the best status, then fewest registers,
     * spill bytes and cycles, then highest occupancy; then the run id, so the choice never depends
     * on the order Spark reads files in).
     */
    public static Dataset<Row> onePerEvaluation(Dataset<Row> rows) {
        Column statusRank = when(col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name()), 0)
                .when(col(ResultColumns.STATUS).equalTo(ResultStatus.ALLOC_FAILED.name()), 1)
                .when(col(ResultColumns.STATUS).equalTo(ResultStatus.PARSE_ERROR.name()), 2)
                .otherwise(3);
        WindowSpec w = Window.partitionBy(col(ResultColumns.KERNEL_ID), col(ResultColumns.CONFIG_ID))
                .orderBy(statusRank, coalesce(Metrics.registers(), lit(0)), Metrics.spillBytes(),
                        coalesce(Metrics.latency(), lit(0L)), coalesce(col(ResultColumns.OCCUPANCY), lit(0.0)).desc(),
                        col(ResultColumns.RUN_ID));
        return rows.withColumn(RANK, row_number().over(w)).filter(col(RANK).equalTo(1)).drop(RANK);
    }

    /** The rows of the given model versions (the allocator families of one release that selection read). */
    public static Dataset<Row> ofModelVersions(Dataset<Row> rows, List<String> modelVersions) {
        return rows.filter(col(ResultColumns.MODEL_VERSION).isin(modelVersions.toArray()));
    }
}
