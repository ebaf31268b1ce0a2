package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.datasets.PtxFileWalk;
import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.PtxasRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DatasetsManifestCommandTest {
    /** Maven runs this module's tests in tuner-job/, so the repository root is the parent folder. */
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path CORPUS = REPO.resolve("datasets/corpus");
    private static final String NO_PTXAS = "ptxas is not on the PATH; skipping the check against the real compiler";

    /** Families re-measured: a refused budget (tensor cores), .funcs (device calls), launch bounds (gemm). */
    private static final List<String> SAMPLE = List.of("device_call", "gemm_tile", "tensor_core_gemm");

    @TempDir
    Path dir;

    @Test
    void withoutPtxasItIsAUsageErrorOfOneSentence() {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        DatasetsManifestCommand manifest = cmd.getSubcommands().get("datasets").getSubcommands().get("manifest")
                .getCommand();
        manifest.ptxasOnPath = Optional::empty;
        StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));

        assertEquals(2, cmd.execute("datasets", "manifest", "--out", dir.resolve("m.csv").toString(),
                CORPUS.toString()));
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("needs the real ptxas, which is not on the PATH"), err.toString());
        assertTrue(Files.notExists(dir.resolve("m.csv")));
    }

    @Test
    void usageErrors() {
        Path out = dir.resolve("m.csv");
        assertEquals(2, Cli.run("datasets", "manifest", "--ptxas", dir.resolve("nope").toString(), "--out",
                out.toString(), CORPUS.toString()).exit());
        Cli.Run noCorpus = Cli.run("datasets", "manifest", "--out", out.toString(), dir.resolve("none").toString());
        assertEquals(2, noCorpus.exit());
        assertTrue(noCorpus.err().contains("does not exist"), noCorpus.err());
        assertEquals(2, Cli.run("datasets", "manifest", "--out", dir.resolve("no/such/m.csv").toString(),
                CORPUS.toString()).exit());
        assertEquals(2, Cli.run("datasets", "manifest", "--jobs", "0", "--out", out.toString(),
                CORPUS.toString()).exit());
    }

    @Test
    void theCommittedManifestMatchesAFreshPtxasRunOnASample() throws Exception {
        assumeTrue(PtxasRunner.onPath().isPresent(), NO_PTXAS);
        // A copy of part of the corpus at TMP/datasets/corpus, so that its repository-relative paths are
        // those of the committed manifest and its rows must be byte-identical to the committed ones.
        Path corpus = dir.resolve("datasets/corpus");
        for (String family : SAMPLE) {
            for (String arch : List.of("sm_80", "sm_90")) {
                Path to = corpus.resolve("ptx").resolve(arch).resolve(family + ".ptx");
                Files.createDirectories(to.getParent());
                Files.copy(CORPUS.resolve("ptx").resolve(arch).resolve(family + ".ptx"), to);
            }
            Files.createDirectories(corpus.resolve("cuda"));
            Files.copy(CORPUS.resolve("cuda").resolve(family + ".cu"), corpus.resolve("cuda").resolve(family + ".cu"));
        }
        Path out = dir.resolve("manifest.csv");

        Cli.Run run = Cli.run("datasets", "manifest", "--out", out.toString(), corpus.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("manifest: 14 rows from 6 PTX files measured with ptxas "), run.out());
        // The refusals of wmma_gemm_f16f32 at 24 registers are notes, in corpus order.
        assertEquals(2, run.err().lines().filter(l -> l.contains("refuses wmma_gemm_f16f32")).count(), run.err());
        List<String> fresh = Files.readAllLines(out);
        List<String> committed = Files.readAllLines(CORPUS.resolve("manifest.csv")).stream()
                .filter(l -> l.startsWith("id,") || SAMPLE.stream().anyMatch(f -> l.contains("/" + f + ".ptx,")))
                .toList();
        assertEquals(committed, fresh);
    }

    @Test
    void everyCorpusPtxFileAssemblesForItsArch() throws Exception {
        Optional<Path> exe = PtxasRunner.onPath();
        assumeTrue(exe.isPresent(), NO_PTXAS);
        PtxasRunner ptxas = PtxasRunner.of(exe.get());
        List<Path> files;
        try (Stream<Path> walk = PtxFileWalk.of(CORPUS.resolve("ptx"))) {
            files = walk.toList();
        }
        assertEquals(54, files.size());
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<String>> problems = new ArrayList<>();
            for (Path f : files) {
                problems.add(pool.submit(() -> {
                    String arch = PtxFileWalk.archOfFolder(f).orElseThrow();
                    List<String> notes = new ArrayList<>();
                    Map<String, PtxasMeasurement> m = ptxas.measure(f, arch, 0, List.of(), notes::add);
                    if (!notes.isEmpty() || m.isEmpty()) {
                        return f + " for " + arch + ": " + String.join("; ", notes);
                    }
                    return null;
                }));
            }
            List<String> failed = new ArrayList<>();
            for (Future<String> p : problems) {
                if (p.get() != null) {
                    failed.add(p.get());
                }
            }
            assertEquals(List.of(), failed);
        } finally {
            pool.shutdownNow();
        }
    }
}
