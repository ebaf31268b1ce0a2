package dev.regtune.job.calibrate;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.datasets.manifest.Manifest;
import dev.regtune.datasets.manifest.ManifestRow;
import dev.regtune.datasets.manifest.PtxasFigures;
import dev.regtune.job.fidelity.CorpusKernel;
import dev.regtune.job.fidelity.EntryTraits;
import dev.regtune.job.fidelity.FidelityHarness;
import dev.regtune.job.fidelity.PtxEntryScanner;
import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.ReferenceCorpus;
import dev.regtune.job.fidelity.ReferenceCsv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The PTX files of one {@code calibrate --kernels} argument before their ground truth is known: a
 * folder (or file) of PTX, or a corpus manifest ({@code datasets/corpus/manifest.csv}'s format), with
 * the (entry, architecture) kernels each is compared on and the repository a fold holds out together.
 * {@link #corpus} joins them with a reference once it is read (or measured, {@link PtxasReference}).
 *
 * @param name the argument's name, for reports (the folder's or the manifest's file name)
 * @param dir the argument
 * @param files the files, in a fixed order
 * @param manifestRows a manifest's rows on the architectures wanted (their ptxas figures are a reference
 *     of their own, {@link #manifestReference}); empty for a folder
 */
public record KernelFiles(String name, Path dir, List<KernelFiles.File> files, List<ManifestRow> manifestRows) {
    /**
     * One (entry, architecture) to compare.
     *
     * @param entry the entry's name
     * @param arch the architecture's name
     * @param traits its kind and size
     */
    public record Kernel(String entry, String arch, EntryTraits traits) {
    }

    /**
     * One PTX file.
     *
     * @param path where it is read from
     * @param display how reports name it (and the kernels' file)
     * @param repo what a fold by repository holds out together
     * @param archs the architectures it is compared on
     * @param kernels its (entry, architecture) kernels, in file order then architecture
     */
    public record File(Path path, String display, String repo, List<ArchProfile> archs, List<Kernel> kernels) {
        public File {
            archs = List.copyOf(archs);
            kernels = List.copyOf(kernels);
        }
    }

    public KernelFiles {
        files = List.copyOf(files);
        manifestRows = List.copyOf(manifestRows);
    }

    /** Whether the argument is a manifest: a {@code .csv} file. */
    public static boolean isManifest(Path arg) {
        return Files.isRegularFile(arg) && arg.getFileName().toString().endsWith(".csv");
    }

    /**
     * The repository of a file: the folders between {@code root} and it, architecture folders left
     * out, joined by "/"; {@code fallback} when none is left.
     */
    public static String repository(Path root, Path file, String fallback) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        List<String> parts = new ArrayList<>();
        if (parent != null) {
            root.toAbsolutePath().normalize().relativize(parent).forEach(p -> {
                if (!p.toString().isEmpty() && !p.toString().equals("..")
                        && !ArchProfiles.names().contains(p.toString())) {
                    parts.add(p.toString());
                }
            });
        }
        return parts.isEmpty() ? fallback : String.join("/", parts);
    }

    /** The entries of a PTX file with their traits, in file order; none when it cannot be read. */
    public static Map<String, EntryTraits> scan(Path file) {
        try {
            return PtxEntryScanner.scan(file);
        } catch (IOException e) {
            return Map.of(); // the comparison leaves it out with one note when it reads it
        }
    }

    /**
     * The files of a manifest: every row on a wanted architecture, its file resolved as
     * {@link Manifest#resolve} does; a file's repository is its folder below the folder the manifest's
     * file column is relative to, architecture folders left out (for the bundled manifest, all of it is
     * {@code datasets/corpus/ptx}: one repository).
     *
     * @throws IllegalArgumentException in one sentence naming the manifest (and line) when it is not one,
     *     a row is malformed, or names a file that is not there
     */
    public static KernelFiles manifest(Path csv, List<ArchProfile> wanted) throws IOException {
        Manifest manifest = Manifest.load(csv);
        List<String> archNames = wanted.stream().map(ArchProfile::name).toList();
        List<ManifestRow> rows;
        try (Stream<ManifestRow> s = manifest.rows()) {
            rows = s.filter(r -> archNames.contains(r.arch())).toList();
        } catch (UncheckedIOException e) {
            throw new IOException(e.getMessage(), e.getCause());
        }
        Map<String, List<ManifestRow>> byFile = new LinkedHashMap<>();
        rows.forEach(r -> byFile.computeIfAbsent(r.file(), k -> new ArrayList<>()).add(r));
        String name = Objects.requireNonNull(csv.toAbsolutePath().normalize().getFileName()).toString();
        List<File> files = new ArrayList<>();
        for (Map.Entry<String, List<ManifestRow>> e : byFile.entrySet()) {
            Path path = manifest.resolve(e.getValue().get(0));
            if (!Files.isRegularFile(path)) {
                throw new IllegalArgumentException("manifest '" + csv + "' names the file " + e.getKey()
                        + ", which is not at " + path);
            }
            Path root = path.toAbsolutePath().normalize();
            for (Path ignored : Path.of(e.getKey())) {
                root = Objects.requireNonNull(root.getParent(), "the file column is a relative path");
            }
            Map<String, EntryTraits> scanned = scan(path);
            List<Kernel> kernels = new ArrayList<>();
            List<ArchProfile> archs = new ArrayList<>();
            for (ArchProfile a : wanted) {
                for (ManifestRow r : e.getValue()) {
                    EntryTraits t = scanned.get(r.entry());
                    if (r.arch().equals(a.name()) && t != null) {
                        kernels.add(new Kernel(r.entry(), a.name(), t));
                        if (!archs.contains(a)) {
                            archs.add(a);
                        }
                    }
                }
            }
            if (!archs.isEmpty()) {
                files.add(new File(path, e.getKey(), repository(root, path, name), archs, kernels));
            }
        }
        return new KernelFiles(name, csv, files, rows);
    }

    /**
     * The manifest's own ptxas figures at the given budgets (those of {@link Manifest#BUDGETS}; a budget
     * ptxas refused has none), as reference rows.
     */
    public List<ReferenceRows.Row> manifestReference(List<Integer> budgets) {
        Map<String, Path> paths = new LinkedHashMap<>();
        files.forEach(f -> paths.put(f.display(), f.path()));
        List<ReferenceRows.Row> rows = new ArrayList<>();
        for (ManifestRow r : manifestRows) {
            Path path = paths.get(r.file());
            if (path == null) {
                continue;
            }
            for (int b : budgets) {
                if (r.atBudget(b).isPresent()) {
                    PtxasFigures f = r.atBudget(b).get();
                    rows.add(new ReferenceRows.Row(path, r.entry(), r.arch(), b, f.registers(), f.spillStoreBytes(),
                            f.spillLoadBytes(), f.stackFrameBytes(), r.ptxasVersion()));
                }
            }
        }
        return rows;
    }

    /** The files as a reference corpus: the kernels with a measurement without a budget in {@code truth}. */
    public ReferenceCorpus corpus(ReferenceCsv truth) throws IOException {
        List<FidelityHarness.Input> inputs = new ArrayList<>();
        List<CorpusKernel> kernels = new ArrayList<>();
        for (File f : files) {
            for (ArchProfile a : f.archs()) {
                List<String> entries = f.kernels().stream().filter(k -> k.arch().equals(a.name()))
                        .map(Kernel::entry).toList();
                Map<String, PtxasMeasurement> measured = truth.measure(f.path(), a.name(), 0, entries, n -> { });
                for (Kernel k : f.kernels()) {
                    if (k.arch().equals(a.name()) && measured.containsKey(k.entry())) {
                        kernels.add(new CorpusKernel(f.display(), k.entry(), k.arch(), f.repo(), k.traits()));
                    }
                }
            }
            inputs.add(new FidelityHarness.Input(f.path(), f.display(), f.archs()));
        }
        return new ReferenceCorpus(name, dir, truth, inputs, kernels);
    }
}
