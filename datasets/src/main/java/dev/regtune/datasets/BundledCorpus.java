package dev.regtune.datasets;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Locates the bundled corpus: first below the current directory, then below the RegTune
 * checkout named by the system property {@value #HOME_PROPERTY} (which {@code bin/regtune} sets),
 * so commands work from any directory.
 */
public final class BundledCorpus {
    /** The corpus root, relative to the RegTune checkout. */
    public static final String ROOT = "datasets/corpus";
    /** The PTX folder (one sub-folder per architecture), relative to the RegTune checkout. */
    public static final String PTX = ROOT + "/ptx";
    /** The corpus manifest (ids, sources, ptxas figures per budget), relative to the RegTune checkout. */
    public static final String MANIFEST = ROOT + "/manifest.csv";
    /** The ptxas ground truth, relative to the RegTune checkout. */
    public static final String PTXAS_REFERENCE = ROOT + "/ptxas-reference.csv";
    /** System property naming the RegTune checkout. */
    public static final String HOME_PROPERTY = "regtune.home";

    private BundledCorpus() {
    }

    /** The PTX folder of one architecture ("sm_90"), or the PTX root for an empty name, if it exists. */
    public static Optional<Path> ptxFolder(String arch) {
        return existing(Path.of(PTX, arch), true);
    }

    /** The corpus root ({@code datasets/corpus}), if it exists. */
    public static Optional<Path> root() {
        return existing(Path.of(ROOT), true);
    }

    /** The bundled corpus manifest, if it exists. */
    public static Optional<Path> manifest() {
        return existing(Path.of(MANIFEST), false);
    }

    /** The bundled ptxas reference CSV, if it exists. */
    public static Optional<Path> ptxasReference() {
        return existing(Path.of(PTXAS_REFERENCE), false);
    }

    private static Optional<Path> existing(Path relative, boolean folder) {
        if (folder ? Files.isDirectory(relative) : Files.isRegularFile(relative)) {
            return Optional.of(relative);
        }
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null && !home.isBlank()) {
            Path inHome = Path.of(home).resolve(relative);
            if (folder ? Files.isDirectory(inHome) : Files.isRegularFile(inHome)) {
                return Optional.of(inHome);
            }
        }
        return Optional.empty();
    }
}
