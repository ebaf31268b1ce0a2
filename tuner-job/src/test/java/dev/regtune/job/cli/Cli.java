package dev.regtune.job.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Runs {@code regtune} in-process and captures what it prints. */
final class Cli {
    private Cli() {
    }

    /** Exit code, stdout and stderr of one run. */
    record Run(int exit, String out, String err) {
        /** Stderr lines, for "one sentence" checks. */
        String[] errLines() {
            return err.isEmpty() ? new String[0] : err.strip().split("\\R");
        }
    }

    /** Exactly as the tests' brief says: a plain {@code new CommandLine(new RegtuneMain())}. */
    static Run run(String... args) {
        return run(new CommandLine(new RegtuneMain()), args);
    }

    /** As the installed tool runs: {@link RegtuneMain#commandLine()} (one-sentence syntax errors). */
    static Run runInstalled(String... args) {
        return run(RegtuneMain.commandLine(), args);
    }

    private static Run run(CommandLine cmd, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out, true));
        cmd.setErr(new PrintWriter(err, true));
        int exit = cmd.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    /** Copies a test resource of this package into {@code dir} and returns its path. */
    /**
     * {@link #resource} of a PTX file, its {@code .target sm_90} line rewritten to {@code arch}: a
     * copy for a folder of another architecture, which ptxas would not compile for it otherwise.
     */
    static Path ptxResourceFor(String arch, String name, Path dir) {
        Path file = resource(name, dir);
        try {
            String text = Files.readString(file, StandardCharsets.US_ASCII);
            if (!text.contains("\n.target sm_90\n")) {
                throw new IllegalStateException(name + " has no '.target sm_90' line to rewrite");
            }
            Files.writeString(file, text.replace("\n.target sm_90\n", "\n.target " + arch + "\n"),
                    StandardCharsets.US_ASCII);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path resource(String name, Path dir) {
        try (InputStream in = Cli.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            Files.createDirectories(dir);
            Path target = dir.resolve(name);
            Files.copy(in, target);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
