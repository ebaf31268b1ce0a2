package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --sampler} and {@code --strategy} are typed: the names users already type (any case) are
 * accepted, an unknown one is one sentence listing the valid names, and the help lists them as typed.
 */
class ChoiceOptionsTest {
    private static final String QUICKSTART = "../spaces/quickstart.json";

    @Test
    void samplerNamesAreAcceptedInAnyCase() {
        Cli.Run lower = Cli.run("space", "sample", QUICKSTART, "--sampler", "lhs", "-n", "5", "--seed", "2");
        Cli.Run upper = Cli.run("space", "sample", QUICKSTART, "--sampler", "LHS", "-n", "5", "--seed", "2");
        assertEquals(0, lower.exit(), lower.err());
        assertEquals(lower.out(), upper.out());
    }

    @Test
    void anUnknownSamplerIsOneSentenceListingTheValidNames() {
        Cli.Run run = Cli.runInstalled("space", "sample", QUICKSTART, "--sampler", "halton", "-n", "3");
        assertEquals(2, run.exit());
        assertEquals(List.of("regtune: Invalid value for option '--sampler': unknown sampler 'halton'; expected one "
                + "of grid, random, lhs, sobol; see 'regtune space sample --help'."), List.of(run.errLines()));
    }

    @Test
    void anUnknownStrategyIsOneSentenceListingTheValidNames() {
        Cli.Run run = Cli.runInstalled("sweep", "--space", QUICKSTART, "--out", "target/never", "--strategy", "tpe",
                "--budget", "4");
        assertEquals(2, run.exit());
        assertEquals(List.of("regtune: Invalid value for option '--strategy': unknown strategy 'tpe'; expected one "
                + "of halving, bayes, nsga2; see 'regtune sweep --help'."), List.of(run.errLines()));
    }

    @Test
    void theHelpListsTheNamesAsUsersTypeThem() {
        picocli.CommandLine cli = RegtuneMain.commandLine();
        String help = cli.getSubcommands().get("space").getSubcommands().get("sample").getUsageMessage()
                .replaceAll("\\s+", " ");
        assertTrue(help.contains("grid, random, lhs, sobol (default: sobol)"), help);
        String sweep = cli.getSubcommands().get("sweep").getUsageMessage().replaceAll("\\s+", " ");
        assertTrue(sweep.contains("grid, random, lhs, sobol (default: grid, or sobol with -n)"), sweep);
    }
}
