package dev.regtune.job.fidelity;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where the real ptxas figures come from: running {@code ptxas} now ({@link PtxasRunner}) or a
 * CSV measured earlier ({@link ReferenceCsv}). Implementations are safe to call from several
 * threads.
 */
public sealed interface GroundTruth permits PtxasRunner, ReferenceCsv {

    /** One line naming the source, for the report header: "ptxas 13.0.88 (/usr/local/bin/ptxas)". */
    String description();

    /**
     * The real figures of the given entries of one PTX file for one architecture and budget.
     * Entries without figures (ptxas refused them, the reference has no row) are absent from the
     * map; a note says why where that is worth knowing.
     *
     * @param file the PTX file
     * @param arch architecture name, e.g. "sm_90"
     * @param budget {@code -maxrregcount}, 0 for none
     * @param entries names of the file's entries
     * @param notes receives one-sentence notes
     * @return measurements by entry name
     */
    Map<String, PtxasMeasurement> measure(Path file, String arch, int budget, List<String> entries,
            Consumer<String> notes) throws IOException;
}
