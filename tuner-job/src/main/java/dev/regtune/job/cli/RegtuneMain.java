package dev.regtune.job.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** The {@code regtune} command: sub-commands and the options every one of them accepts. */
@Command(name = "regtune",
        mixinStandardHelpOptions = true,
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

    @Spec
    CommandSpec spec;

    /** Without a sub-command there is nothing to do: a usage error pointing at the manual. */
    @Override
    public Integer call() {
        spec.commandLine().getErr().println(Messages.errorLine("a command is required; see 'regtune --help'"));
        spec.commandLine().getErr().flush();
        return RegtuneCommand.EXIT_USAGE;
    }

    /** The command line as the installed tool uses it: one-sentence syntax errors. */
    public static CommandLine commandLine() {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        cmd.setParameterExceptionHandler(new ShortParameterExceptionHandler());
        return cmd;
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
