/**
 * The corpus manifest, {@code datasets/corpus/manifest.csv}: one row per (kernel entry,
 * architecture) with its stable id, PTX file, CUDA source and family, what the PTX front end sees
 * (instructions, virtual registers, launch bounds) and what the real ptxas reported at each budget
 * of {@link dev.regtune.datasets.manifest.Manifest#BUDGETS} (registers, spill store and load bytes,
 * stack frame; empty where ptxas refused the budget).
 *
 * <p>{@link dev.regtune.datasets.manifest.ManifestBuilder} writes it by streaming over the corpus
 * (the ptxas runs are the caller's, through {@link dev.regtune.datasets.manifest.PtxasProbe}: this
 * module starts no compiler), {@link dev.regtune.datasets.manifest.ManifestWriter} fixes its bytes
 * and {@link dev.regtune.datasets.manifest.Manifest} reads it back lazily, row by row. The file is
 * committed so that tests and notebooks can use the ptxas figures without ptxas.
 *
 * <p>This package must not contain allocation logic, Spark code or process handling.
 */
package dev.regtune.datasets.manifest;
