package dev.regtune.job.cli;

import dev.regtune.core.text.Suggestions;
import dev.regtune.job.spark.SparkSessions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The {@code regtune} command: sub-commands and the options every one of them accepts. */
@Command(name = "regtune",
        versionProvider = VersionProvider.class,
        description = {
            "RegTune: a deterministic model of the NVIDIA ptxas register allocator whose heuristic constants are "
                    + "knobs, with tools to run it, time it and compare it with the real ptxas."
        },
        subcommands = {
            AllocateCommand.class,
            KnobsCommand.class,
            BenchCommand.class,
            BenchSweepCommand.class,
            FidelityCommand.class,
            CalibrateCommand.class,
            DatasetsCommand.class,
            SpaceCommand.class,
            SweepCommand.class,
            SelectCommand.class,
            ExportCommand.class,
            ReportCommand.class,
            HelpCommand.class
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:success",
            "1:the work itself failed (see the message)",
            "2:usage error: bad option, unreadable file, unknown knob, bad knob value, unknown architecture"
        })
public final class RegtuneMain implements Callable<Integer> {

    @Option(names = "--verbose", scope = ScopeType.INHERIT,
            description = "Print the stack trace with an error message (for bug reports).")
    boolean verbose;

    /**
     * Not Picocli's usage-help option: with that, {@code regtune nosuchcommand --help} printed the
     * top-level help and exited 0, as help requests silence unmatched arguments. Here an unknown
     * command is an error whether or not {@code --help} follows it.
     */
    @Option(names = {"-h", "--help"}, description = "Show this help message and exit.")
    boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Print version information and exit.")
    boolean version;

    /** Whatever stands where a command should: not a command (those are matched first). */
    @Parameters(hidden = true, arity = "0..*")
    List<String> unknown = new ArrayList<>();

    @Spec
    CommandSpec spec;

    /** Without a known sub-command there is nothing to do: a usage error pointing at the manual. */
    @Override
    public Integer call() {
        if (!unknown.isEmpty()) {
            String word = unknown.get(0);
            List<String> close = spec.subcommands().keySet().stream().filter(c -> similar(word, c)).toList();
            String hint = close.isEmpty() ? "" : " (did you mean " + String.join(" or ", close) + "?)";
            return usageError("unknown command '" + word + "'" + hint + "; see 'regtune --help' for the commands");
        }
        if (help) {
            spec.commandLine().usage(spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            return 0;
        }
        return usageError("a command is required; see 'regtune --help'");
    }

    private int usageError(String sentence) {
        spec.commandLine().getErr().println(Messages.errorLine(sentence));
        spec.commandLine().getErr().flush();
        return RegtuneCommand.EXIT_USAGE;
    }

    /** A command name a typo of {@code word} could stand for: a shared prefix of 3, or at most 2 edits. */
    static boolean similar(String word, String command) {
        int prefix = Math.min(3, Math.min(word.length(), command.length()));
        return word.regionMatches(0, command, 0, prefix) && prefix == 3 || Suggestions.editDistance(word, command) <= 2;
    }

    /** The command line as the installed tool uses it: one-sentence syntax errors. */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        cmd.setParameterExceptionHandler(new ShortParameterExceptionHandler());
        return cmd;
    }

    public static void main(String[] args) {
        if (!java.util.Arrays.asList(args).contains("--verbose")) {
            // Spark's own log (task failures with stack traces) stays off the console: RegTune
            // reports the failure in one sentence; --verbose shows everything.
            System.setProperty(SparkSessions.LOG_LEVEL_PROPERTY,
                    System.getProperty(SparkSessions.LOG_LEVEL_PROPERTY, "OFF"));
        }
        System.exit(commandLine().execute(args));
    }
}
