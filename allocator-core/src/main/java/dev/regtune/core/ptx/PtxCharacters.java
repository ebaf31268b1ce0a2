package dev.regtune.core.ptx;

import java.util.Locale;

/**
 * The one decoding rule of PTX files, and the character check ptxas makes before it parses.
 *
 * <p>PTX is ASCII. A file's bytes are decoded as ISO-8859-1, one char per byte, which cannot fail:
 * a binary file or a Latin-1 comment reaches the parser, which then rejects the first byte outside
 * ASCII as ptxas 13.0.88 does ({@code Unexpected non-ASCII character encountered on line N}), in a
 * comment too, and so does a UTF-8 byte-order mark. A NUL byte ends the text for ptxas
 * ({@code Unexpected EOF encountered}); it is rejected in the same way. Other control characters
 * in a comment are accepted, as ptxas accepts them; outside a comment the lexer reports them.
 */
final class PtxCharacters {
    private PtxCharacters() {
    }

    /**
     * The text of a PTX file's bytes, ISO-8859-1 (every byte one char, so decoding never fails),
     * checked as {@link #requireAscii} does, in one pass over the bytes: no intermediate String and
     * no second pass over the chars.
     */
    static char[] decodeAscii(byte[] bytes, String source) {
        char[] text = new char[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            text[i] = (char) (bytes[i] & 0xff);
        }
        // A signed byte b is ASCII and not NUL exactly when b | (b - 1) is not negative.
        int any = 0;
        for (byte b : bytes) {
            any |= b | (b - 1);
        }
        if (any < 0) {
            reject(text, source);
        }
        return text;
    }

    /** Throws at the first char ptxas rejects wherever it stands: anything outside ASCII, and NUL. */
    static void requireAscii(char[] text, String source) {
        // A char c is ASCII and not NUL exactly when c | (c - 1) has no bit above the low seven;
        // one branch-free pass decides the common case, the exact position is looked up only on failure.
        int any = 0;
        for (char c : text) {
            any |= c | (c - 1);
        }
        if ((any & ~0x7f) != 0) {
            reject(text, source);
        }
    }

    /** Throws at the first char of {@code text} outside ASCII or NUL, if there is one. */
    private static void reject(char[] text, String source) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < text.length; i++) {
            char c = text[i];
            if (c == '\n') {
                line++;
                lineStart = i + 1;
            } else if (c > 0x7f || c == 0) {
                throw rejected(source, line, i - lineStart + 1, c);
            }
        }
    }

    /** The error ptxas's check gives for {@code c}, outside ASCII or NUL, at {@code line} and {@code column}. */
    static PtxParseException rejected(String source, int line, int column, char c) {
        String what = c == 0 ? "NUL character (ptxas reads it as the end of the file: Unexpected EOF)"
                : c <= 0xff ? String.format(Locale.ROOT, "non-ASCII character (byte 0x%02X)", (int) c)
                : String.format(Locale.ROOT, "non-ASCII character (U+%04X)", (int) c);
        return PtxParseException.ptxas(source, line, column, "ASCII text (PTX is ASCII, comments included)",
                String.valueOf(c), "Unexpected " + what + " encountered on line " + line
                        + "; PTX is ASCII, comments included");
    }
}
