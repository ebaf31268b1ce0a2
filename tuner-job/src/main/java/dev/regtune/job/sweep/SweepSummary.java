package dev.regtune.job.sweep;

import dev.regtune.job.storage.Location;
import java.util.SortedMap;

/**
 * What a sweep did.
 *
 * @param runId the run
 * @param modelVersion the model that computed its rows
 * @param kernels kernels swept
 * @param configurations configurations swept
 * @param evaluations pairs of the sweep (kernel x configuration where the architecture applies), each
 *     counted once whatever evaluators write its rows
 * @param skipped rows already in the result table, not evaluated again (one per evaluator and pair)
 * @param written rows written by this invocation
 * @param runRows rows of the run in the table now, by status
 * @param wallSeconds wall time of the sweep, session start excluded
 * @param results the Parquet table's folder
 * @param runRecord the run's JSON record
 */
public record SweepSummary(String runId, String modelVersion, int kernels, int configurations, long evaluations,
        long skipped, long written, SortedMap<String, Long> runRows, double wallSeconds, Location results,
        Location runRecord) {

    /** Evaluations written per second of wall time. */
    public double evaluationsPerSecond() {
        return wallSeconds > 0 ? written / wallSeconds : 0;
    }

    /** Rows of the run in the table, all statuses. */
    public long runTotal() {
        return runRows.values().stream().mapToLong(Long::longValue).sum();
    }
}
