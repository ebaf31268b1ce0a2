package dev.regtune.job.fidelity;

/**
 * One kernel entry of a corpus on one architecture that has ground truth there: the unit the
 * breakdown counts ("entries processed" is how many of these the model allocated).
 *
 * @param file the file as the comparison names it ({@link FidelityHarness.Input#displayName()})
 * @param entry the entry's name
 * @param arch the architecture
 * @param repo the repository the file comes from ("regtune" for the bundled corpus); folds of the
 *     cross-validation group by it
 * @param traits kind, size and the feature behind the kind
 */
public record CorpusKernel(String file, String entry, String arch, String repo, EntryTraits traits) {
}
