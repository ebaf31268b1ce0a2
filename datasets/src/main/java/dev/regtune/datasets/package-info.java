/**
 * The kernel corpora shipped with RegTune and where they live.
 *
 * <p>The bundled corpus is {@code datasets/corpus/} in the RegTune checkout: CUDA sources
 * ({@code cuda/}), the PTX nvcc 13.0 compiled from them per architecture ({@code ptx/sm_80/},
 * {@code ptx/sm_90/}), the real ptxas 13.0.88 results ({@code ptxas-reference.csv}) and the
 * manifest ({@code manifest.csv}); see {@code datasets/corpus/README.md}.
 * {@link dev.regtune.datasets.BundledCorpus} knows that layout so that no other module hard-codes it.
 *
 * <p>This package also holds what the sub-packages share: {@link dev.regtune.datasets.KernelId}
 * (the stable id of a kernel: a hash of its arch and PTX text), {@link dev.regtune.datasets.PtxEntries}
 * (the entries of a PTX module and their text, without a full parse),
 * {@link dev.regtune.datasets.PtxFileText} (a file's text for that scan, a page at a time when the
 * file is large, so no loader holds a large file whole to identify its kernels) and
 * {@link dev.regtune.datasets.PtxFileWalk} (the PTX files below a folder, lazily, in a fixed order; a
 * sub-folder that cannot be listed can be given in its place instead of ending the walk).
 * {@code manifest} reads and writes the manifest, {@code load} streams kernels to other modules,
 * {@code synthetic} generates kernels, {@code probe} writes the micro-kernels that probe ptxas's
 * lowering of one construct each.
 *
 * <p>This package must not contain allocation logic or Spark code.
 */
package dev.regtune.datasets;
