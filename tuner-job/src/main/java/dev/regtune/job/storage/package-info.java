/**
 * Where RegTune's files live: {@link dev.regtune.job.storage.Location}, a file or folder named by a
 * plain local path or by a URI that Hadoop's {@code FileSystem} resolves ({@code file:},
 * {@code hdfs:}, and {@code s3a:}, {@code abfs:}, {@code gs:} where the cluster has the connectors).
 * It is the only class of RegTune that calls {@code java.nio.file.Files} or Hadoop's
 * {@code FileSystem} for sweep outputs, result tables, selections, profiles, reports, space specs and
 * remote kernels, so that what "atomic" means on each kind of storage is decided in one place.
 *
 * <p>Plain paths keep {@code java.nio} semantics exactly (the bytes and the behaviour RegTune always
 * had); other schemes go through Hadoop. Nothing here knows about sweeps, Parquet or Spark.
 */
package dev.regtune.job.storage;
