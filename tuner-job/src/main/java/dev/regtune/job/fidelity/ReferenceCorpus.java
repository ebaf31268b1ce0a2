package dev.regtune.job.fidelity;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * A body of PTX kernels with ptxas measurements, read from a folder in one of two layouts:
 *
 * <ul>
 *   <li><b>corpus-real</b> ({@code ../shared/corpus-real}): {@code manifest.csv} with one row per
 *       {@code .entry} ({@code file,repo,...,entry,ptx_instructions,...,kind}), {@code ptxas.csv}
 *       ({@link ReferenceCsv#CORPUS_COLUMNS}) and the files under {@code ptx/}; every file is
 *       compared on the architectures it has rows for.</li>
 *   <li><b>bundled</b> ({@code datasets/corpus}): {@code ptxas-reference.csv} in
 *       {@link ReferenceCsv}'s format and {@code ptx/ARCH/*.ptx}; a file is compared on the
 *       architecture of its folder; all of it is one repository, "regtune".</li>
 * </ul>
 *
 * <p>Kinds and sizes come from the manifest where it has them and from {@link PtxEntryScanner}
 * otherwise (the two agree on all 469 kernels of corpus-real). A corpus-real file that is there but
 * cannot be read (permission denied) is still an input, so that the harness leaves it out with one
 * note as it does a PTX argument, and its manifest kernels count as not processed.
 *
 * @param name the folder's name, for reports ("corpus-real", "corpus")
 * @param dir the folder
 * @param truth the measurements
 * @param inputs every PTX file with the architectures it is compared on, in a fixed order
 * @param kernels every (entry, arch) with a measurement without a budget, in input order
 */
public record ReferenceCorpus(String name, Path dir, ReferenceCsv truth, List<FidelityHarness.Input> inputs,
        List<CorpusKernel> kernels) {
    /** The repository the bundled corpus stands for in folds. */
    public static final String BUNDLED_REPO = "regtune";

    public ReferenceCorpus {
        inputs = List.copyOf(inputs);
        kernels = List.copyOf(kernels);
    }

    /**
     * Reads a corpus folder in either layout.
     *
     * @throws IllegalArgumentException in one sentence when the folder is in neither layout, a CSV
     *     lacks a column, a number is malformed or a manifest names a file or kind that is not there
     */
    public static ReferenceCorpus load(Path dir) throws IOException {
        String name = dir.toAbsolutePath().normalize().getFileName().toString();
        if (Files.isRegularFile(dir.resolve("manifest.csv")) && Files.isRegularFile(dir.resolve("ptxas.csv"))) {
            return loadReal(name, dir);
        }
        if (Files.isRegularFile(dir.resolve("ptxas-reference.csv")) && Files.isDirectory(dir.resolve("ptx"))) {
            return loadBundled(name, dir);
        }
        throw new IllegalArgumentException("corpus folder '" + dir + "' has neither manifest.csv with ptxas.csv "
                + "(corpus-real's layout) nor ptxas-reference.csv with ptx/ (the bundled corpus's layout)");
    }

    /** The inputs restricted to the given architectures (files left without one are left out). */
    public List<FidelityHarness.Input> inputs(List<ArchProfile> archs) {
        List<FidelityHarness.Input> result = new ArrayList<>();
        for (FidelityHarness.Input in : inputs) {
            List<ArchProfile> kept = in.archs().stream().filter(archs::contains).toList();
            if (!kept.isEmpty()) {
                result.add(new FidelityHarness.Input(in.path(), in.displayName(), kept));
            }
        }
        return result;
    }

    /** The kernels on the given architectures. */
    public List<CorpusKernel> kernels(List<ArchProfile> archs) {
        List<String> names = archs.stream().map(ArchProfile::name).toList();
        return kernels.stream().filter(k -> names.contains(k.arch())).toList();
    }

    private static final List<String> MANIFEST_COLUMNS = List.of("file", "repo", "entry", "ptx_instructions", "kind");

    private static ReferenceCorpus loadReal(String name, Path dir) throws IOException {
        Path manifest = dir.resolve("manifest.csv");
        ReferenceCsv truth = ReferenceCsv.loadCorpus(dir.resolve("ptxas.csv"));
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        Map<String, List<CSVRecord>> rowsByFile = new LinkedHashMap<>();
        try (Reader in = Files.newBufferedReader(manifest, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(in, format)) {
            List<String> missing = new ArrayList<>(MANIFEST_COLUMNS);
            missing.removeAll(parser.getHeaderNames());
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("manifest '" + manifest + "' lacks the column(s) "
                        + String.join(", ", missing));
            }
            for (CSVRecord r : parser) {
                rowsByFile.computeIfAbsent(r.get("file"), k -> new ArrayList<>()).add(r);
            }
        }
        List<FidelityHarness.Input> inputs = new ArrayList<>();
        List<CorpusKernel> kernels = new ArrayList<>();
        for (Map.Entry<String, List<CSVRecord>> e : rowsByFile.entrySet()) {
            String file = e.getKey();
            Path path = dir.resolve("ptx").resolve(file);
            if (!Files.isRegularFile(path)) {
                throw new IllegalArgumentException(manifest + ":" + (e.getValue().get(0).getRecordNumber() + 1)
                        + ": the file " + file + " is not under " + dir.resolve("ptx"));
            }
            Map<String, EntryTraits> scanned;
            try {
                scanned = PtxEntryScanner.scan(path);
            } catch (IOException unreadable) {
                // Kept as an input: the harness leaves it out with one note ("cannot read 'F': permission
                // denied") and its manifest kernels count as not processed; the others are compared.
                scanned = Map.of();
            }
            List<ArchProfile> archs = new ArrayList<>();
            for (String arch : ArchProfiles.names()) {
                boolean measured = e.getValue().stream().anyMatch(r -> truth.row(file, arch, 0, r.get("entry")) != null);
                if (measured) {
                    archs.add(ArchProfiles.of(arch));
                }
                for (CSVRecord r : e.getValue()) {
                    if (truth.row(file, arch, 0, r.get("entry")) != null) {
                        kernels.add(new CorpusKernel(file, r.get("entry"), arch, r.get("repo"),
                                traits(manifest, r, scanned.get(r.get("entry")))));
                    }
                }
            }
            if (!archs.isEmpty()) {
                inputs.add(new FidelityHarness.Input(path, file, archs));
            }
        }
        return new ReferenceCorpus(name, dir, truth, inputs, kernels);
    }

    private static EntryTraits traits(Path manifest, CSVRecord r, @Nullable EntryTraits scanned) {
        long line = r.getRecordNumber() + 1;
        KernelKind kind;
        int instructions;
        try {
            kind = KernelKind.parse(r.get("kind"));
            instructions = Integer.parseInt(r.get("ptx_instructions").strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(manifest + ":" + line + ": " + (e instanceof NumberFormatException
                    ? "ptx_instructions should be a whole number, not '" + r.get("ptx_instructions") + "'"
                    : e.getMessage()));
        }
        String feature = scanned != null && scanned.kind() == kind ? scanned.feature() : defaultFeature(kind);
        return new EntryTraits(kind, instructions, feature);
    }

    private static String defaultFeature(KernelKind kind) {
        return switch (kind) {
            case CALLS -> "calls a function";
            case LOCAL -> "uses .local";
            case TENSOR -> "uses tensor cores";
            case PLAIN -> "plain";
        };
    }

    private static ReferenceCorpus loadBundled(String name, Path dir) throws IOException {
        ReferenceCsv truth = ReferenceCsv.load(dir.resolve("ptxas-reference.csv"));
        List<FidelityHarness.Input> inputs = new ArrayList<>();
        List<CorpusKernel> kernels = new ArrayList<>();
        Path ptx = dir.resolve("ptx");
        for (String arch : ArchProfiles.names()) {
            Path folder = ptx.resolve(arch);
            if (!Files.isDirectory(folder)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> list = Files.list(folder)) {
                files = list.filter(p -> p.getFileName().toString().endsWith(".ptx")).sorted().toList();
            }
            for (Path file : files) {
                String display = ptx.relativize(file).toString();
                Map<String, EntryTraits> scanned = PtxEntryScanner.scan(file);
                Map<String, PtxasMeasurement> measured = truth.measure(file, arch, 0, List.copyOf(scanned.keySet()),
                        note -> { });
                for (Map.Entry<String, EntryTraits> e : scanned.entrySet()) {
                    if (measured.containsKey(e.getKey())) {
                        kernels.add(new CorpusKernel(display, e.getKey(), arch, BUNDLED_REPO, e.getValue()));
                    }
                }
                inputs.add(new FidelityHarness.Input(file, display, List.of(ArchProfiles.of(arch))));
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("corpus folder '" + dir + "' has no ptx/ARCH/*.ptx file");
        }
        return new ReferenceCorpus(name, dir, truth, inputs, kernels);
    }

    /** Kernels keyed by file, entry and arch, for joining with comparison cases. */
    static Map<String, CorpusKernel> byKey(List<CorpusKernel> kernels) {
        Map<String, CorpusKernel> map = new HashMap<>();
        for (CorpusKernel k : kernels) {
            map.put(key(k.file(), k.entry(), k.arch()), k);
        }
        return map;
    }

    static String key(String file, String entry, String arch) {
        return file + "\u0000" + entry + "\u0000" + arch;
    }
}
