package dev.regtune.job.cli;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.report.KnobListing;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune knobs}: list the knob catalogue. */
@Command(name = "knobs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "List every knob of the model: name, ptxas knob number (- when the seeds give none), type, default, "
                    + "valid range, effect (MODELLED: read by the model; PASSIVE: accepted and recorded only) "
                    + "and meaning. These names and numbers are what --knob NAME=VALUE accepts."
        })
public final class KnobsCommand extends RegtuneCommand {

    /** Output formats of {@code knobs}. */
    enum Format { text, csv, json }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    protected int run() throws IOException {
        KnobListing listing = new KnobListing(KnobCatalogue.all());
        switch (format) {
            case text -> listing.writeText(out());
            case csv -> listing.writeCsv(out());
            case json -> listing.writeJson(out());
            default -> throw new IllegalStateException("unhandled format " + format);
        }
        return 0;
    }
}
