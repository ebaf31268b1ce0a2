package dev.regtune.job.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a command-line syntax error (unknown option, missing parameter, value of the wrong
 * type) as one sentence pointing at the command's {@code --help}, instead of Picocli's default of
 * printing the whole usage message. Exit code 2.
 */
final class ShortParameterExceptionHandler implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        String message = ex.getMessage();
        if (ex instanceof UnmatchedArgumentException u) {
            List<String> suggestions = u.getSuggestions();
            if (!suggestions.isEmpty()) {
                message = message + " (did you mean " + String.join(" or ", suggestions) + "?)";
            }
        }
        String qualified = cmd.getCommandSpec().qualifiedName();
        err.println(Messages.errorLine(message + "; see '" + qualified + " --help'"));
        if (Arrays.asList(args).contains("--verbose")) {
            ex.printStackTrace(err);
        }
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
