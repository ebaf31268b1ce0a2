package dev.regtune.space;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Reads the JSON and text files of knob spaces, profiles and selections: UTF-8, and a file that is
 * not is an {@link IOException} saying where ("not UTF-8 text: byte 0xE9 at line 3, column 14"),
 * where {@code Files.readString} says only "Input length = 1".
 */
public final class Utf8Files {
    private Utf8Files() {
    }

    /** A file that is not UTF-8; the message says where. */
    public static final class NotUtf8Exception extends CharacterCodingException {
        private static final long serialVersionUID = 1L;
        private final String message;

        NotUtf8Exception(String message) {
            this.message = message;
        }

        @Override
        public String getMessage() {
            return message;
        }
    }

    /** The file's text; a byte sequence that is not UTF-8 is an IOException naming its line and column. */
    public static String read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isError()) {
            int at = in.position();
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < at; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new NotUtf8Exception(String.format(Locale.ROOT, "not UTF-8 text: byte 0x%02X at line %d, column %d",
                    bytes[at] & 0xff, line, at - lineStart + 1));
        }
        decoder.flush(out);
        out.flip();
        return out.toString();
    }
}
