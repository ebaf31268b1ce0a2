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
 * column. A control character in the quoted token is shown as {@code \xNN}. Where ptxas has a
 * sentence of its own for the problem (an unknown instruction, a missing {@code .version} or
 * {@code .target}, a non-ASCII character), the message is {@code FILE:LINE:COLUMN: } followed by
 * ptxas's wording instead ({@link #ptxas}); {@link #expected()} still says what was expected.
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
        this(file, line, column, expected, found, "expected " + expected + " but found "
                + (found == null ? "end of file" : "'" + visible(found) + "'"));
    }

    private PtxParseException(String file, int line, int column, String expected, @Nullable String found,
            String sentence) {
        super(file + ":" + line + ":" + column + ": " + sentence);
        this.file = file;
        this.line = line;
        this.column = column;
        this.expected = expected;
        this.found = found;
    }

    /**
     * An error ptxas reports in words of its own, e.g. {@code Not a name of any known instruction:
     * 'frobnicate'}: the message is {@code FILE:LINE:COLUMN: } + {@code ptxasSentence}.
     *
     * @param expected what the parser expected there, for {@link #expected()}
     * @param found the offending token, or null for the end of the file
     */
    public static PtxParseException ptxas(String file, int line, int column, String expected, @Nullable String found,
            String ptxasSentence) {
        return new PtxParseException(file, line, column, expected, found, ptxasSentence);
    }

    /** The token with control characters (which would print as nothing or garble a terminal) as \xNN. */
    static String visible(String token) {
        StringBuilder b = null;
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            boolean control = (c < 0x20 && c != '\t') || c == 0x7f;
            if (control && b == null) {
                b = new StringBuilder(token.substring(0, i));
            }
            if (b != null) {
                b.append(control ? String.format(java.util.Locale.ROOT, "\\x%02X", (int) c) : String.valueOf(c));
            }
        }
        return b == null ? token : b.toString();
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
