package dev.regtune.datasets.manifest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The real ptxas as {@link ManifestBuilder} needs it. This module does not run compilers; the
 * command line adapts its ptxas runner ({@code dev.regtune.job.fidelity.PtxasRunner}) to this.
 * Implementations must be safe to call from several threads at once.
 */
public interface PtxasProbe {
    /** The ptxas version written into every row, e.g. {@code 13.0.88}. */
    String version();

    /**
     * Assembles {@code file} for {@code arch} at {@code budget} ({@code -maxrregcount}; 0 = none)
     * and returns the figures of the kernel entries that ptxas assembled, by entry name. An entry
     * ptxas refuses at that budget is left out of the map and reported to {@code notes}.
     *
     * @param entries the entries of the file, for assembling them one at a time when ptxas
     *     refuses the file as a whole
     * @param notes receives one sentence per entry refused or file ptxas failed on; the builder
     *     prints them in corpus order, whatever order the runs finish in
     * @throws IOException if ptxas cannot be run at all
     */
    Map<String, PtxasFigures> measure(Path file, String arch, int budget, List<String> entries, Consumer<String> notes)
            throws IOException;
}
