package dev.regtune.job.select;

import java.util.Optional;

/**
 * Which rows of a result table to read.
 *
 * @param runId only this run's rows, or every run's
 * @param modelVersion only this model version's rows ({@code fatpoint/0.2.0}), or those of every
 *     allocator family of this release ({@code 0.2.0}); when empty, those of the newest release present
 * @param arch only this architecture's kernels, or every architecture's
 */
public record ReadOptions(Optional<String> runId, Optional<String> modelVersion, Optional<String> arch) {
    /** Every run and architecture, every allocator family of the newest release. */
    public static final ReadOptions ALL = new ReadOptions(Optional.empty(), Optional.empty(), Optional.empty());
}
