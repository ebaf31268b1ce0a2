package dev.regtune.job.cli;

import dev.regtune.job.report.TextTable;
import dev.regtune.space.Dimension;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.expr.Expression;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code regtune space validate}: check a space spec and summarise it. */
@Command(name = "validate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Check a knob space spec against the knob catalogue and the architecture list, and print a summary: "
                    + "every dimension with its domain and condition, the constraints, and the size of the full grid "
                    + "(the product of the grid sizes, before conditions and constraints).",
            "The spec format is described in the package documentation of dev.regtune.space.spec and by the examples "
                    + "in spaces/."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the spec is valid",
            "2:the spec is unreadable or invalid (one sentence on stderr says why)"
        })
public final class SpaceValidateCommand extends RegtuneCommand {

    @Parameters(index = "0", paramLabel = "SPEC", description = "The space spec, a JSON file.")
    Path specFile;

    @Override
    protected int run() {
        KnobSpace space = load(specFile);
        PrintWriter o = out();
        long conditional = space.dimensionList().stream().filter(d -> d.condition().isPresent()).count();
        o.printf("space %s: %d dimension%s (%d conditional), %d constraint%s%n", space.name(), space.dimensions(),
                space.dimensions() == 1 ? "" : "s", conditional, space.constraints().size(),
                space.constraints().size() == 1 ? "" : "s");
        TextTable table = new TextTable("dimension", "domain", "when");
        for (Dimension d : space.dimensionList()) {
            table.add(d.label(), d.describeDomain(), d.condition().map(Expression::source).orElse("-"));
        }
        table.print(o);
        for (Expression c : space.constraints()) {
            o.println("constraint: " + c.source());
        }
        o.println("grid: " + count(space.gridSize()) + " points before conditions and constraints");
        o.flush();
        return 0;
    }

    /** Reads a spec, turning every problem into a usage error. */
    static KnobSpace load(Path file) {
        try {
            return SpaceSpecReader.read(file);
        } catch (SpaceSpecException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** Exact with thousands separators up to 10^18, then "about 1.2e61". */
    static String count(BigInteger n) {
        if (n.bitLength() < 60) {
            return String.format(Locale.ROOT, "%,d", n);
        }
        return String.format(Locale.ROOT, "about %.1e", n.doubleValue());
    }
}
