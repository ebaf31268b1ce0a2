package dev.regtune.job.calibrate;

import dev.regtune.job.fidelity.ReferenceCsv;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A reference a calibration made itself (measured with {@code --ptxas}, or a manifest's own figures),
 * written in {@link ReferenceCsv}'s format ({@code datasets/corpus/ptxas-reference.csv}'s) into the
 * output folder, so that the run is read back exactly as {@code --reference} reads one, and can be
 * repeated with {@code --reference OUT/ptxas-reference.csv} where ptxas is not installed. The file
 * column is the PTX file's absolute path.
 */
public final class ReferenceRows {
    /** The name of the file in the output folder. */
    public static final String FILE_NAME = "ptxas-reference.csv";

    /**
     * One entry's figures at one architecture and budget.
     *
     * @param file the PTX file
     * @param budget {@code -maxrregcount}, 0 for none
     * @param version the ptxas that measured it, e.g. 13.0.88
     */
    public record Row(Path file, String entry, String arch, int budget, int registers, int spillStoreBytes,
            int spillLoadBytes, int stackFrameBytes, String version) {
    }

    private ReferenceRows() {
    }

    /** Writes the rows, in the order given, and reads them back as a reference. */
    public static ReferenceCsv write(Path csv, List<Row> rows) throws IOException {
        try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8);
                CSVPrinter out = new CSVPrinter(w, CSVFormat.DEFAULT.builder()
                        .setHeader(ReferenceCsv.COLUMNS.toArray(String[]::new)).setRecordSeparator('\n').build())) {
            for (Row r : rows) {
                out.printRecord(r.file().toAbsolutePath().normalize().toString(), r.entry(), "entry", r.arch(),
                        r.budget(), r.registers(), r.spillStoreBytes(), r.spillLoadBytes(), r.stackFrameBytes(),
                        r.version());
            }
        }
        return ReferenceCsv.load(csv);
    }
}
