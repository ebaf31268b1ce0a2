package dev.regtune.datasets.manifest;

import dev.regtune.datasets.KernelId;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.jspecify.annotations.Nullable;

/**
 * The corpus manifest ({@code datasets/corpus/manifest.csv}): one row per (entry, arch) with the
 * kernel's id, where it comes from, what the PTX front end sees in it and the real ptxas figures
 * at every budget of {@link #BUDGETS}. {@link ManifestWriter} writes it; this class reads it.
 *
 * <p>{@link #load(Path)} only checks the header; {@link #rows()} then reads the rows lazily, one
 * at a time, each time it is called, so a manifest of millions of kernels never sits in memory.
 * A malformed row is an {@link IllegalArgumentException} whose message is one sentence naming the
 * file and line.
 */
public final class Manifest {
    /** The budgets measured, in column order; 0 = no {@code -maxrregcount} ("none" in column names). */
    public static final List<Integer> BUDGETS = List.of(0, 128, 64, 40, 32, 24);

    /** The leading columns, before the per-budget ones. */
    public static final List<String> KEY_COLUMNS = List.of("id", "file", "entry", "arch", "family", "source",
            "ptx_instructions", "declared_vregs", "launch_bounds");

    /** The four per-budget column prefixes, in order; the column is prefix + "_" + {@link #budgetLabel(int)}. */
    public static final List<String> BUDGET_PREFIXES = List.of("regs", "spill_store", "spill_load", "stack_frame");

    /** Every column, in order. */
    public static final List<String> COLUMNS = columns();

    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build();

    private final Path path;
    /** The folder that the file columns are relative to, once found. */
    private volatile @Nullable Path base;

    private Manifest(Path path) {
        this.path = path;
    }

    /**
     * Opens a manifest after checking its header; rows are read by {@link #rows()}.
     *
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException naming the file when the header is not the manifest's
     */
    public static Manifest load(Path csv) throws IOException {
        Manifest m = new Manifest(csv);
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
                CSVParser parser = CSVParser.parse(in, FORMAT)) {
            m.checkHeader(parser.getHeaderNames());
        } catch (UncheckedIOException | IllegalStateException e) {
            throw new IllegalArgumentException(csv + ":1: the header is not well-formed CSV (" + rootMessage(e) + ")",
                    e);
        }
        return m;
    }

    /** The manifest file. */
    public Path path() {
        return path;
    }

    /**
     * The rows, read lazily from the file in file order. Close the stream (try-with-resources)
     * to close the file early; it is closed anyway when the last row has been read.
     *
     * @throws UncheckedIOException if the file cannot be read
     * @throws IllegalArgumentException (when the offending row is reached) naming file and line
     */
    public Stream<ManifestRow> rows() {
        RowIterator it;
        try {
            it = new RowIterator(CSVParser.parse(Files.newBufferedReader(path, StandardCharsets.UTF_8), FORMAT));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read manifest '" + path + "': " + e.getMessage(), e);
        }
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(it, Spliterator.ORDERED | Spliterator.NONNULL),
                false).onClose(it::close);
    }

    /**
     * Where the PTX file of a row is: its {@code file} column resolved against the nearest folder
     * above the manifest in which that file exists (the repository root for the bundled corpus,
     * from any working directory). When no such folder exists the path is resolved against the
     * manifest's folder, so that reading it fails with a message naming it.
     */
    public Path resolve(ManifestRow row) {
        Path b = base;
        if (b != null && Files.exists(b.resolve(row.file()))) {
            return b.resolve(row.file());
        }
        // A file's absolute path has a parent folder.
        Path folder = Objects.requireNonNull(path.toAbsolutePath().normalize().getParent());
        for (Path p = folder; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(row.file()))) {
                base = p;
                return p.resolve(row.file());
            }
        }
        return folder.resolve(row.file());
    }

    /** "none" for budget 0, else the number. */
    public static String budgetLabel(int budget) {
        return budget == 0 ? "none" : Integer.toString(budget);
    }

    /** The column of {@code prefix} (one of {@link #BUDGET_PREFIXES}) at {@code budget}, e.g. {@code regs_none}. */
    public static String column(String prefix, int budget) {
        return prefix + "_" + budgetLabel(budget);
    }

    private static List<String> columns() {
        List<String> c = new ArrayList<>(KEY_COLUMNS);
        for (int b : BUDGETS) {
            for (String prefix : BUDGET_PREFIXES) {
                c.add(column(prefix, b));
            }
        }
        c.add("ptxas_version");
        return Collections.unmodifiableList(c);
    }

    private void checkHeader(List<String> header) {
        List<String> missing = new ArrayList<>(COLUMNS);
        missing.removeAll(header);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException(path + ":1: the manifest lacks the column(s) " + String.join(", ", missing)
                    + "; expected the header " + String.join(",", COLUMNS));
        }
    }

    private ManifestRow row(CSVRecord r) {
        long line = r.getRecordNumber() + 1;
        if (!r.isConsistent()) {
            throw new IllegalArgumentException(path + ":" + line + ": the row has " + r.size()
                    + " cells, not one per column of the header");
        }
        String id = r.get("id");
        if (!KernelId.isValid(id)) {
            throw new IllegalArgumentException(path + ":" + line + ": column id should be " + KernelId.LENGTH
                    + " lower-case hex digits, not '" + id + "'");
        }
        for (String column : List.of("file", "entry", "arch", "family")) {
            if (r.get(column).isBlank()) {
                throw new IllegalArgumentException(path + ":" + line + ": column " + column + " is empty");
            }
        }
        Map<Integer, PtxasFigures> ptxas = new HashMap<>();
        for (int b : BUDGETS) {
            List<String> cells = BUDGET_PREFIXES.stream().map(p -> r.get(column(p, b)).strip()).toList();
            long empty = cells.stream().filter(String::isEmpty).count();
            if (empty == cells.size()) {
                continue;
            }
            if (empty > 0) {
                throw new IllegalArgumentException(path + ":" + line + ": the columns of budget " + budgetLabel(b)
                        + " must be all filled or all empty (ptxas refused the budget)");
            }
            int[] v = new int[cells.size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = number(line, column(BUDGET_PREFIXES.get(k), b), cells.get(k));
            }
            ptxas.put(b, new PtxasFigures(v[0], v[1], v[2], v[3]));
        }
        return new ManifestRow(id, r.get("file"), r.get("entry"), r.get("arch"), r.get("family"), r.get("source"),
                number(line, "ptx_instructions", r.get("ptx_instructions").strip()),
                number(line, "declared_vregs", r.get("declared_vregs").strip()), r.get("launch_bounds"), ptxas,
                r.get("ptxas_version"));
    }

    private int number(long line, String column, String text) {
        try {
            int v = Integer.parseInt(text);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(path + ":" + line + ": column " + column
                + " should be a whole number of at least 0, not '" + text + "'");
    }

    private static String rootMessage(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }

    /** Reads one record ahead; closes the parser at the end, on error and on close. */
    private final class RowIterator implements Iterator<ManifestRow>, AutoCloseable {
        private final CSVParser parser;
        private final Iterator<CSVRecord> records;
        private @Nullable ManifestRow next;
        private boolean closed;

        RowIterator(CSVParser parser) {
            this.parser = parser;
            try {
                checkHeader(parser.getHeaderNames());
            } catch (RuntimeException e) {
                close();
                throw e;
            }
            this.records = parser.iterator();
        }

        @Override
        public boolean hasNext() {
            if (next != null) {
                return true;
            }
            if (closed) {
                return false;
            }
            try {
                if (!records.hasNext()) {
                    close();
                    return false;
                }
                next = row(records.next());
                return true;
            } catch (UncheckedIOException | IllegalStateException e) {
                long line = parser.getCurrentLineNumber();
                close();
                throw new IllegalArgumentException(path + ":" + line + ": the manifest is not well-formed CSV ("
                        + rootMessage(e) + ")", e);
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        @Override
        public ManifestRow next() {
            ManifestRow r = hasNext() ? next : null;
            if (r == null) {
                throw new NoSuchElementException();
            }
            next = null;
            return r;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                try {
                    parser.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }
}
