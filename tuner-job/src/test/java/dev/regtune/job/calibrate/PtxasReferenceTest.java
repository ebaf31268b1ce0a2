package dev.regtune.job.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.job.fidelity.EntryTraits;
import dev.regtune.job.fidelity.KernelKind;
import dev.regtune.job.ptxas.FakePtxas;
import dev.regtune.job.ptxas.PtxasEvaluator;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link PtxasReference} reads a file's text when an evaluation needs it, not every file's up front
 * and until the last evaluation: the rows are the same, a file that cannot be read or is not UTF-8
 * still fails the measurement before ptxas runs, and files adding up to several times the heap are
 * measured under {@code -Xmx48m}.
 */
class PtxasReferenceTest {
    private static final String HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n";

    @TempDir
    Path dir;

    /** A file of entries {@code names} after a comment of {@code padding} bytes. */
    static KernelFiles.File file(Path path, long padding, String... names) throws IOException {
        List<KernelFiles.Kernel> kernels = new ArrayList<>();
        try (Writer w = Files.newBufferedWriter(path, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            String line = "// padding padding padding padding padding padding padding padding padding pad\n";
            for (long n = 0; n < padding; n += line.length()) {
                w.write(line);
            }
            for (String name : names) {
                w.write(".visible .entry " + name + "()\n{\n\tret;\n}\n");
                kernels.add(new KernelFiles.Kernel(name, "sm_90", new EntryTraits(KernelKind.PLAIN, 1, "plain")));
            }
        }
        return new KernelFiles.File(path, path.toString(), path.getFileName().toString(),
                List.of(ArchProfiles.of("sm_90")), kernels);
    }

    private static PtxasEvaluator evaluator(Path ptxas) {
        return new PtxasEvaluator(ptxas.toString(), "13.0.88", 60_000, null);
    }

    @Test
    void everyKernelAtEveryBudgetInOrderAndUnreadableFilesFailBeforePtxasRuns() throws Exception {
        Path ptxas = FakePtxas.install(dir);
        List<KernelFiles.File> files = List.of(file(dir.resolve("a.ptx"), 0, "k1", "k2"),
                file(dir.resolve("b.ptx"), 0, "k3"));
        PtxasReference.Measured m = PtxasReference.measure(files, List.of(0, 32), evaluator(ptxas), 2, s -> { });
        List<String> rows = m.rows().stream().map(r -> r.file().getFileName() + " " + r.entry() + " " + r.arch() + " "
                + r.budget() + " " + r.registers()).toList();
        assertEquals(List.of("a.ptx k1 sm_90 0 40", "a.ptx k1 sm_90 32 40", "a.ptx k2 sm_90 0 40",
                "a.ptx k2 sm_90 32 40", "b.ptx k3 sm_90 0 40", "b.ptx k3 sm_90 32 40"), rows);
        assertEquals(6, m.compiled());
        assertEquals(6, FakePtxas.compiles(dir));

        Path binary = dir.resolve("binary.ptx");
        Files.write(binary, new byte[] {'.', 'v', (byte) 0xff, (byte) 0xfe, 0});
        KernelFiles.File bad = new KernelFiles.File(binary, binary.toString(), "binary.ptx",
                List.of(ArchProfiles.of("sm_90")), files.get(0).kernels());
        assertThrows(CharacterCodingException.class,
                () -> PtxasReference.measure(List.of(files.get(0), bad), List.of(0), evaluator(ptxas), 1, s -> { }));
        KernelFiles.File gone = new KernelFiles.File(dir.resolve("gone.ptx"), "gone.ptx", "gone.ptx",
                List.of(ArchProfiles.of("sm_90")), files.get(0).kernels());
        assertThrows(NoSuchFileException.class,
                () -> PtxasReference.measure(List.of(files.get(0), gone), List.of(0), evaluator(ptxas), 1, s -> { }));
        assertEquals(6, FakePtxas.compiles(dir), "no ptxas run when a file cannot be read");
    }

    /** Measures args[1] files of args[2] bytes each in folder args[0] with one thread; prints the row count. */
    public static void main(String[] args) throws IOException {
        Path folder = Path.of(args[0]);
        List<KernelFiles.File> files = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            files.add(file(folder.resolve("f" + i + ".ptx"), Long.parseLong(args[2]), "k" + i));
        }
        PtxasReference.Measured m = PtxasReference.measure(files, List.of(0), evaluator(FakePtxas.install(folder)), 1,
                s -> { });
        System.out.println(m.rows().size() + " rows");
    }

    @Test
    void filesAddingUpToSeveralTimesTheHeapAreMeasuredUnderXmx48m() throws Exception {
        Path log = dir.resolve("fork.log");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx48m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                getClass().getName(), dir.toString(), "16", Long.toString(8L << 20));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the forked measurement finished");
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.endsWith("16 rows\n"), out);
        assertFalse(out.contains("OutOfMemoryError"), out);
    }
}
