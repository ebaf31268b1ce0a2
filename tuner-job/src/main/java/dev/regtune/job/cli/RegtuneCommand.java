package dev.regtune.job.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What every {@code regtune} sub-command shares: its output streams (the {@link CommandLine}'s,
 * so tests can capture them) and the mapping of failures to exit codes. A command implements
 * {@link #run()}; a {@link UsageException} becomes exit code 2, any other exception exit code 1,
 * each reported as one sentence on stderr (with the stack trace under {@code --verbose}).
 *
 * <p>The mapping lives here, not in a Picocli handler installed on the {@code CommandLine}, so
 * that a plain {@code new CommandLine(new RegtuneMain())} behaves exactly like the installed tool.
 */
public abstract class RegtuneCommand implements Callable<Integer> {
    /** Exit code when the work itself failed. */
    public static final int EXIT_FAILURE = 1;
    /** Exit code for a usage error. */
    public static final int EXIT_USAGE = 2;

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        try {
            return run();
        } catch (UsageException e) {
            err().println(Messages.errorLine(e.getMessage()));
            err().flush();
            return EXIT_USAGE;
        } catch (Exception e) {
            err().println(Messages.errorLine(Messages.describe(e)));
            if (verbose()) {
                e.printStackTrace(err());
            }
            err().flush();
            return EXIT_FAILURE;
        }
    }

    /** Does the work; returns the exit code (0, or {@link #EXIT_FAILURE} for a failure already reported). */
    protected abstract int run() throws Exception;

    protected PrintWriter out() {
        return spec.commandLine().getOut();
    }

    protected PrintWriter err() {
        return spec.commandLine().getErr();
    }

    /**
     * Whether the reader of stdout went away (a closed pipe: {@code regtune ... | head -2}). Picocli's
     * writer wraps {@code System.out} in an {@code OutputStreamWriter}, so a failed write sets the
     * error flag of {@code System.out}, not the writer's: both are asked. A command that streams
     * output stops quietly when this turns true.
     */
    protected boolean outputClosed() {
        return out().checkError() || System.out.checkError();
    }

    protected boolean verbose() {
        return spec.root().userObject() instanceof RegtuneMain main && main.verbose;
    }

    /** Prints an error sentence on stderr without stopping the command. */
    protected void error(@Nullable String message) {
        err().println(Messages.errorLine(message));
        err().flush();
    }

    /** Prints a note (something skipped, something worth knowing) on stderr. */
    protected void note(String message) {
        err().println("regtune: note: " + message);
        err().flush();
    }
}
