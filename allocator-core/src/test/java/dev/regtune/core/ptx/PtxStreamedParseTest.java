package dev.regtune.core.ptx;

import static dev.regtune.core.ptx.PtxTestSupport.HEADER;
import static dev.regtune.core.ptx.PtxTestSupport.entryText;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.testing.CorpusReal;

/**
 * A file parsed through {@link PtxParser#parse(Path)}, which streams it through a window, gives
 * the module a parse of its whole bytes gives, and the same error message, whatever the window's
 * size and however the stream splits its reads: statements, comments, numbers, strings and long
 * names cut at every position, truncated and binary files, and every corpus file.
 */
class PtxStreamedParseTest {
    /** Window sizes: the smallest the lexer takes, a few odd ones, and the one files use. */
    private static final int[] WINDOWS = {8, 13, 61, PtxParser.STREAM_WINDOW};

    /**
     * One module with the constructs a window's edge can cut: long comments, a line continuation,
     * float and exponent literals, {@code ::} modifiers, a string, shift operators read through
     * the char after a token, labels, guards, and a name longer than the small windows.
     */
    private static final String SPLITTABLE = HEADER
            + "/* a block comment\n   over two lines */ // and a line comment\n"
            + ".global .align 4 .u32 g_table[4] = {1 << 3, 64 >> 2, 0x10, 7};\n"
            + ".visible .entry k(.param .u64 k_param_0)\n{\n"
            + "\t.reg .pred %p<4>;\n\t.reg .b32 %r<16>;\n\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<8>;\n"
            + "\t.reg .b32 %a_register_name_longer_than_the_smallest_windows_by_far;\n"
            + "\tld.param.u64 %rd1, [k_param_0];\n"
            + "\tmov.u32 %r1, %tid.x; // trailing\n"
            + "\tmov.f32 %f1, 0f3F800000;\n\tmov.f32 %f2, 1.5e+3;\n"
            + "\tmov.u32 %a_register_name_longer_than_the_smallest_windows_by_far, 12345678;\n"
            + "\tsetp.lt.u32 %p1, %r1, 0x20;\n"
            + "\t@%p1 bra $L__BB0_2;\n"
            + "\tadd.s32 %r2, %r1, \\\n\t\t%a_register_name_longer_than_the_smallest_windows_by_far;\n"
            + "\tst.global.L1::no_allocate.u32 [%rd1], %r2;\n"
            + "$L__BB0_2:\n"
            + "\tadd.f32 %f3, %f1, %f2;\n\tst.global.f32 [%rd1+4], %f3;\n"
            + "\tret;\n}\n";

    @Test
    void aModuleCutAtEveryPositionParsesAsTheWholeText() throws IOException {
        PtxModule whole = PtxParser.parse(bytes(SPLITTABLE), "m.ptx");
        assertEquals(1, whole.functions().size());
        for (int window = 8; window <= 96; window++) {
            assertEquals(whole, PtxParser.parse(new ByteArrayInputStream(bytes(SPLITTABLE)), "m.ptx", window),
                    "window " + window);
        }
        // Reads of every length from 1 to 9 bytes put every read boundary on every position.
        for (int chunk = 1; chunk <= 9; chunk++) {
            assertEquals(whole, PtxParser.parse(new Trickle(bytes(SPLITTABLE), chunk), "m.ptx", 8), "chunk " + chunk);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpusFiles")
    void everyCorpusFileParsesAsItsWholeBytes(Path file) throws IOException {
        byte[] b = Files.readAllBytes(file);
        PtxModule whole = PtxParser.parse(b, file.toString());
        assertEquals(whole, PtxParser.parse(file));
        assertEquals(whole, PtxParser.parse(new ByteArrayInputStream(b), file.toString(), 61));
    }

    static Stream<Path> corpusFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        files.addAll(ptxUnder(Path.of("../datasets/corpus/ptx")));
        Path real = CorpusReal.find();
        if (real != null) {
            files.addAll(ptxUnder(real.resolve("ptx")));
        }
        assertTrue(files.size() >= 50, "the bundled corpus is missing: " + files.size() + " files");
        return files.stream();
    }

    private static List<Path> ptxUnder(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(p -> p.toString().endsWith(".ptx")).sorted().toList();
        }
    }

    /** Every bad body of {@link PtxParseErrorTest}, and every bad module, gives the same message streamed. */
    @Test
    void everyErrorOfTheErrorTestIsTheSameStreamed() throws IOException {
        List<String> texts = new ArrayList<>();
        PtxParseErrorTest.badBodies().forEach(a -> texts.add(entryText((String) a.get()[0])));
        PtxParseErrorTest.badModules().forEach(a -> texts.add((String) a.get()[0]));
        for (String text : texts) {
            assertSameError(PtxParser.decode(text.getBytes(StandardCharsets.ISO_8859_1)).equals(text)
                    ? text.getBytes(StandardCharsets.ISO_8859_1) : text.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void aTruncatedFileGivesTheSameErrorWhereverItIsCut() throws IOException {
        byte[] b = bytes(SPLITTABLE);
        for (int cut = 0; cut < b.length; cut++) {
            byte[] part = Arrays.copyOf(b, cut);
            boolean parses = false;
            try {
                PtxParser.parse(part, "t.ptx");
                parses = true;
            } catch (PtxParseException e) {
                // compared below
            }
            if (!parses) {
                assertSameError(part);
            }
        }
    }

    @Test
    void aBinaryFileGivesTheSameSentence() throws IOException {
        byte[] elf = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0};
        assertEquals("b.ptx:1:8: Unexpected NUL character (ptxas reads it as the end of the file: Unexpected "
                + "EOF) encountered on line 1; PTX is ASCII, comments included", assertSameError(elf));
        byte[] machO = {(byte) 0xcf, (byte) 0xfa, (byte) 0xed, (byte) 0xfe, 7, 0, 0, 1};
        assertEquals("b.ptx:1:1: Unexpected non-ASCII character (byte 0xCF) encountered on line 1; PTX is "
                + "ASCII, comments included", assertSameError(machO));
        byte[] nul = bytes(HEADER + "// a comment\n\0 after a NUL");
        assertTrue(assertSameError(nul).startsWith("b.ptx:5:1: Unexpected NUL character"));
    }

    @Test
    void aByteOutsideAsciiFarBehindAnEarlierErrorIsTheError() throws IOException {
        StringBuilder text = new StringBuilder(entryText("frobnicate.u32 %r1, %r2;"));
        for (int i = 0; i < 200; i++) {
            text.append("// filler line ").append(i).append('\n');
        }
        long line = text.chars().filter(c -> c == '\n').count() + 1;
        text.append("// caf\u00e9\n");
        String message = assertSameError(text.toString().getBytes(StandardCharsets.ISO_8859_1));
        assertTrue(message.contains("Unexpected non-ASCII character (byte 0xE9) encountered on line " + line), message);
    }

    @Test
    void aFileThatCannotBeReadIsAnIOException(@TempDir Path dir) {
        assertThrows(IOException.class, () -> PtxParser.parse(dir.resolve("missing.ptx")));
        InputStream failing = new InputStream() {
            private int left = 100;

            @Override
            public int read() throws IOException {
                if (left-- == 0) {
                    throw new IOException("device gone");
                }
                return ' ';
            }
        };
        IOException e = assertThrows(IOException.class, () -> PtxParser.parse(failing, "f.ptx", 16));
        assertEquals("device gone", e.getMessage());
    }

    /** Asserts that every window gives the whole-bytes parse's error message; returns it. */
    private static String assertSameError(byte[] b) throws IOException {
        PtxParseException expected = assertThrows(PtxParseException.class, () -> PtxParser.parse(b, "b.ptx"));
        for (int window : WINDOWS) {
            PtxParseException e = assertThrows(PtxParseException.class,
                    () -> PtxParser.parse(new ByteArrayInputStream(b), "b.ptx", window));
            assertEquals(expected.getMessage(), e.getMessage(), "window " + window);
        }
        PtxParseException e = assertThrows(PtxParseException.class, () -> PtxParser.parse(new Trickle(b, 1), "b.ptx", 8));
        assertEquals(expected.getMessage(), e.getMessage(), "one byte per read");
        return expected.getMessage();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** A stream that hands out at most {@code chunk} bytes per read. */
    private static final class Trickle extends ByteArrayInputStream {
        private final int chunk;

        Trickle(byte[] b, int chunk) {
            super(b);
            this.chunk = chunk;
        }

        @Override
        public synchronized int read(byte[] b, int off, int len) {
            return super.read(b, off, Math.min(len, chunk));
        }
    }
}
