package dev.regtune.job.ptxas;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs one ptxas process in a private temporary folder and leaves nothing behind: the inputs are
 * written into the folder, the process runs there (so the file names in ptxas's messages are the
 * inputs' own names, not a temporary path), stdout and stderr go merged into a file in the folder
 * (no pipe to drain, so a chatty process cannot block), and the folder is deleted whatever happens.
 * A process still running at the timeout is killed with its descendants and reaped, so it leaves
 * neither a zombie nor an orphan. Thread-safe: each call has its own folder.
 */
public final class PtxasProcess {
    private static final String LOG = ".regtune-ptxas.log";

    private PtxasProcess() {
    }

    /**
     * The outcome of one process.
     *
     * @param exitCode its exit status; -1 when it timed out
     * @param output stdout and stderr, merged, as text
     * @param timedOut whether it was killed at the timeout
     * @param millis its wall time in milliseconds
     */
    public record Run(int exitCode, String output, boolean timedOut, long millis) {
    }

    /**
     * Runs {@code command} in a fresh temporary folder holding {@code inputs} (file name to text).
     *
     * @param timeout how long the process may run; zero or negative for no limit
     * @throws IOException when the process cannot be started or its folder not written
     */
    public static Run run(List<String> command, Map<String, String> inputs, Duration timeout) throws IOException {
        Path dir = Files.createTempDirectory("regtune-ptxas");
        try {
            for (Map.Entry<String, String> in : inputs.entrySet()) {
                Files.writeString(dir.resolve(in.getKey()), in.getValue(), StandardCharsets.UTF_8);
            }
            Path log = dir.resolve(LOG);
            long start = System.nanoTime();
            Process p = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(nullDevice())).start();
            boolean finished;
            try {
                finished = timeout.isZero() || timeout.isNegative() ? waitFor(p)
                        : p.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                kill(p);
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for ptxas");
            }
            if (!finished) {
                kill(p);
            }
            long millis = (System.nanoTime() - start) / 1_000_000L;
            String output = Files.readString(log, StandardCharsets.UTF_8);
            return new Run(finished ? p.exitValue() : -1, output, !finished, millis);
        } finally {
            deleteTree(dir);
        }
    }

    private static boolean waitFor(Process p) throws InterruptedException {
        p.waitFor();
        return true;
    }

    /** Kills the process and every descendant, then reaps it. */
    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                try {
                    p.waitFor();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // reap it all the same: a killed process exits at once
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
