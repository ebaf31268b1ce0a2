package dev.regtune.job.fidelity;

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
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * Ground truth measured earlier, from a CSV with the header
 * {@code file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,stack_frame_bytes,ptxas_version}
 * (the format of {@code datasets/corpus/ptxas-reference.csv}). Only {@code kind=entry} rows are used.
 *
 * <p>The {@code file} column is a path relative to wherever the CSV was made (the repository root
 * for the corpus); a PTX file matches the rows whose {@code file} is a trailing part of its
 * absolute path, the longest such path winning, so the comparison works from any directory.
 */
public final class ReferenceCsv implements GroundTruth {
    /** The columns the CSV must have. */
    public static final List<String> COLUMNS = List.of("file", "entry", "kind", "arch", "max_regs", "registers",
            "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes", "ptxas_version");

    /** The columns of a corpus's {@code ptxas.csv} (corpus-real's layout), read by {@link #loadCorpus}. */
    public static final List<String> CORPUS_COLUMNS = List.of("file", "entry", "arch", "maxrregcount", "regs",
            "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes");

    private final Path source;
    /** file column -> (arch, budget, entry) -> measurement. */
    private final Map<String, Map<String, PtxasMeasurement>> byFile;
    private final List<Path> filePaths;
    private final List<String> fileKeys;
    private final TreeSet<String> versions;

    private ReferenceCsv(Path source, Map<String, Map<String, PtxasMeasurement>> byFile, TreeSet<String> versions) {
        this.source = source;
        this.byFile = byFile;
        this.fileKeys = List.copyOf(byFile.keySet());
        this.filePaths = fileKeys.stream().map(k -> Path.of(k).normalize()).toList();
        this.versions = versions;
    }

    /**
     * Reads a reference CSV.
     *
     * @throws IllegalArgumentException naming the file and line when a column is missing, a number
     *     is malformed or an (entry, arch, max_regs) row appears twice
     */
    public static ReferenceCsv load(Path csv) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        Map<String, Map<String, PtxasMeasurement>> byFile = new LinkedHashMap<>();
        TreeSet<String> versions = new TreeSet<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(in, format)) {
            List<String> missing = new ArrayList<>(COLUMNS);
            missing.removeAll(parser.getHeaderNames());
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("reference CSV '" + csv + "' lacks the column(s) "
                        + String.join(", ", missing) + "; expected the header " + String.join(",", COLUMNS));
            }
            for (CSVRecord r : parser) {
                if (!"entry".equals(r.get("kind"))) {
                    continue;
                }
                add(csv, r, "max_regs", "registers", byFile);
                if (!r.get("ptxas_version").isBlank()) {
                    versions.add(r.get("ptxas_version"));
                }
            }
        }
        return new ReferenceCsv(csv, byFile, versions);
    }

    /**
     * Adds the measurement of row {@code r}, whose budget and register count stand in the columns
     * named; a second row for the same file, entry, arch and budget is an error naming its line.
     */
    private static void add(Path csv, CSVRecord r, String budgetColumn, String registersColumn,
            Map<String, Map<String, PtxasMeasurement>> byFile) {
        long line = r.getRecordNumber() + 1;
        String arch = r.get("arch");
        int budget = number(csv, line, r, budgetColumn);
        PtxasMeasurement m = new PtxasMeasurement(r.get("entry"), true, number(csv, line, r, registersColumn),
                number(csv, line, r, "spill_store_bytes"), number(csv, line, r, "spill_load_bytes"),
                number(csv, line, r, "stack_frame_bytes"));
        PtxasMeasurement old = byFile.computeIfAbsent(r.get("file"), k -> new HashMap<>())
                .put(key(arch, budget, m.function()), m);
        if (old != null) {
            throw new IllegalArgumentException(csv + ":" + line + ": a second row for entry " + m.function() + " of "
                    + r.get("file") + " on " + arch + " at " + budgetColumn + " " + budget);
        }
    }

    /**
     * Reads a corpus's {@code ptxas.csv} (corpus-real's layout: one row per file, entry, arch and
     * budget, with the header {@link #CORPUS_COLUMNS} and more); its {@code file} column names a
     * file under the corpus's {@code ptx/} folder. The measurements are ptxas 13.0.88's, as the
     * corpus's README says (the CSV has no version column).
     *
     * @throws IllegalArgumentException naming the file and line when a column is missing, a number
     *     is malformed or a row appears twice
     */
    public static ReferenceCsv loadCorpus(Path csv) throws IOException {
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();
        Map<String, Map<String, PtxasMeasurement>> byFile = new LinkedHashMap<>();
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(in, format)) {
            List<String> missing = new ArrayList<>(CORPUS_COLUMNS);
            missing.removeAll(parser.getHeaderNames());
            if (!missing.isEmpty()) {
                throw new IllegalArgumentException("corpus ptxas CSV '" + csv + "' lacks the column(s) "
                        + String.join(", ", missing) + "; expected a header with " + String.join(",", CORPUS_COLUMNS));
            }
            for (CSVRecord r : parser) {
                add(csv, r, "maxrregcount", "regs", byFile);
            }
        }
        return new ReferenceCsv(csv, byFile, new TreeSet<>(List.of("13.0.88")));
    }

    /**
     * The measurement of one entry of the file the {@code file} column names exactly, or null when
     * there is none (corpus-real's sm_90a files have no sm_80 rows).
     */
    public @Nullable PtxasMeasurement row(String file, String arch, int budget, String entry) {
        Map<String, PtxasMeasurement> rows = byFile.get(file);
        return rows == null ? null : rows.get(key(arch, budget, entry));
    }

    @Override
    public String description() {
        String v = versions.isEmpty() ? "ptxas" : "ptxas " + String.join("/", versions);
        return v + " (reference " + source + ")";
    }

    @Override
    public Map<String, PtxasMeasurement> measure(Path file, String arch, int budget, List<String> entries,
            Consumer<String> notes) {
        String key = fileKey(file);
        if (key == null) {
            return Map.of();
        }
        Map<String, PtxasMeasurement> rows = Objects.requireNonNull(byFile.get(key)); // fileKey names a row
        Map<String, PtxasMeasurement> result = new LinkedHashMap<>();
        for (String entry : entries) {
            PtxasMeasurement m = rows.get(key(arch, budget, entry));
            if (m != null) {
                result.put(entry, m);
            }
        }
        return result;
    }

    /** The {@code file} column value that names {@code file}, or null when no row does. */
    @Nullable String fileKey(Path file) {
        Path abs = file.toAbsolutePath().normalize();
        String best = null;
        int bestLength = -1;
        for (int i = 0; i < filePaths.size(); i++) {
            Path p = filePaths.get(i);
            boolean match = p.isAbsolute() ? abs.equals(p) : abs.endsWith(p);
            if (match && p.getNameCount() > bestLength) {
                best = fileKeys.get(i);
                bestLength = p.getNameCount();
            }
        }
        return best;
    }

    private static String key(String arch, int budget, String entry) {
        return arch + "\u0000" + budget + "\u0000" + entry;
    }

    private static int number(Path csv, long line, CSVRecord r, String column) {
        String text = r.get(column).strip();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(csv + ":" + line + ": column " + column
                    + " should be a whole number, not '" + text + "'");
        }
    }
}
