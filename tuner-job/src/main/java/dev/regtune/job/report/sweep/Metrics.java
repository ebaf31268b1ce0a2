package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import dev.regtune.job.results.ResultColumns;
import org.apache.spark.sql.Column;

/** The figures the report plots, as Spark columns over the result table. */
final class Metrics {
    private Metrics() {
    }

    /** Bytes spilled: {@code spill_store_bytes + spill_load_bytes + smem_spill_bytes}, as selection counts them. */
    static Column spillBytes() {
        return coalesce(col(ResultColumns.SPILL_STORE_BYTES), lit(0)).cast("long")
                .plus(coalesce(col(ResultColumns.SPILL_LOAD_BYTES), lit(0)))
                .plus(coalesce(col(ResultColumns.SMEM_SPILL_BYTES), lit(0)));
    }

    /** The occupancy-aware estimated kernel time; null on rows without one (before schema 4). */
    static Column time() {
        return col(ResultColumns.EST_TIME_CYCLES);
    }

    static Column latency() {
        return col(ResultColumns.EST_LATENCY_CYCLES);
    }

    static Column registers() {
        return col(ResultColumns.REGISTERS);
    }
}
