package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.exp;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.ln;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.when;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The default configuration against the tuned one, per family: the geometric mean over the
 * family's kernels of latency normalised by the kernel's best latency in the rows, as
 * {@link ReportObjective#normalised} defines it (1 = as fast as the best configuration found for
 * that kernel). Only kernels on which both configurations allocated (status OK) are compared, so
 * both bars of a family cover the same kernels.
 *
 * @param defaultConfigId the default configuration's {@code config_id}
 * @param tunedConfigId the tuned configuration's {@code config_id}
 * @param families sorted by family name
 * @param overall every compared kernel together
 */
public record DefaultVersusTuned(String defaultConfigId, String tunedConfigId, List<Family> families,
        Family overall) {

    /**
     * @param family the family name
     * @param defaultGeomean geometric mean normalised latency of the default configuration
     * @param tunedGeomean the same for the tuned configuration
     * @param kernels kernels compared
     */
    public record Family(String family, double defaultGeomean, double tunedGeomean, long kernels) {
    }

    public DefaultVersusTuned {
        families = List.copyOf(families);
    }

    private static final String LAT = "_latency";
    private static final String BEST = "_best";
    private static final String LOG_DEFAULT = "_log_default";
    private static final String LOG_TUNED = "_log_tuned";

    /** Compares the two configurations over {@code rows}. */
    public static DefaultVersusTuned of(Dataset<Row> rows, String defaultConfigId, String tunedConfigId) {
        Dataset<Row> ok = rows.filter(col(ResultColumns.STATUS).equalTo(ResultStatus.OK.name()))
                .select(col(ResultColumns.KERNEL_ID), col(ResultColumns.FAMILY), col(ResultColumns.CONFIG_ID),
                        Metrics.latency().cast("double").as(LAT))
                .filter(col(LAT).isNotNull());
        Dataset<Row> best = ok.groupBy(ResultColumns.KERNEL_ID).agg(min(col(LAT)).as(BEST));
        Column logRatio = ln(ReportObjective.normalised(col(LAT), col(BEST)));
        Dataset<Row> perKernel = ok
                .filter(col(ResultColumns.CONFIG_ID).isin(defaultConfigId, tunedConfigId))
                .join(best, ResultColumns.KERNEL_ID)
                .groupBy(col(ResultColumns.KERNEL_ID), col(ResultColumns.FAMILY))
                .agg(max(when(col(ResultColumns.CONFIG_ID).equalTo(defaultConfigId), logRatio)).as(LOG_DEFAULT),
                        max(when(col(ResultColumns.CONFIG_ID).equalTo(tunedConfigId), logRatio)).as(LOG_TUNED))
                .filter(col(LOG_DEFAULT).isNotNull().and(col(LOG_TUNED).isNotNull()));
        Column[] geomeans = {exp(avg(col(LOG_DEFAULT))), exp(avg(col(LOG_TUNED))), count(lit(1))};
        List<Family> families = new ArrayList<>();
        for (Row r : perKernel.groupBy(ResultColumns.FAMILY).agg(geomeans[0], geomeans[1], geomeans[2])
                .collectAsList()) {
            families.add(new Family(r.getString(0), r.getDouble(1), r.getDouble(2), r.getLong(3)));
        }
        families.sort(Comparator.comparing(Family::family));
        Row all = perKernel.agg(geomeans[0], geomeans[1], geomeans[2]).first();
        Family overall = all.getLong(2) == 0 ? new Family("all kernels", Double.NaN, Double.NaN, 0)
                : new Family("all kernels", all.getDouble(0), all.getDouble(1), all.getLong(2));
        return new DefaultVersusTuned(defaultConfigId, tunedConfigId, families, overall);
    }
}
