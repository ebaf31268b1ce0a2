package dev.regtune.job.select;

import java.util.Optional;

/**
 * Which rows of a result table to read.
 *
 * @param runId only this run's rows, or every run's
 * @param modelVersion only this model version's rows, or the newest version present
 * @param arch only this architecture's kernels, or every architecture's
 */
public record ReadOptions(Optional<String> runId, Optional<String> modelVersion, Optional<String> arch) {
    /** Every run and architecture, the newest model version. */
    public static final ReadOptions ALL = new ReadOptions(Optional.empty(), Optional.empty(), Optional.empty());
}
