package dev.regtune.datasets.manifest;

import java.io.Closeable;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes manifest rows as CSV with the header {@link Manifest#COLUMNS}: RFC 4180 quoting where a
 * cell needs it, {@code \n} line ends on every platform, empty cells for the budgets ptxas
 * refused, so the same rows give the same bytes everywhere. Rows are written as given; the caller
 * orders them (by file, entry, arch for the corpus).
 */
public final class ManifestWriter implements Closeable {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder()
            .setHeader(Manifest.COLUMNS.toArray(String[]::new))
            .setRecordSeparator("\n")
            .build();

    private final CSVPrinter printer;

    /** Starts a manifest on {@code out} (the header is written at once); closing this closes {@code out}. */
    public ManifestWriter(Writer out) throws IOException {
        this.printer = new CSVPrinter(out, FORMAT);
    }

    public void write(ManifestRow row) throws IOException {
        List<Object> cells = new ArrayList<>(Manifest.COLUMNS.size());
        cells.add(row.id());
        cells.add(row.file());
        cells.add(row.entry());
        cells.add(row.arch());
        cells.add(row.family());
        cells.add(row.source());
        cells.add(row.ptxInstructions());
        cells.add(row.declaredVregs());
        cells.add(row.launchBounds());
        for (int b : Manifest.BUDGETS) {
            PtxasFigures f = row.ptxas().get(b);
            if (f == null) {
                cells.add("");
                cells.add("");
                cells.add("");
                cells.add("");
            } else {
                cells.add(f.registers());
                cells.add(f.spillStoreBytes());
                cells.add(f.spillLoadBytes());
                cells.add(f.stackFrameBytes());
            }
        }
        cells.add(row.ptxasVersion());
        printer.printRecord(cells);
    }

    public void flush() throws IOException {
        printer.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close();
    }
}
