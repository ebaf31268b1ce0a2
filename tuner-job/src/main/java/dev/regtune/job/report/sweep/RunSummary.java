package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.countDistinct;
import static org.apache.spark.sql.functions.lit;

import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The header of a report: what was read and how much of it.
 *
 * @param results the results folder as the user named it
 * @param runIds the runs covered, sorted
 * @param modelVersions the model versions whose rows are reported (one per allocator family of one release), sorted
 * @param modelVersionsPresent every model version in those runs, sorted (more than reported means rows were left out)
 * @param archs the architectures, sorted
 * @param statusCounts rows per status, in {@link ResultStatus} order, every status listed
 * @param rows all rows reported
 * @param kernels distinct {@code kernel_id}s
 * @param configurations distinct {@code config_id}s
 * @param families distinct families
 */
public record RunSummary(String results, List<String> runIds, List<String> modelVersions, List<String> modelVersionsPresent,
        List<String> archs, List<StatusCount> statusCounts, long rows, long kernels, long configurations,
        long families) {

    /** How many rows have one status. */
    public record StatusCount(ResultStatus status, long rows) {
    }

    public RunSummary {
        runIds = List.copyOf(runIds);
        modelVersions = List.copyOf(modelVersions);
        modelVersionsPresent = List.copyOf(modelVersionsPresent);
        archs = List.copyOf(archs);
        statusCounts = List.copyOf(statusCounts);
    }

    /** The model versions reported as one line, ", "-separated. */
    public String modelVersion() {
        return String.join(", ", modelVersions);
    }

    /** Whether rows of model versions other than those reported are present (and left out). */
    public boolean versionsLeftOut() {
        return !modelVersions.containsAll(modelVersionsPresent);
    }

    /** Rows with status {@code s}. */
    public long rowsWith(ResultStatus s) {
        return statusCounts.stream().filter(c -> c.status() == s).mapToLong(StatusCount::rows).sum();
    }

    /** Counts {@code rows} with two small aggregations. */
    public static RunSummary of(Dataset<Row> rows, String results, List<String> modelVersions,
            List<String> modelVersionsPresent) {
        List<Row> groups = rows.groupBy(ResultColumns.RUN_ID, ResultColumns.ARCH, ResultColumns.STATUS)
                .agg(count(lit(1))).collectAsList();
        TreeSet<String> runs = new TreeSet<>();
        TreeSet<String> archs = new TreeSet<>();
        long[] byStatus = new long[ResultStatus.values().length];
        long total = 0;
        for (Row g : groups) {
            runs.add(g.getString(0));
            archs.add(g.getString(1));
            long n = g.getLong(3);
            total += n;
            try {
                byStatus[ResultStatus.valueOf(g.getString(2)).ordinal()] += n;
            } catch (IllegalArgumentException | NullPointerException e) {
                // a status this version does not know: in the total only, so the counts visibly fall short of it
            }
        }
        List<StatusCount> counts = new ArrayList<>();
        for (ResultStatus s : ResultStatus.values()) {
            counts.add(new StatusCount(s, byStatus[s.ordinal()]));
        }
        Row distinct = rows.agg(countDistinct(col(ResultColumns.KERNEL_ID)), countDistinct(col(ResultColumns.CONFIG_ID)),
                countDistinct(col(ResultColumns.FAMILY))).first();
        return new RunSummary(results, List.copyOf(runs), modelVersions, modelVersionsPresent, List.copyOf(archs),
                counts, total, distinct.getLong(0), distinct.getLong(1), distinct.getLong(2));
    }
}
