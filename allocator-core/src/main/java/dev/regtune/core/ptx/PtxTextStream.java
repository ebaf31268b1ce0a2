package dev.regtune.core.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The chars of a PTX byte stream, read a chunk at a time and decoded by the one rule of
 * {@link PtxCharacters} (ISO-8859-1, one char per byte, so decoding never fails), for a
 * {@link PtxLexer} that parses a file without holding its text: the lexer pulls chars into its
 * window, this class holds one chunk of bytes, never the file.
 *
 * <p>Each read also makes ptxas's character check on what it delivers: {@link #firstRejected()}
 * says where the first char outside ASCII, or a NUL, landed, and the lexer turns that into the
 * same error, at the same line and column, as a parse of the whole text would give.
 */
final class PtxTextStream {
    private final InputStream in;
    private byte[] bytes = new byte[0];
    private int firstRejected = -1;

    PtxTextStream(InputStream in) {
        this.in = in;
    }

    /**
     * Reads at least one and at most {@code len} chars into {@code dst} from {@code off}, blocking
     * until one is there.
     *
     * @return how many chars were stored, or -1 at the end of the stream
     * @throws UncheckedIOException if the stream cannot be read (the lexer's callers unwrap it)
     */
    int read(char[] dst, int off, int len) {
        if (bytes.length < len) {
            bytes = new byte[len];
        }
        int n;
        try {
            n = in.read(bytes, 0, len);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        firstRejected = -1;
        if (n <= 0) {
            return n < 0 ? -1 : 0;
        }
        // A signed byte b is ASCII and not NUL exactly when b | (b - 1) is not negative.
        int any = 0;
        for (int i = 0; i < n; i++) {
            byte b = bytes[i];
            dst[off + i] = (char) (b & 0xff);
            any |= b | (b - 1);
        }
        if (any < 0) {
            for (int i = 0; i < n; i++) {
                if ((bytes[i] | (bytes[i] - 1)) < 0) {
                    firstRejected = off + i;
                    break;
                }
            }
        }
        return n;
    }

    /** Where the last read stored its first char outside ASCII or NUL (an index of its {@code dst}), or -1. */
    int firstRejected() {
        return firstRejected;
    }
}
