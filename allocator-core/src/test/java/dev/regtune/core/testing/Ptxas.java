package dev.regtune.core.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the installed NVIDIA {@code ptxas} for tests that pin the model to it. Tests call
 * {@link #find()} and skip (with a message) when it returns null.
 */
public final class Ptxas {
    /** What {@code ptxas -v} reports for one entry. */
    public record EntryReport(int registers, int stackFrameBytes, int spillStoreBytes, int spillLoadBytes) {
    }

    /** The outcome of one run: whether ptxas accepted the file, its output, and the per-entry reports. */
    public record Run(boolean accepted, String output, Map<String, EntryReport> entries) {
    }

    private final String executable;

    private Ptxas(String executable) {
        this.executable = executable;
    }

    /** The ptxas on PATH, or null when none is installed. */
    public static Ptxas find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            Path p = Path.of(d, "ptxas");
            if (Files.isExecutable(p)) {
                return new Ptxas(p.toString());
            }
        }
        return null;
    }

    /**
     * What the installed ptxas reports for each entry of a probe file without a limit, for a test
     * that pins a probe's figures: skips the test when no ptxas is installed, fails it when ptxas
     * rejects the file.
     */
    public static Map<String, EntryReport> probeOrSkip(Path file, String arch) throws IOException,
            InterruptedException {
        Ptxas ptxas = find();
        Assumptions.assumeTrue(ptxas != null, "ptxas is not on PATH: skipping the check against the real compiler");
        Run run = ptxas.run(file, arch, 0);
        Assertions.assertTrue(run.accepted(), run.output());
        return run.entries();
    }

    /** {@code ptxas -v -arch=ARCH [-maxrregcount=N] -o /dev/null FILE}; {@code maxRegisters} 0 = no flag. */
    public Run run(Path file, String arch, int maxRegisters) throws IOException, InterruptedException {
        return compile(file, arch, maxRegisters, Path.of("/dev/null"));
    }

    /** {@link #run}, writing the cubin to {@code output}. */
    public Run compile(Path file, String arch, int maxRegisters, Path output) throws IOException, InterruptedException {
        return compile(file, arch, maxRegisters, output, false);
    }

    /**
     * {@link #run} of relocatable code ({@code -c}, as {@code nvcc -rdc=true} output needs: its
     * external functions are resolved at link time).
     */
    public Run runRelocatable(Path file, String arch) throws IOException, InterruptedException {
        return compile(file, arch, 0, Path.of("/dev/null"), true);
    }

    private Run compile(Path file, String arch, int maxRegisters, Path output, boolean relocatable)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(executable, "-v", "-arch=" + arch));
        if (maxRegisters > 0) {
            cmd.add("-maxrregcount=" + maxRegisters);
        }
        if (relocatable) {
            cmd.add("-c");
        }
        cmd.addAll(List.of("-o", output.toString(), file.toString()));
        Process proc = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(proc.getInputStream().readAllBytes());
        if (!proc.waitFor(180, TimeUnit.SECONDS)) {
            proc.destroyForcibly();
            throw new IOException("ptxas did not finish within 180 s on " + file);
        }
        return new Run(proc.exitValue() == 0, out, parse(out));
    }

    /** Per-entry figures of a {@code -v} report, in the order ptxas printed them. */
    static Map<String, EntryReport> parse(String out) {
        Map<String, EntryReport> entries = new LinkedHashMap<>();
        String current = null;
        String properties = null;
        int stack = 0;
        int stores = 0;
        int loads = 0;
        for (String line : out.split("\n")) {
            String t = line.trim();
            int c = t.indexOf("Compiling entry function '");
            if (c >= 0) {
                int from = c + "Compiling entry function '".length();
                current = t.substring(from, t.indexOf('\'', from));
                stack = 0;
                stores = 0;
                loads = 0;
            } else if (t.contains("Function properties for ")) {
                properties = t.substring(t.indexOf("Function properties for ") + "Function properties for ".length());
            } else if (current != null && current.equals(properties) && t.endsWith("bytes spill loads")) {
                String[] w = t.split("[ ,]+");
                stack = Integer.parseInt(w[0]);
                stores = Integer.parseInt(w[4]);
                loads = Integer.parseInt(w[8]);
            } else if (current != null && t.contains("Used ") && t.contains(" registers")) {
                int u = t.indexOf("Used ") + 5;
                int regs = Integer.parseInt(t.substring(u, t.indexOf(' ', u)));
                entries.put(current, new EntryReport(regs, stack, stores, loads));
                current = null;
            }
        }
        return entries;
    }
}
