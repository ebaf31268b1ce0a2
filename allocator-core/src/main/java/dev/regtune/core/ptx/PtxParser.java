package dev.regtune.core.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.regtune.core.ir.PtxModule;

/**
 * The PTX front end: turns PTX text as nvcc/cicc emit it (PTX ISA 1.x to 9.x) into a
 * {@link PtxModule} of {@link dev.regtune.core.ir.KernelFunction}s.
 *
 * <p>Stateless and thread-safe: every call works on its own lexer and name table. Text that is not
 * understood is a {@link PtxParseException} (unchecked) naming file, line, column and what was
 * expected; nothing is silently skipped except comments, {@code .loc}/{@code .file} line
 * information, {@code .pragma}s, {@code .section} debug blocks and variable initializers.
 *
 * <p>What the IR gets, in brief (the package documentation has the details): one vreg per
 * referenced PTX register, created on first reference; per instruction its opcode spelling, kind,
 * defs (the first operand for ordinary instructions) and uses (guard first), flags; labels and
 * branches for the CFG; PAIRED constraints on 64/128-bit vregs and VECTOR_GROUP constraints on
 * members of {@code {...}} operands.
 */
public final class PtxParser {
    private PtxParser() {
    }

    /**
     * Parses PTX text.
     *
     * @param text the whole PTX file
     * @param sourceName the name errors and {@link PtxModule#source()} report, e.g. {@code kernel.ptx}
     * @throws PtxParseException if the text is not PTX the front end understands
     */
    public static PtxModule parse(String text, String sourceName) {
        return parse(text.toCharArray(), sourceName);
    }

    /** The window, in chars, through which a file is read: the text it holds besides the IR. */
    public static final int STREAM_WINDOW = 1 << 16;

    /**
     * Reads and parses a PTX file, streaming it through a window of {@link #STREAM_WINDOW} chars
     * (so the memory it takes is the IR's, not the file's text), with the same result and the
     * same errors as {@link #parse(byte[], String)} of its bytes. Errors name the file as
     * {@code file.toString()}.
     *
     * @throws IOException if the file cannot be read
     * @throws PtxParseException if the text is not PTX the front end understands
     */
    public static PtxModule parse(Path file) throws IOException {
        return parse(file, file.toString());
    }

    /**
     * {@link #parse(Path)} with errors and {@link PtxModule#source()} naming the file
     * {@code sourceName} (the path as the user gave it, say).
     *
     * @throws IOException if the file cannot be read
     * @throws PtxParseException if the text is not PTX the front end understands
     */
    public static PtxModule parse(Path file, String sourceName) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            // A small file gets a window of its size (a few more chars, so that one read meets the
            // end): most files are far smaller than the window, and clearing it would cost more
            // than parsing them.
            long size = Files.size(file);
            return parse(in, sourceName, (int) Math.min(STREAM_WINDOW, size + 16));
        }
    }

    /**
     * Parses the PTX text of a byte stream (read to its end or to the first error, not closed)
     * through a window of {@link #STREAM_WINDOW} chars: the same result and errors as
     * {@link #parse(byte[], String)} of the stream's bytes. A byte outside ASCII anywhere in the
     * stream is the error even after another one, as ptxas checks the whole file first; so the
     * stream is read to its end after any error.
     *
     * @throws IOException if the stream cannot be read
     * @throws PtxParseException if the text is not PTX the front end understands
     */
    public static PtxModule parse(InputStream in, String sourceName) throws IOException {
        return parse(in, sourceName, STREAM_WINDOW);
    }

    /** {@link #parse(InputStream, String)} through a window of {@code window} chars (tests use tiny ones). */
    static PtxModule parse(InputStream in, String sourceName, int window) throws IOException {
        try {
            return new ModuleParser(new PtxTextStream(in), window, sourceName).parse();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /**
     * Parses the bytes of a PTX file, decoded by the one rule every reader of PTX uses
     * ({@link #decode}): a byte outside ASCII, even in a comment, is a {@link PtxParseException} at
     * its line and column, as ptxas rejects it, never a decoding exception.
     */
    public static PtxModule parse(byte[] bytes, String sourceName) {
        return new ModuleParser(PtxCharacters.decodeAscii(bytes, sourceName), sourceName).parse();
    }

    /**
     * The text of a PTX file's bytes: ISO-8859-1, one char per byte, so decoding never fails and
     * {@link #parse(String, String)} reports a non-ASCII byte at its line and column.
     */
    public static String decode(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    private static PtxModule parse(char[] text, String sourceName) {
        PtxCharacters.requireAscii(text, sourceName);
        return new ModuleParser(text, sourceName).parse();
    }
}
