package dev.regtune.core.ptx;

import org.jspecify.annotations.Nullable;

/**
 * PTX text the front end cannot turn into Kernel IR. Unchecked, because a sweep treats it as a
 * result ({@code PARSE_ERROR}) of one kernel, and because every parse path would otherwise have to
 * declare it; {@link PtxParser#parse(java.nio.file.Path)} still declares the checked
 * {@link java.io.IOException} for unreadable files, which is a different kind of failure.
 *
 * <p>The message is exactly one sentence, {@code FILE:LINE:COLUMN: expected WHAT but found 'TOKEN'}
 * (or {@code ... but found end of file}); line and column are 1-based and a tab counts as one
 * column.
 */
public final class PtxParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final int column;
    private final String expected;
    private final @Nullable String found;

    /**
     * @param file source name as given to the parser
     * @param line 1-based line of the offending token
     * @param column 1-based column of the offending token
     * @param expected what the parser expected, e.g. "a register, immediate or address operand"
     * @param found the offending token as it appears in the source (quoted in the message), or
     *     {@code null} for the end of the file
     */
    public PtxParseException(String file, int line, int column, String expected, @Nullable String found) {
        super(file + ":" + line + ":" + column + ": expected " + expected + " but found "
                + (found == null ? "end of file" : "'" + found + "'"));
        this.file = file;
        this.line = line;
        this.column = column;
        this.expected = expected;
        this.found = found;
    }

    /** The source name the parser was given. */
    public String file() {
        return file;
    }

    /** 1-based line of the offending token. */
    public int line() {
        return line;
    }

    /** 1-based column of the offending token (a tab is one column). */
    public int column() {
        return column;
    }

    /** What the parser expected at that position, e.g. {@code "';'"} or {@code "a declared register"}. */
    public String expected() {
        return expected;
    }

    /** The offending token's text, or {@code null} when the parser hit the end of the file. */
    public @Nullable String found() {
        return found;
    }
}
