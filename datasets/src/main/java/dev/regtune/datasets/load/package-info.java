/**
 * The corpus loader: {@link dev.regtune.datasets.load.KernelSource}s that stream
 * {@link dev.regtune.datasets.load.KernelRecord}s (id, entry, origin, family, arch, the PTX or how
 * to read it, and the manifest's ptxas figures when there are any) to the other modules.
 *
 * <p>Sources: a manifest ({@link dev.regtune.datasets.load.KernelSource#manifest(java.nio.file.Path)},
 * row by row, PTX read on demand), a folder of PTX files
 * ({@link dev.regtune.datasets.load.KernelSource#folder(java.nio.file.Path)}, walked lazily in a
 * fixed path order, the architecture from {@code sm_XX} folder names) and generators
 * ({@link dev.regtune.datasets.load.KernelSource#generated}, and the synthetic families from a
 * {@code family:key=value,...} spec). Every source is lazy and repeatable: the same records in the
 * same order on every call and every machine, one at a time, so a corpus of a million kernels
 * costs the memory of one record (plus one PTX file) unless the consumer keeps them.
 *
 * <p>This package must not contain allocation logic or Spark code; it reads, it does not compile.
 */
package dev.regtune.datasets.load;
