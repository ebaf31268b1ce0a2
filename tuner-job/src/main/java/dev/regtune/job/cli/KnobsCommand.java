package dev.regtune.job.cli;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.report.KnobListing;
import dev.regtune.job.report.sweep.InertKnobs;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.select.ResultTableReader;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.spark.SparkSessions;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune knobs}: list the knob catalogue. */
@Command(name = "knobs",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "List every knob of the model: name, ptxas knob number (- when the seeds give none), type, default, "
                    + "valid range, effect (MODELLED: read by the model; PASSIVE: accepted and recorded only) "
                    + "and meaning. These names and numbers are what --knob NAME=VALUE accepts.",
            "With --results, also what a sweep shows of each knob (column in_sweep): 'no effect' when "
                    + "configurations that differ in that knob alone gave the same status, registers, spill bytes, "
                    + "latency and kernel time on every kernel; 'changes results'; 'untested' when no two "
                    + "configurations differ in it alone; 'not swept'."
        })
public final class KnobsCommand extends RegtuneCommand {

    /** Output formats of {@code knobs}. */
    enum Format { text, csv, json }

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--results", paramLabel = "DIR",
            description = "The --out folder of 'regtune sweep' (or its results folder): mark the knobs it shows to "
                    + "have no effect on any kernel (read with Spark, in local mode).")
    String results;

    @Override
    protected int run() throws IOException {
        Map<String, String> inSweep = new TreeMap<>();
        if (results != null) {
            dev.regtune.job.storage.Location folder;
            try {
                folder = ResultTableReader.resultsFolder(Arguments.location(results, "--results"));
            } catch (SelectionInputException e) {
                throw new UsageException(e.getMessage());
            }
            SparkSession spark = SparkSessions.open("regtune knobs", Optional.empty());
            InertKnobs.of(spark.read().schema(ResultSchema.schema()).parquet(folder.sparkPath()))
                    .forEach((knob, verdict) -> inSweep.put(knob, switch (verdict) {
                        case EFFECT -> "changes results";
                        case NO_EFFECT -> "no effect";
                        case UNTESTED -> "untested";
                    }));
        }
        KnobListing listing = new KnobListing(KnobCatalogue.all(), inSweep);
        switch (format) {
            case text -> listing.writeText(out());
            case csv -> listing.writeCsv(out());
            case json -> listing.writeJson(out());
            default -> throw new IllegalStateException("unhandled format " + format);
        }
        return 0;
    }
}
