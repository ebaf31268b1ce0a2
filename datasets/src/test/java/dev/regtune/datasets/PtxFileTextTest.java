package dev.regtune.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ptx.PtxParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file's text read a page at a time gives {@link PtxEntries} and {@link KernelId} exactly what the
 * whole text gives: entries, the entry cut short, the {@code .target}, every id.
 */
class PtxFileTextTest {
    private static final Path CORPUS = Path.of("corpus/ptx");

    @TempDir
    Path dir;

    /** Everything a loader takes from a module's text, as a string to compare. */
    private static String facts(CharSequence text) {
        String arch = PtxEntries.target(text).orElse("");
        StringBuilder b = new StringBuilder("target " + arch + "\n");
        for (PtxEntries.Entry e : PtxEntries.scan(text)) {
            b.append(e).append(' ').append(e.id(arch, text)).append('\n');
        }
        PtxEntries.unclosed(text).ifPresent(e -> b.append("unclosed ").append(e).append(' ')
                .append(e.id(arch, text)).append('\n'));
        b.append("whole ").append(KernelId.of(arch, text, 0, text.length()));
        return b.toString();
    }

    /** The facts of the whole text, computed as the loaders did before pages: from Strings. */
    private static String factsOfTheWholeText(String text) {
        String arch = PtxEntries.target(text).orElse("");
        StringBuilder b = new StringBuilder("target " + arch + "\n");
        for (PtxEntries.Entry e : PtxEntries.scan(text)) {
            b.append(e).append(' ').append(KernelId.of(arch, e.text(text))).append('\n');
        }
        PtxEntries.unclosed(text).ifPresent(e -> b.append("unclosed ").append(e).append(' ')
                .append(KernelId.of(arch, e.text(text))).append('\n'));
        b.append("whole ").append(KernelId.of(arch, text));
        return b.toString();
    }

    private void assertPagesAgree(Path file, int... pages) throws IOException {
        String expected = factsOfTheWholeText(PtxParser.decode(Files.readAllBytes(file)));
        for (int page : pages) {
            try (PtxFileText t = PtxFileText.open(file, 0, page)) {
                assertTrue(t.paged() || Files.size(file) == 0, file.toString());
                assertEquals(expected, t.scan(PtxFileTextTest::facts), file + " in pages of " + page);
            }
        }
        try (PtxFileText t = PtxFileText.open(file)) {
            assertEquals(expected, t.scan(PtxFileTextTest::facts), file + " read whole");
        }
    }

    private static List<Path> corpusFiles() throws IOException {
        try (Stream<Path> s = PtxFileWalk.of(CORPUS)) {
            return s.toList();
        }
    }

    @Test
    void everyCorpusFileGivesTheSameEntriesAndIdsInPagesAsWhole() throws Exception {
        List<Path> files = corpusFiles();
        assertTrue(files.size() > 40, files.size() + " files");
        for (Path f : files) {
            assertPagesAgree(f, 4096, PtxFileText.PAGE);
        }
    }

    @Test
    void tinyPagesCrlfLineEndingsAndLatin1BytesGiveTheSameIds() throws Exception {
        for (Path f : corpusFiles().subList(0, 6)) {
            Path crlf = dir.resolve("crlf-" + f.getFileName());
            Files.writeString(crlf, Files.readString(f).replace("\n", "\r\n"));
            assertPagesAgree(crlf, 1, 7, 64);
            // A lone '\r' and bytes above 0x7f (two UTF-8 bytes each in the id's hash).
            Path odd = dir.resolve("odd-" + f.getFileName());
            byte[] b = Files.readAllBytes(f);
            for (int i = 50; i < b.length; i += 97) {
                b[i] = (byte) (i % 3 == 0 ? '\r' : 0xa0 + i % 0x50);
            }
            Files.write(odd, b);
            assertPagesAgree(odd, 3, 61);
        }
    }

    @Test
    void truncatedAndBinaryFilesGiveTheSameAnswersAsTheirWholeText() throws Exception {
        Path f = CORPUS.resolve("sm_90/elementwise.ptx");
        byte[] all = Files.readAllBytes(f);
        for (int cut = 0; cut < all.length; cut += Math.max(1, all.length / 97)) {
            Path t = dir.resolve("cut.ptx");
            Files.write(t, java.util.Arrays.copyOf(all, cut));
            assertPagesAgree(t, 5, 256);
        }
        Random r = new Random(15);
        for (int n : new int[] {1, 100, 70_000}) {
            byte[] bin = new byte[n];
            r.nextBytes(bin);
            Path b = dir.resolve("binary-" + n + ".ptx");
            Files.write(b, bin);
            assertPagesAgree(b, 3, 4096);
        }
    }

    @Test
    void aFileLargerThanTheWholeReadLimitIsPagedAndNeverCopiedWhole() throws Exception {
        // A corpus module, then a table initializer longer than the limit, then the module's entries again.
        String module = Files.readString(CORPUS.resolve("sm_90/fft.ptx"), StandardCharsets.US_ASCII);
        StringBuilder b = new StringBuilder(module).append("\n.global .align 4 .u32 table[] = {");
        while (b.length() < PtxFileText.WHOLE_UP_TO + 100_000) {
            b.append("12345, 67890, ");
        }
        b.append("0};\n").append(module.substring(module.indexOf(".visible")));
        Path big = dir.resolve("big.ptx");
        Files.writeString(big, b, StandardCharsets.US_ASCII);
        try (PtxFileText t = PtxFileText.open(big)) {
            assertTrue(t.paged());
            assertFalse(t.text() instanceof String);
            assertEquals(factsOfTheWholeText(b.toString()), t.scan(PtxFileTextTest::facts));
            List<String> names = new ArrayList<>();
            t.scan(PtxEntries::scan).forEach(e -> names.add(e.name()));
            assertEquals(2 * PtxEntries.scan(module).size(), names.size(), names.toString());
        }
    }

    @Test
    void aFileCutShortWhileOpenIsAnIoErrorAndASmallFileReadsAsBefore() throws Exception {
        Path f = dir.resolve("shrinks.ptx");
        Files.writeString(f, ".version 9.0\n.target sm_90\n" + "// comment\n".repeat(1000));
        try (PtxFileText t = PtxFileText.open(f, 0, 64)) {
            Files.writeString(f, ".version 9.0\n");
            IOException e = assertThrows(IOException.class, () -> t.scan(PtxEntries::scan));
            assertTrue(e.getMessage().startsWith("the file ended at byte "), e.getMessage());
        }
        try (PtxFileText t = PtxFileText.open(f)) {
            assertInstanceOf(String.class, t.text());
        }
        assertThrows(IOException.class, () -> PtxFileText.open(dir.resolve("none.ptx")));
        assertThrows(IOException.class, () -> PtxFileText.open(dir, 0));
    }
}
