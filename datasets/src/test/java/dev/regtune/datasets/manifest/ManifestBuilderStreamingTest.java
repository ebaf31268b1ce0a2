package dev.regtune.datasets.manifest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.datasets.PtxFileText;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ManifestBuilder} parses a file through the parser's stream and identifies its entries a page
 * at a time: the bundled corpus's manifest comes out byte for byte as committed (which the whole-text
 * builder wrote), whether files are read whole or paged; a file several times the heap is built in a
 * JVM of {@code -Xmx24m}; bad files are still one sentence naming file, line and what was expected.
 */
class ManifestBuilderStreamingTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static final Path CORPUS = REPO.resolve("datasets/corpus");

    @TempDir
    Path dir;

    /** ptxas as the committed manifest recorded it: its figures by file, arch, budget and entry. */
    private static final class RecordedPtxas implements PtxasProbe {
        private final Map<String, Map<String, PtxasFigures>> figures = new HashMap<>();

        RecordedPtxas() throws IOException {
            try (Stream<ManifestRow> s = Manifest.load(CORPUS.resolve("manifest.csv")).rows()) {
                s.forEach(r -> {
                    for (int b : Manifest.BUDGETS) {
                        r.atBudget(b).ifPresent(f -> figures.computeIfAbsent(key(REPO.resolve(r.file()), r.arch(), b),
                                k -> new HashMap<>()).put(r.entry(), f));
                    }
                });
            }
        }

        private static String key(Path file, String arch, int budget) {
            return file.toAbsolutePath().normalize() + " " + arch + " " + budget;
        }

        @Override
        public String version() {
            return "13.0.88";
        }

        @Override
        public Map<String, PtxasFigures> measure(Path file, String arch, int budget, List<String> entries,
                Consumer<String> notes) {
            return figures.getOrDefault(key(file, arch, budget), Map.of());
        }
    }

    /** A probe that measures nothing (every row without figures). */
    private static final class NoPtxas implements PtxasProbe {
        @Override
        public String version() {
            return "0";
        }

        @Override
        public Map<String, PtxasFigures> measure(Path file, String arch, int budget, List<String> entries,
                Consumer<String> notes) {
            return Map.of();
        }
    }

    private static String build(ManifestBuilder builder, Path corpus, Path root) throws IOException {
        StringWriter out = new StringWriter();
        try (ManifestWriter w = new ManifestWriter(out)) {
            builder.build(corpus, root, w);
        }
        return out.toString();
    }

    @Test
    void theBundledCorpusGivesTheCommittedManifestByteForByteWholeOrPaged() throws Exception {
        String committed = Files.readString(CORPUS.resolve("manifest.csv"), StandardCharsets.UTF_8);
        List<String> notes = new ArrayList<>();
        assertEquals(committed, build(new ManifestBuilder(new RecordedPtxas(), 2, notes::add), CORPUS, REPO));
        assertEquals(committed, build(new ManifestBuilder(new RecordedPtxas(), 2, notes::add, 0), CORPUS, REPO));
    }

    @Test
    void aFileOutsideAnArchFolderTakesItsTargetPagedAsWhole() throws Exception {
        Path loose = dir.resolve("corpus/ptx/loose");
        Files.createDirectories(loose);
        Files.copy(CORPUS.resolve("ptx/sm_90/fft.ptx"), loose.resolve("fft.ptx"));
        Files.writeString(loose.resolve("none.ptx"), "// no target\n");
        List<String> whole = new ArrayList<>();
        List<String> paged = new ArrayList<>();
        String a = build(new ManifestBuilder(new NoPtxas(), 1, whole::add), dir.resolve("corpus"), dir);
        String b = build(new ManifestBuilder(new NoPtxas(), 1, paged::add, 0), dir.resolve("corpus"), dir);
        assertEquals(a, b);
        assertEquals(whole, paged);
        assertTrue(a.contains(",corpus/ptx/loose/fft.ptx,fft_radix4_stage,sm_90,fft,"), a);
        assertEquals(List.of("left out corpus/ptx/loose/none.ptx: neither its folder nor a .target directive "
                + "names an architecture"), paged);
    }

    @Test
    void binaryAndTruncatedFilesAreOneSentenceNamingFileLineAndExpectation() throws Exception {
        byte[] all = Files.readAllBytes(CORPUS.resolve("ptx/sm_90/elementwise.ptx"));
        byte[] binary = new byte[5000];
        new Random(15).nextBytes(binary);
        Map<String, byte[]> bad = Map.of("truncated", java.util.Arrays.copyOf(all, all.length * 2 / 3),
                "binary", binary);
        for (Map.Entry<String, byte[]> e : bad.entrySet()) {
            Path corpus = dir.resolve(e.getKey());
            Files.createDirectories(corpus.resolve("ptx/sm_90"));
            Files.write(corpus.resolve("ptx/sm_90/k.ptx"), e.getValue());
            for (long wholeUpTo : new long[] {PtxFileText.WHOLE_UP_TO, 0}) {
                PtxParseException x = assertThrows(PtxParseException.class,
                        () -> build(new ManifestBuilder(new NoPtxas(), 1, s -> { }, wholeUpTo), corpus, dir));
                String m = x.getMessage();
                // The message of a whole-text parse, naming the file as the builder names it.
                PtxParseException expected = assertThrows(PtxParseException.class,
                        () -> dev.regtune.core.ptx.PtxParser.parse(
                                dev.regtune.core.ptx.PtxParser.decode(e.getValue()), e.getKey() + "/ptx/sm_90/k.ptx"));
                assertEquals(expected.getMessage(), m);
                assertTrue(m.startsWith(e.getKey() + "/ptx/sm_90/k.ptx:"), m);
                assertFalse(m.contains("\n"), m);
            }
        }
    }

    /**
     * Writes a corpus whose one PTX file is a table initializer of {@code bytes} and one kernel, the
     * shape of the README's 348.6 MB file.
     */
    static Path bigCorpus(Path dir, long bytes) throws IOException {
        Path folder = dir.resolve("big/ptx/sm_90");
        Files.createDirectories(folder);
        String kernel = Files.readString(CORPUS.resolve("ptx/sm_90/elementwise.ptx"), StandardCharsets.US_ASCII);
        int body = kernel.indexOf(".visible");
        try (Writer w = Files.newBufferedWriter(folder.resolve("big.ptx"), StandardCharsets.US_ASCII)) {
            w.write(kernel.substring(0, body));
            w.write(".global .align 4 .u32 table[] = {");
            String words = "1234567, 7654321, 1111111, 2222222, 3333333, 4444444, 5555555, 6666666,\n";
            for (long n = 0; n < bytes; n += words.length()) {
                w.write(words);
            }
            w.write("0};\n");
            w.write(kernel.substring(body));
        }
        return dir.resolve("big");
    }

    /** Builds the manifest of the corpus in args[0] with files read whole up to args[1] bytes; prints it. */
    public static void main(String[] args) throws IOException {
        Path corpus = Path.of(args[0]);
        System.out.print(build(new ManifestBuilder(new NoPtxas(), 1, System.err::println, Long.parseLong(args[1])),
                corpus, corpus));
    }

    @Test
    void aFileSeveralTimesTheHeapIsBuiltUnderXmx24m() throws Exception {
        Path corpus = bigCorpus(dir, 96L << 20);
        assertTrue(Files.size(corpus.resolve("ptx/sm_90/big.ptx")) > 96L << 20);
        String paged = fork(corpus, PtxFileText.WHOLE_UP_TO);
        assertTrue(paged.startsWith("0\n"), paged);
        assertTrue(paged.contains(",ptx/sm_90/big.ptx,saxpy,sm_90,big,"), paged);
        assertTrue(paged.contains(",ptx/sm_90/big.ptx,vec_add_relu_f4,sm_90,big,"), paged);
        // The same file read whole for its ids (as the builder read every file before) needs the heap it
        // does not have.
        String whole = fork(corpus, Long.MAX_VALUE);
        assertTrue(whole.contains("OutOfMemoryError"), whole);
    }

    private String fork(Path corpus, long wholeUpTo) throws Exception {
        Path log = dir.resolve("fork.log");
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx24m",
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                getClass().getName(), corpus.toString(), Long.toString(wholeUpTo));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the forked build finished");
        return p.exitValue() + "\n" + Files.readString(log);
    }
}
