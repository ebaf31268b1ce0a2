package dev.regtune.job.cli;

import dev.regtune.datasets.BundledCorpus;
import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Checks and converts the arguments commands share, turning every problem into a
 * {@link UsageException} before any work starts.
 */
final class Arguments {
    /** The corpus folder {@code bench} and {@code fidelity} fall back to, relative to the repository root. */
    static final String CORPUS_PTX = BundledCorpus.PTX;
    /** System property (set by bin/regtune) naming the repository root, for the corpus defaults. */
    static final String HOME_PROPERTY = BundledCorpus.HOME_PROPERTY;

    private Arguments() {
    }

    static ArchProfile arch(String name) {
        try {
            return ArchProfiles.of(name.strip());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static RegisterAllocator allocator(String name) {
        try {
            return Allocators.byName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    static int maxRegisters(int n, String option) {
        if (n < 0 || n > 255) {
            throw new UsageException(option + " must be between 0 (no limit) and 255, not " + n);
        }
        return n;
    }

    /** A regular, readable file, or a usage error naming what is wrong with it. */
    static Path readableFile(Path p, String what) {
        if (!Files.exists(p)) {
            throw new UsageException(what + " '" + p + "' does not exist");
        }
        if (!Files.isRegularFile(p)) {
            throw new UsageException(what + " '" + p + "' is not a regular file");
        }
        if (!Files.isReadable(p)) {
            throw new UsageException(what + " '" + p + "' is not readable");
        }
        return p;
    }

    /**
     * Expands files and folders into PTX files: a file is taken as given (it must exist and be
     * readable); a folder contributes every {@code *.ptx} below it, sorted by path.
     */
    static List<Path> ptxFiles(List<Path> args) {
        List<Path> files = new ArrayList<>();
        for (Path p : args) {
            if (Files.isDirectory(p)) {
                List<Path> below = ptxBelow(p);
                if (below.isEmpty()) {
                    throw new UsageException("folder '" + p + "' contains no .ptx file");
                }
                files.addAll(below);
            } else {
                files.add(readableFile(p, "file"));
            }
        }
        return files;
    }

    /** Every {@code *.ptx} file below {@code folder}, sorted by path text. */
    static List<Path> ptxBelow(Path folder) {
        if (!Files.isReadable(folder)) {
            throw new UsageException("folder '" + folder + "' is not readable");
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".ptx"))
                    .sorted(Comparator.comparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list folder '" + folder + "': " + e.getMessage(), e);
        }
    }

    /** The bundled corpus folder of one architecture (or the PTX root for ""), from the datasets module. */
    static Optional<Path> corpusFolder(String arch) {
        return BundledCorpus.ptxFolder(arch);
    }
}
