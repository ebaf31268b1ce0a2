package dev.regtune.job.cli;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.ConfigurationLines;
import dev.regtune.space.sample.Sampler;
import dev.regtune.space.sample.SamplerKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Iterator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune space sample}: stream configurations of a space. */
@Command(name = "sample",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Print configurations of a knob space, one per line, as they are generated (nothing is held in memory "
                    + "but the set of 64-bit fingerprints that keeps random, lhs and sobol from repeating a "
                    + "configuration). Every configuration satisfies the spec's constraints; a conditional knob whose "
                    + "condition does not hold is left out. The same arguments always print the same lines.",
            "Samplers: grid (every grid point in counter order, last dimension fastest; real and log ranges "
                    + "contribute their 'points', default 5), random (uniform), lhs (Latin hypercube of N points: "
                    + "one point per stratum 1/N of each dimension), sobol (scrambled Sobol low-discrepancy sequence).",
            "CSV has a header of every dimension name (arch, maxrregcount, then the knobs in spec order) and an empty "
                    + "cell for an inactive knob; JSONL prints one object per line without inactive knobs."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the configurations were printed (fewer than N when the space has fewer; a note on stderr says so)",
            "2:usage error: invalid spec, bad -n or sampler"
        })
public final class SpaceSampleCommand extends RegtuneCommand {

    /** Output formats. */
    enum Format { csv, jsonl }

    @Parameters(index = "0", paramLabel = "SPEC", description = "The space spec, a JSON file.")
    Path specFile;

    @Option(names = "--sampler", paramLabel = "SAMPLER", defaultValue = "sobol",
            converter = ChoiceConverters.SamplerKindConverter.class,
            description = "How to choose configurations: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    SamplerKind sampler;

    @Option(names = {"-n", "--count"}, paramLabel = "N",
            description = "How many configurations to print, at least 1; required except for grid, which "
                    + "prints the whole grid without it.")
    Long count;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of random, lhs and sobol (grid ignores it) (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "csv",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Override
    protected int run() {
        long n = count();
        KnobSpace space = SpaceValidateCommand.load(specFile);
        Sampler s = sampler.create(seed);
        Iterator<Configuration> it;
        try {
            it = s.iterator(space, n);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        PrintWriter o = out();
        if (format == Format.csv) {
            line(o, ConfigurationLines.csvHeader(space));
        }
        long printed = 0;
        while (it.hasNext()) {
            Configuration c = it.next();
            line(o, format == Format.csv ? ConfigurationLines.csvRow(space, c) : ConfigurationLines.jsonLine(space, c));
            if (++printed % 256 == 0 && outputClosed()) {
                return EXIT_FAILURE; // the reader went away (a closed pipe): stop quietly
            }
        }
        o.flush();
        if (count != null && printed < n) {
            note(s.name() + " found only " + printed + " distinct configuration" + (printed == 1 ? "" : "s")
                    + " satisfying the constraints, fewer than the " + n + " asked for");
        }
        return 0;
    }

    private long count() {
        if (count == null) {
            if (sampler.needsCount()) {
                throw new UsageException("--sampler " + sampler.cliName() + " needs -n N, the number of configurations");
            }
            return Long.MAX_VALUE;
        }
        if (count < 1) {
            throw new UsageException("-n must be at least 1, not " + count);
        }
        return count;
    }

    /** Writes without PrintWriter's flush-per-println, so a million lines are not a million writes. */
    private static void line(PrintWriter o, String s) {
        o.write(s);
        o.write('\n');
    }
}
