/**
 * The sweep's result table: the Parquet schema (one row per kernel x configuration evaluation,
 * one typed column per catalogue knob), its column names, the configuration id, and the
 * {@code model_version} a row was computed by (its allocator family and the release).
 *
 * <p>Everything that writes or reads sweep results (the Spark job, selection, reports, notebooks)
 * takes the column names from {@link dev.regtune.job.results.ResultColumns}; the schema version in
 * {@link dev.regtune.job.results.ResultSchema#VERSION} changes whenever a column changes meaning.
 * No evaluation or selection logic lives here.
 */
package dev.regtune.job.results;
