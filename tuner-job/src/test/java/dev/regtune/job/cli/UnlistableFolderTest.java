package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16's last two "bad input never costs good work" cases: a sub-folder that cannot be listed
 * inside a folder given to sweep, allocate, fidelity or bench is one note (or one IO_ERROR object)
 * naming it and why, and every other file is still processed; an unreadable PTX file of a
 * {@code fidelity --corpus} reference corpus is left out with one note and the others compared.
 * {@code chmod 000} keeps root out of nothing, so those cases skip as root (they pass as
 * {@code nobody}); the corpus case also runs as root with a file whose reading fails for anyone
 * (a link to {@code /proc/self/mem}, whose first page is never mapped: "input/output error").
 * The walk itself is pinned for any user in {@code PtxFileWalkTest} and the sweep's record of the
 * folder in {@code KernelCatalogUnreadableTest}.
 */
class UnlistableFolderTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** kernels/sm_90/{elementwise.ptx, locked/transpose.ptx} with locked/ closed to this user. */
    private Path lockedFolder() throws IOException {
        Path corpus = SweepFixtures.CORPUS_SM90;
        Assumptions.assumeTrue(Files.isDirectory(corpus), "the bundled corpus is not present");
        Path folder = Files.createDirectories(dir.resolve("kernels/sm_90"));
        Files.copy(corpus.resolve("elementwise.ptx"), folder.resolve("elementwise.ptx"));
        Path locked = Files.createDirectories(folder.resolve("locked"));
        Files.copy(corpus.resolve("transpose.ptx"), locked.resolve("transpose.ptx"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        boolean listable;
        try (var list = Files.list(locked)) {
            listable = list.count() >= 0;
        } catch (IOException e) {
            listable = false;
        }
        Assumptions.assumeFalse(listable,
                "chmod 000 does not keep this user (root?) from listing a folder; the case cannot be made");
        return folder.getParent();
    }

    private Path locked() {
        return dir.resolve("kernels/sm_90/locked");
    }

    @Test
    void aSweepNotesAndRecordsAFolderItCannotListAndSweepsTheOthers() throws Exception {
        Path kernels = lockedFolder();
        Path out = dir.resolve("out");
        Cli.Run run = Cli.run("sweep", "--kernels", kernels.toString(), "--space",
                SweepFixtures.tinySpace(dir).toString(), "--sampler", "random", "-n", "1", "--seed", "1",
                "--out", out.toString(), "--run-id", "bad");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("regtune: note: 1 PTX folder could not be read (cannot list folder '" + locked()
                + "': permission denied); it has no rows"), run.err());
        JsonNode record = JSON.readTree(out.resolve("runs/bad.json").toFile()).path("kernels");
        assertEquals(2, record.path("count").asInt(), "elementwise's two entries: " + record);
        JsonNode files = record.path("unreadable_files");
        assertEquals(1, files.size(), files.toString());
        assertEquals(locked().toString(), files.get(0).path("file").asText());
        assertEquals("permission denied", files.get(0).path("reason").asText());
        assertTrue(files.get(0).path("folder").asBoolean(), files.toString());
    }

    @Test
    void allocateReportsAFolderItCannotListAsIoErrorAndAllocatesTheOthers() throws Exception {
        Path kernels = lockedFolder();
        Cli.Run run = Cli.run("allocate", "--format", "json", kernels.toString());
        assertEquals(1, run.exit(), "a folder gave IO_ERROR: " + run.err());
        Map<String, String> statusByFile = new TreeMap<>();
        for (JsonNode o : JSON.readTree(run.out())) {
            statusByFile.merge(Path.of(o.path("file").asText()).getFileName().toString(), o.path("status").asText(),
                    (a, b) -> a + "," + b);
            if (o.path("status").asText().equals("IO_ERROR")) {
                assertEquals("cannot list folder '" + locked() + "': permission denied", o.path("message").asText());
            }
        }
        assertEquals(Map.of("elementwise.ptx", "OK,OK", "locked", "IO_ERROR"), statusByFile);
    }

    @Test
    void fidelityLeavesOutAFolderItCannotListWithOneNoteAndComparesTheOthers() throws Exception {
        Path kernels = lockedFolder();
        Path reference = ElementwiseReference.write(kernels, dir);
        Cli.Run run = Cli.run("fidelity", "--reference", reference.toString(), "--arch", "sm_90",
                "--budgets", "0", "--allocator", "fatpoint", kernels.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("2 pairs compared"), run.out());
        assertTrue(List.of(run.errLines()).contains("regtune: note: left out a folder that cannot be listed: "
                + "cannot list folder '" + locked() + "': permission denied"), run.err());
    }

    @Test
    void benchSkipsAFolderItCannotListWithOneNote() throws Exception {
        Path kernels = lockedFolder();
        Cli.Run run = Cli.run("bench", "--allocator", "fatpoint", "--warmup-seconds", "0", "--seconds", "0",
                kernels.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(List.of(run.errLines()).contains("regtune: note: skipping a folder that cannot be listed: "
                + "cannot list folder '" + locked() + "': permission denied"), run.err());
        assertTrue(run.out().contains("2 functions in 1 files"), run.out());
    }

    /** Any user: the corpus's transpose.ptx is a link to a file nobody can read. */
    @Test
    void fidelityOfACorpusLeavesOutAFileThatFailsToReadAndComparesTheOthers() throws Exception {
        Path mem = Path.of("/proc/self/mem");
        Assumptions.assumeTrue(Files.isRegularFile(mem), "no /proc/self/mem to make an unreadable file with");
        Path corpus = corpus();
        Path transpose = corpus.resolve("ptx/transpose.ptx");
        Files.delete(transpose);
        Files.createSymbolicLink(transpose, mem);
        Path report = dir.resolve("report");
        assertFidelityLeavesOut(corpus, "input/output error", "--report-dir", report.toString());
        List<String> statuses = Files.readAllLines(report.resolve("kernels.csv"), StandardCharsets.UTF_8).stream()
                .skip(1).map(l -> l.split(",")[3] + " " + l.split(",")[9]).sorted().toList();
        assertEquals(List.of("saxpy OK", "transpose_tiled IO_ERROR", "vec_add_relu_f4 OK"), statuses);
    }

    /** As a user {@code chmod 000} keeps out: the case the issue names. */
    @Test
    void fidelityOfACorpusLeavesOutAnUnreadableFileAndComparesTheOthers() throws Exception {
        Path corpus = corpus();
        Path transpose = corpus.resolve("ptx/transpose.ptx");
        Files.setPosixFilePermissions(transpose, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(transpose),
                "chmod 000 does not keep this user (root?) from reading; the unreadable case cannot be made");
        assertFidelityLeavesOut(corpus, "permission denied");
    }

    private void assertFidelityLeavesOut(Path corpus, String reason, String... more) {
        List<String> args = new ArrayList<>(List.of("fidelity", "--corpus", corpus.toString(), "--arch", "sm_90",
                "--budgets", "0", "--allocator", "fatpoint"));
        args.addAll(List.of(more));
        Cli.Run run = Cli.run(args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.err());
        List<String> notes = List.of(run.errLines()).stream().filter(l -> l.startsWith("regtune: note: left out"))
                .toList();
        assertEquals(List.of("regtune: note: left out a file that cannot be read: cannot read 'transpose.ptx': "
                + reason), notes, run.err());
        assertTrue(run.out().contains("2 pairs compared"), "elementwise's two entries: " + run.out());
    }

    /**
     * A corpus in corpus-real's layout (ptx/, manifest.csv, ptxas.csv) of two bundled kernels files,
     * elementwise.ptx (saxpy, vec_add_relu_f4) and transpose.ptx (transpose_tiled), with ptxas
     * 13.0.88's sm_90 figures without a budget from the bundled corpus's reference.
     */
    private Path corpus() throws IOException {
        Path bundled = SweepFixtures.CORPUS_SM90;
        Assumptions.assumeTrue(Files.isDirectory(bundled), "the bundled corpus is not present");
        Path corpus = Files.createDirectories(dir.resolve("corpus"));
        Files.createDirectories(corpus.resolve("ptx"));
        Files.copy(bundled.resolve("elementwise.ptx"), corpus.resolve("ptx/elementwise.ptx"));
        Files.copy(bundled.resolve("transpose.ptx"), corpus.resolve("ptx/transpose.ptx"));
        List<String> manifest = new ArrayList<>(List.of(
                "file,repo,commit,path,entry,ptx_instructions,declared_vregs,rewrote_header,generator,kind"));
        List<String> ptxas = new ArrayList<>(List.of("file,entry,arch,maxrregcount,regs,spill_store_bytes,"
                + "spill_load_bytes,stack_frame_bytes,compile_ms"));
        Path reference = Path.of("../datasets/corpus/ptxas-reference.csv");
        for (String line : Files.readAllLines(reference, StandardCharsets.UTF_8)) {
            String[] c = line.split(",");
            if (c.length < 9 || !c[3].equals("sm_90") || !c[4].equals("0")
                    || !c[0].matches("datasets/corpus/ptx/sm_90/(elementwise|transpose)\\.ptx")) {
                continue;
            }
            String file = Path.of(c[0]).getFileName().toString();
            manifest.add(file + ",regtune/corpus,0000000,datasets/corpus/ptx/sm_90/" + file + "," + c[1]
                    + ",10,10,no,hand,plain");
            ptxas.add(file + "," + c[1] + ",sm_90,0," + c[5] + "," + c[6] + "," + c[7] + "," + c[8] + ",1.0");
        }
        assertEquals(4, manifest.size(), "saxpy, vec_add_relu_f4 and transpose_tiled: " + manifest);
        Files.write(corpus.resolve("manifest.csv"), manifest, StandardCharsets.UTF_8);
        Files.write(corpus.resolve("ptxas.csv"), ptxas, StandardCharsets.UTF_8);
        return corpus;
    }
}
