package dev.regtune.datasets.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.regtune.core.ptx.PtxParser;
import dev.regtune.datasets.KernelId;
import dev.regtune.datasets.PtxEntries;
import dev.regtune.datasets.PtxFileText;
import dev.regtune.datasets.PtxFileWalk;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A PTX folder's files larger than {@link PtxFileText#WHOLE_UP_TO} are scanned a page at a time and
 * their records name the file ({@link PtxText.OnDisk}) instead of holding its text; their records
 * are the ones the whole text gave (ids, entries, architecture, the entry cut short, the record of a
 * file without entries), and the text read from the record is the file's.
 */
class PtxFolderPagedTest {
    private static final Path CORPUS = Path.of("corpus/ptx");

    @TempDir
    Path dir;

    /** What the source gave before files were paged: the whole text through PtxEntries and KernelId. */
    private static List<String> recordsOfTheWholeText(Path folder) throws Exception {
        List<String> out = new ArrayList<>();
        try (Stream<Path> files = PtxFileWalk.of(folder)) {
            for (Path file : files.toList()) {
                String text = PtxParser.decode(Files.readAllBytes(file));
                String arch = PtxFileWalk.archOfFolder(file).or(() -> PtxEntries.target(text)).orElse("");
                int before = out.size();
                for (PtxEntries.Entry e : PtxEntries.scan(text)) {
                    out.add(line(KernelId.of(arch, e.text(text)), e.name(), file, arch));
                }
                PtxEntries.unclosed(text).ifPresent(e -> out.add(line(KernelId.of(arch, e.text(text)), e.name(), file,
                        arch)));
                if (out.size() == before) {
                    out.add(line(KernelId.of(arch, text), KernelRecord.NO_ENTRY, file, arch));
                }
            }
        }
        return out;
    }

    private static String line(String id, String entry, Path file, String arch) {
        return id + " " + entry + " " + file + " " + PtxFileWalk.baseName(file) + " " + arch;
    }

    private static List<KernelRecord> records(KernelSource source) {
        try (Stream<KernelRecord> s = source.records()) {
            return s.toList();
        }
    }

    private static List<String> lines(List<KernelRecord> records) {
        return records.stream().map(r -> line(r.id(), r.entry(), Path.of(r.origin()), r.arch())
                .replace(" " + PtxFileWalk.baseName(Path.of(r.origin())) + " ", " " + r.family() + " ")).toList();
    }

    @Test
    void theCorpusGivesTheSameRecordsPagedAsWholeAndTheTextReadBackIsTheFile() throws Exception {
        List<String> expected = recordsOfTheWholeText(CORPUS);
        List<KernelRecord> whole = records(new PtxFolderSource(CORPUS));
        List<KernelRecord> paged = records(new PtxFolderSource(CORPUS, 0));
        assertEquals(expected, lines(whole));
        assertEquals(expected, lines(paged));
        for (int i = 0; i < paged.size(); i++) {
            KernelRecord p = paged.get(i);
            assertEquals(new PtxText.OnDisk(p.origin()), p.ptx());
            assertEquals(whole.get(i).ptxText(), p.ptxText(), p.origin());
        }
    }

    @Test
    void binaryTruncatedAndCrlfFilesGiveTheSameRecordsPagedAsWhole() throws Exception {
        Path folder = dir.resolve("odd");
        Files.createDirectories(folder);
        byte[] all = Files.readAllBytes(CORPUS.resolve("sm_90/fft.ptx"));
        byte[] binary = new byte[3000];
        new Random(15).nextBytes(binary);
        Files.write(folder.resolve("binary.ptx"), binary);
        Files.write(folder.resolve("cut_mid.ptx"), java.util.Arrays.copyOf(all, all.length * 2 / 3));
        Files.write(folder.resolve("cut_before.ptx"), java.util.Arrays.copyOf(all, 400));
        Files.writeString(folder.resolve("crlf.ptx"), new String(all, StandardCharsets.US_ASCII).replace("\n", "\r\n"));
        List<String> expected = recordsOfTheWholeText(folder);
        assertEquals(expected, lines(records(new PtxFolderSource(folder))));
        assertEquals(expected, lines(records(new PtxFolderSource(folder, 0))));
        assertTrue(expected.stream().anyMatch(l -> l.contains(" " + KernelRecord.NO_ENTRY + " ")), expected.toString());
    }

    @Test
    void anUnreadableFileIsOneSentenceNamingItPagedOrWhole() throws Exception {
        Path folder = dir.resolve("locked");
        Files.createDirectories(folder);
        Path f = folder.resolve("k.ptx");
        Files.copy(CORPUS.resolve("sm_90/fft.ptx"), f);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        assumeFalse(Files.isReadable(f), "root reads every file");
        for (long wholeUpTo : new long[] {PtxFileText.WHOLE_UP_TO, 0}) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class,
                    () -> records(new PtxFolderSource(folder, wholeUpTo)));
            assertEquals("cannot read PTX file '" + f + "': " + f, e.getMessage());
        }
    }

    /** A folder {@code big/sm_90/big.ptx}: a corpus module, then a table initializer of {@code bytes}. */
    private Path bigFolder(long bytes) throws Exception {
        Path folder = dir.resolve("big/sm_90");
        Files.createDirectories(folder);
        String module = Files.readString(CORPUS.resolve("sm_90/fft.ptx"), StandardCharsets.US_ASCII);
        Path big = folder.resolve("big.ptx");
        try (Writer w = Files.newBufferedWriter(big, StandardCharsets.US_ASCII)) {
            w.write(module);
            w.write("\n.global .align 4 .u32 table[] = {");
            String words = "1234567, 7654321, 1111111, 2222222, 3333333, 4444444, 5555555, 6666666,\n";
            for (long n = 0; n <= bytes; n += words.length()) {
                w.write(words);
            }
            w.write("0};\n");
        }
        return big;
    }

    @Test
    void aFileLargerThanTheWholeReadLimitIsNotHeldByItsRecords() throws Exception {
        Path big = bigFolder(PtxFileText.WHOLE_UP_TO);
        List<KernelRecord> records = records(KernelSource.folder(dir.resolve("big")));
        assertEquals(recordsOfTheWholeText(dir.resolve("big")), lines(records));
        for (KernelRecord r : records) {
            assertInstanceOf(PtxText.OnDisk.class, r.ptx());
        }
        assertEquals(Files.readString(big, StandardCharsets.ISO_8859_1), records.get(0).ptxText());
    }

    /** Prints the records of the folder in args[0], one line each. */
    public static void main(String[] args) {
        lines(records(KernelSource.folder(Path.of(args[0])))).forEach(System.out::println);
    }

    @Test
    void aFolderWithAFileSeveralTimesTheHeapIsListedUnderXmx24m() throws Exception {
        bigFolder(96L << 20);
        Path log = dir.resolve("fork.log");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                getClass().getName(), dir.resolve("big").toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the forked listing finished");
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertEquals(String.join("\n", recordsOfTheWholeText(dir.resolve("big"))) + "\n", out);
    }
}
