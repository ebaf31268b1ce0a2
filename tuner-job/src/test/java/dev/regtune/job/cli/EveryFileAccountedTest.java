package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 16's "bad input never costs good work" cases for the commands that take folders: a binary
 * file, a file cut before its first entry, one cut mid-entry and an unreadable one each give a row,
 * a run-record entry or one sentence naming the file, and every good file still gives its results.
 * The unreadable cases need a user that {@code chmod 000} keeps out (not root): they skip as root,
 * except the one that makes a file unreadable by removing it, which runs everywhere.
 */
class EveryFileAccountedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static SparkSessions.Session session;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSpark() {
        session = SparkSessions.session("every file accounted", Optional.of("local[2]"));
    }

    @AfterAll
    static void stopSpark() {
        session.close();
    }

    private static SparkSession spark() {
        return session.spark();
    }

    /** elementwise.ptx (2 good entries), a binary file, a file cut before its first entry, one cut mid-entry. */
    private Path brokenFolder() throws IOException {
        Path corpus = SweepFixtures.CORPUS_SM90;
        Assumptions.assumeTrue(Files.isDirectory(corpus), "the bundled corpus is not present");
        Path folder = Files.createDirectories(dir.resolve("kernels/sm_90"));
        Files.copy(corpus.resolve("elementwise.ptx"), folder.resolve("elementwise.ptx"));
        byte[] binary = new byte[512];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 37 + 11);
        }
        Files.write(folder.resolve("garbage.ptx"), binary);
        String fma = Files.readString(corpus.resolve("fma_chain.ptx"), StandardCharsets.US_ASCII);
        Files.writeString(folder.resolve("before.ptx"), fma.substring(0, fma.indexOf(".entry") - 40),
                StandardCharsets.US_ASCII);
        int second = fma.indexOf(".entry", fma.indexOf(".entry") + 1);
        Files.writeString(folder.resolve("cut.ptx"), fma.substring(0, second + 400), StandardCharsets.US_ASCII);
        return folder.getParent();
    }

    /** Makes {@code file} unreadable, or skips the test where that is impossible (running as root). */
    private static void denyReading(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        Assumptions.assumeFalse(Files.isReadable(file),
                "chmod 000 does not keep this user (root?) from reading; the unreadable case cannot be made");
    }

    private Cli.Run sweep(Path kernels, Path out) {
        return Cli.run("sweep", "--kernels", kernels.toString(), "--space", SweepFixtures.tinySpace(dir).toString(),
                "--sampler", "random", "-n", "1", "--seed", "1", "--out", out.toString(), "--run-id", "bad");
    }

    /** (file name, entry, status) of every row, sorted, with the message of the non-OK ones checked. */
    private static List<String> rows(Path out) {
        List<String> lines = new ArrayList<>();
        for (Row r : spark().read().parquet(out.resolve("results").toString())
                .select(ResultColumns.SOURCE, ResultColumns.KERNEL_NAME, ResultColumns.STATUS, ResultColumns.MESSAGE)
                .collectAsList()) {
            String file = Path.of(r.getString(0)).getFileName().toString();
            if (!r.getString(2).equals("OK")) {
                assertTrue(r.getString(3).contains(file + ":"), "the message names the file and line: " + r);
            }
            lines.add(file + " " + r.getString(1) + " " + r.getString(2));
        }
        return lines.stream().sorted().toList();
    }

    @Test
    void aSweepGivesARowForEveryBrokenFileAndKeepsTheGoodOnes() throws Exception {
        Path kernels = brokenFolder();
        Path out = dir.resolve("out");
        Cli.Run run = sweep(kernels, out);
        assertEquals(0, run.exit(), run.err());
        assertEquals(List.of(
                "before.ptx  PARSE_ERROR", // no entry can be read: one row, the entry name empty
                "cut.ptx fma_chain_ilp128 PARSE_ERROR", // the entry that was cut
                "cut.ptx fma_chain_ilp32 PARSE_ERROR", // the complete entry of a module that does not parse
                "elementwise.ptx saxpy OK",
                "elementwise.ptx vec_add_relu_f4 OK",
                "garbage.ptx  PARSE_ERROR"), rows(out));
    }

    @Test
    void aSweepNotesAndRecordsAnUnreadableFileAndSweepsTheOthers() throws Exception {
        Path kernels = brokenFolder();
        Path secret = kernels.resolve("sm_90/secret.ptx");
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("transpose.ptx"), secret);
        denyReading(secret);
        Path out = dir.resolve("out");
        Cli.Run run = sweep(kernels, out);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("regtune: note: 1 PTX file could not be read (cannot read '" + secret
                + "': permission denied); it has no rows"), run.err());
        assertEquals(6, rows(out).size(), "every other file's rows");
        JsonNode files = JSON.readTree(out.resolve("runs/bad.json").toFile()).path("kernels").path("unreadable_files");
        assertEquals(1, files.size(), files.toString());
        assertEquals(secret.toString(), files.get(0).path("file").asText());
        assertEquals("permission denied", files.get(0).path("reason").asText());
    }

    /** A manifest row whose PTX file is gone: runs as any user. */
    @Test
    void aSweepOfAManifestNotesAndRecordsAMissingFile() throws Exception {
        Path corpus = Path.of("../datasets/corpus").toAbsolutePath().normalize();
        Path manifest = corpus.resolve("manifest.csv");
        Assumptions.assumeTrue(Files.isRegularFile(manifest), "the bundled corpus is not present");
        List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        List<String> kept = new ArrayList<>(List.of(lines.get(0)));
        for (String line : lines) {
            if (line.contains(",datasets/corpus/ptx/sm_90/elementwise.ptx,")) {
                kept.add(line.replace(",datasets/corpus/", "," + corpus + "/"));
            }
        }
        assertEquals(3, kept.size(), "the header and elementwise's two entries");
        Path gone = dir.resolve("gone/sm_90/transpose.ptx");
        String transpose = lines.stream().filter(l -> l.contains(",datasets/corpus/ptx/sm_90/transpose.ptx,"))
                .findFirst().orElseThrow();
        kept.add(transpose.replace(",datasets/corpus/ptx/sm_90/transpose.ptx,", "," + gone + ","));
        Path small = dir.resolve("manifest.csv");
        Files.write(small, kept, StandardCharsets.UTF_8);

        Path out = dir.resolve("out");
        Cli.Run run = sweep(small, out);
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().contains("(cannot read '" + gone + "': no such file or folder); it has no rows"),
                run.err());
        assertEquals(List.of("elementwise.ptx saxpy OK", "elementwise.ptx vec_add_relu_f4 OK"), rows(out));
        JsonNode record = JSON.readTree(out.resolve("runs/bad.json").toFile());
        assertEquals(2, record.path("kernels").path("count").asInt());
        assertEquals(gone.toString(), record.path("kernels").path("unreadable_files").get(0).path("file").asText());
    }

    @Test
    void fidelityLeavesOutAnUnreadableFileWithOneSentenceAndComparesTheOthers() throws Exception {
        Path kernels = brokenFolder();
        Path secret = kernels.resolve("sm_90/secret.ptx");
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("transpose.ptx"), secret);
        denyReading(secret);
        Path reference = ElementwiseReference.write(kernels, dir);
        Cli.Run run = Cli.run("fidelity", "--reference", reference.toString(), "--arch", "sm_90",
                "--budgets", "0", "--allocator", "fatpoint", kernels.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("2 pairs compared"), run.out());
        assertTrue(List.of(run.errLines()).contains("regtune: note: left out a file that cannot be read: cannot read '"
                + secret + "': permission denied"), run.err());
        assertEquals(4, List.of(run.errLines()).stream().filter(l -> l.startsWith("regtune: note: left out a file"))
                .count(), "the binary file, the two cut ones and the unreadable one: " + run.err());
    }

    @Test
    void fidelityLeavesOutBrokenFilesWithOneSentenceEachAndComparesTheOthers() throws Exception {
        Path kernels = brokenFolder();
        Path reference = ElementwiseReference.write(kernels, dir);
        Cli.Run run = Cli.run("fidelity", "--reference", reference.toString(), "--arch", "sm_90",
                "--budgets", "0", "--allocator", "fatpoint", kernels.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("2 pairs compared"), run.out());
        Map<String, String> notes = new TreeMap<>();
        for (String line : run.errLines()) {
            if (line.startsWith("regtune: note: left out a file that does not parse: ")) {
                String where = line.substring("regtune: note: left out a file that does not parse: ".length());
                notes.put(Path.of(where.substring(0, where.indexOf(':'))).getFileName().toString(), where);
            }
        }
        assertEquals(List.of("before.ptx", "cut.ptx", "garbage.ptx"), List.copyOf(notes.keySet()), run.err());
    }

    @Test
    void allocateReportsAnUnreadableFileAsIoErrorAndAllocatesTheOthers() throws Exception {
        Path kernels = brokenFolder();
        Path secret = kernels.resolve("sm_90/secret.ptx");
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("transpose.ptx"), secret);
        denyReading(secret);
        Cli.Run run = Cli.run("allocate", "--format", "json", kernels.toString());
        assertEquals(1, run.exit(), "a file gave PARSE_ERROR or IO_ERROR: " + run.err());
        Map<String, String> statusByFile = new TreeMap<>();
        for (JsonNode o : JSON.readTree(run.out())) {
            statusByFile.merge(Path.of(o.path("file").asText()).getFileName().toString(), o.path("status").asText(),
                    (a, b) -> a + "," + b);
            if (o.path("status").asText().equals("IO_ERROR")) {
                assertEquals("cannot read '" + secret + "': permission denied", o.path("message").asText());
            }
        }
        assertEquals(Map.of("before.ptx", "PARSE_ERROR", "cut.ptx", "PARSE_ERROR", "elementwise.ptx", "OK,OK",
                "garbage.ptx", "PARSE_ERROR", "secret.ptx", "IO_ERROR"), statusByFile);
    }

    @Test
    void benchSkipsAnUnreadableFileWithOneSentenceAsItSkipsOneThatDoesNotParse() throws Exception {
        Path kernels = brokenFolder();
        Path secret = kernels.resolve("sm_90/secret.ptx");
        Files.copy(SweepFixtures.CORPUS_SM90.resolve("transpose.ptx"), secret);
        denyReading(secret);
        Cli.Run run = Cli.run("bench", "--allocator", "fatpoint", "--warmup-seconds", "0", "--seconds", "0",
                kernels.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(List.of(run.errLines()).contains("regtune: note: skipping a file that cannot be read: cannot read '"
                + secret + "': permission denied"), run.err());
        assertTrue(run.out().contains("2 functions in 1 files"), run.out());
    }
}
