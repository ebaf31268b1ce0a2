package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

class MainCommandTest {
    @Test
    void versionPrintsTheModelVersion() {
        Cli.Run run = Cli.run("--version");
        assertEquals(0, run.exit());
        assertTrue(run.out().startsWith("regtune " + VersionProvider.modelVersion()), run.out());
        assertTrue(run.out().contains("fatpoint"), run.out());
    }

    @Test
    void helpIsTheManual() {
        Cli.Run run = Cli.run("--help");
        assertEquals(0, run.exit());
        for (String command : new String[] {"allocate", "knobs", "bench", "fidelity"}) {
            assertTrue(run.out().contains(command), run.out());
        }
        Cli.Run allocate = Cli.run("allocate", "--help");
        assertEquals(0, allocate.exit());
        assertTrue(allocate.out().contains("--max-regs"), allocate.out());
        assertTrue(allocate.out().contains("Exit status"), allocate.out());
        for (String command : new String[] {"knobs", "bench", "fidelity"}) {
            Cli.Run help = Cli.run(command, "--help");
            assertEquals(0, help.exit(), command);
            assertTrue(help.out().startsWith("Usage: regtune " + command), help.out());
        }
    }

    /** Picocli formats help text with String.format: a lone '%' makes it warn and print the raw text. */
    @Test
    void helpTextsAreValidFormatStrings() {
        CommandLine root = new CommandLine(new RegtuneMain());
        for (CommandLine cmd : root.getSubcommands().values()) {
            CommandSpec spec = cmd.getCommandSpec();
            List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
            for (OptionSpec o : spec.options()) {
                texts.addAll(List.of(o.description()));
            }
            for (PositionalParamSpec p : spec.positionalParameters()) {
                texts.addAll(List.of(p.description()));
            }
            for (String text : texts) {
                assertDoesNotThrow(() -> String.format(Locale.ROOT, text), spec.qualifiedName() + ": " + text);
            }
        }
    }

    @Test
    void noCommandIsAUsageError() {
        Cli.Run run = Cli.run();
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
    }

    @Test
    void unknownCommandIsAUsageError() {
        Cli.Run run = Cli.runInstalled("allocat");
        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
    }

    @Test
    void anUnknownCommandIsNamedEvenWithHelp() {
        Cli.Run run = Cli.runInstalled("nosuchcommand", "--help");
        assertEquals(2, run.exit());
        assertEquals(List.of("regtune: unknown command 'nosuchcommand'; see 'regtune --help' for the commands."),
                List.of(run.errLines()));
        assertEquals("", run.out());
    }

    @Test
    void everyCommandAnswersHelpWithoutItsRequiredOptions() {
        for (String command : List.of("allocate", "knobs", "bench", "bench-sweep", "fidelity", "datasets", "space",
                "sweep", "select", "export", "report")) {
            Cli.Run run = Cli.runInstalled(command, "--help");
            assertEquals(0, run.exit(), command + ": " + run.err());
            assertTrue(run.out().startsWith("Usage: regtune " + command), command + ": " + run.out());
        }
    }
}
