package dev.regtune.job.fidelity;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Ground truth from the real compiler:
 * {@code ptxas -v -arch=ARCH [-maxrregcount N] -o /dev/null FILE}, parsed by
 * {@link PtxasVerboseParser}.
 *
 * <p>When a budget is below what one instruction needs (tensor-core code at 24 registers) ptxas
 * aborts the whole file ({@code C7602 Insufficient registers}); then each entry is assembled on
 * its own with {@code -e ENTRY}, as {@code datasets/corpus/measure.sh} does, so one refused entry
 * does not cost the others their figures.
 */
public final class PtxasRunner implements GroundTruth {
    private static final Pattern VERSION = Pattern.compile("V(\\d+(?:\\.\\d+)+)");
    private static final Pattern INSUFFICIENT = Pattern.compile("Insufficient registers[^\\r\\n]*");
    private static final Pattern ERROR_LINE = Pattern.compile("ptxas (?:fatal|error)\\s*:\\s*([^\\r\\n]+)");
    private static final long TIMEOUT_MINUTES = 10;

    private final Path ptxas;
    private final String version;

    private PtxasRunner(Path ptxas, String version) {
        this.ptxas = ptxas;
        this.version = version;
    }

    /** A runner for the given executable, after asking it for its version. */
    public static PtxasRunner of(Path ptxas) throws IOException {
        Run r = run(List.of(ptxas.toString(), "--version"));
        Matcher m = VERSION.matcher(r.output);
        if (r.exitCode != 0 || !m.find()) {
            throw new IOException("'" + ptxas + " --version' did not print a ptxas version");
        }
        return new PtxasRunner(ptxas, m.group(1));
    }

    /** The first executable named {@code ptxas} on the PATH. */
    public static Optional<Path> onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "ptxas");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public String version() {
        return version;
    }

    @Override
    public String description() {
        return "ptxas " + version + " (" + ptxas + ")";
    }

    @Override
    public Map<String, PtxasMeasurement> measure(Path file, String arch, int budget, List<String> entries,
            Consumer<String> notes) throws IOException {
        Run whole = run(command(file, arch, budget, null));
        if (whole.exitCode == 0) {
            return entriesOf(whole.output);
        }
        if (!INSUFFICIENT.matcher(whole.output).find()) {
            notes.accept("ptxas failed on " + file + " for " + arch + at(budget) + ": " + firstError(whole));
            return Map.of();
        }
        Map<String, PtxasMeasurement> result = new LinkedHashMap<>();
        for (String entry : entries) {
            Run one = run(command(file, arch, budget, entry));
            if (one.exitCode == 0) {
                PtxasMeasurement m = entriesOf(one.output).get(entry);
                if (m != null) {
                    result.put(entry, m);
                }
            } else {
                notes.accept("ptxas refuses " + entry + " (" + file + ") for " + arch + at(budget) + ": "
                        + firstError(one));
            }
        }
        return result;
    }

    private List<String> command(Path file, String arch, int budget, @Nullable String entry) {
        List<String> cmd = new ArrayList<>(List.of(ptxas.toString(), "-v", "-arch=" + arch));
        if (budget > 0) {
            cmd.add("-maxrregcount");
            cmd.add(Integer.toString(budget));
        }
        if (entry != null) {
            cmd.add("-e");
            cmd.add(entry);
        }
        cmd.addAll(List.of("-o", "/dev/null", file.toString()));
        return cmd;
    }

    private static Map<String, PtxasMeasurement> entriesOf(String output) {
        Map<String, PtxasMeasurement> byName = new LinkedHashMap<>();
        for (PtxasMeasurement m : PtxasVerboseParser.parse(output)) {
            if (m.entry()) {
                byName.put(m.function(), m);
            }
        }
        return byName;
    }

    private static String at(int budget) {
        return budget > 0 ? " at -maxrregcount " + budget : "";
    }

    private static String firstError(Run r) {
        Matcher m = ERROR_LINE.matcher(r.output);
        return m.find() ? m.group(1).strip() : "exit status " + r.exitCode;
    }

    private record Run(int exitCode, String output) {
    }

    /** Runs a command with stdout and stderr merged into a temporary file (no pipe to drain, a hard timeout). */
    private static Run run(List<String> command) throws IOException {
        Path log = Files.createTempFile("regtune-ptxas", ".log");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            try {
                if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                    p.destroyForcibly();
                    throw new IOException("'" + String.join(" ", command) + "' did not finish within "
                            + TIMEOUT_MINUTES + " minutes");
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for ptxas");
            }
            return new Run(p.exitValue(), new String(Files.readAllBytes(log), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
