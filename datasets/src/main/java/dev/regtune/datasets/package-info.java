/**
 * The kernel corpora shipped with RegTune and where they live.
 *
 * <p>The bundled corpus is {@code datasets/corpus/} in the RegTune checkout: CUDA sources
 * ({@code cuda/}), the PTX nvcc 13.0 compiled from them per architecture ({@code ptx/sm_80/},
 * {@code ptx/sm_90/}), and the real ptxas 13.0.88 results ({@code ptxas-reference.csv}); see
 * {@code datasets/corpus/README.md}. {@link dev.regtune.datasets.BundledCorpus} knows that
 * layout so that no other module hard-codes it.
 *
 * <p>This package must not contain allocation logic or Spark code.
 */
package dev.regtune.datasets;
