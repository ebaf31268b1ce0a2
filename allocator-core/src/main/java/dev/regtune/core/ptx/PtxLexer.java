package dev.regtune.core.ptx;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Single-pass tokenizer over a char array. It keeps exactly one current token in fields (no token
 * objects, no substrings, no regular expressions) because sweeps parse millions of kernels.
 *
 * <p>Token classes:
 * <ul>
 *   <li>{@link #WORD}: identifiers, directives and opcodes. A word starts with a letter, {@code _},
 *       {@code $}, {@code %} or {@code .} and continues with letters, digits, {@code _}, {@code $},
 *       {@code .} and {@code ::}, so {@code ld.global.nc.v4.f32}, {@code %tid.x}, {@code .b32} and
 *       {@code mbarrier.try_wait.shared::cta.b64} are single tokens. A word that starts with a dot
 *       (a directive or type keyword) ends before its next dot, so {@code .param.f32} is the two
 *       keywords {@code .param} and {@code .f32}, as ptxas reads it. Its String-compatible hash is
 *       computed while scanning, so the {@link NameTable} looks it up without allocating.</li>
 *   <li>{@link #NUMBER}: integer literals (decimal, {@code 0x} hex, octal, {@code 0b} binary, an
 *       optional {@code U} suffix) and float literals ({@code 0f} + 8 hex digits, {@code 0d} + 16 hex
 *       digits, decimal {@code 1.5e3}). A sign is a separate {@code -} token.</li>
 *   <li>{@link #STRING}: a double-quoted string with backslash escapes.</li>
 *   <li>{@link #PUNCT}: any other single character; the parser decides whether it is allowed.</li>
 * </ul>
 * Whitespace, {@code //} and {@code /* *}{@code /} comments and backslash-newline line
 * continuations separate tokens. Lines are counted at {@code \n}; a column is the 1-based offset
 * from the start of the line, a tab counting as one.
 *
 * <p>The text is either a whole char array or a {@link PtxTextStream} read through a window
 * ({@code buf[0, limit)}) that holds the current token, the previous one (a parser may read it
 * after one {@link #advance()}, at {@link #prevStart}) and the text ahead, never what lies before:
 * whitespace and comments are dropped as they are skipped. Before a token is scanned the window
 * holds a quarter of its size ahead, and a token that may run past the window's end is scanned
 * again after a refill, so scanning sees exactly the chars it would see in the whole text; the
 * window grows only for a token longer than that. Indices into {@code buf} (and {@code buf}
 * itself) hold until the next {@link #advance()}.
 */
final class PtxLexer {
    static final int EOF = 0;
    static final int WORD = 1;
    static final int NUMBER = 2;
    static final int STRING = 3;
    static final int PUNCT = 4;

    /** Longest token text quoted in an error message. */
    private static final int MAX_FOUND = 48;

    /** Chars a scan may read past a token's end (the {@code ::} and exponent look-aheads). */
    private static final int LOOKAHEAD = 4;

    final String source;
    /** The text, or the window on it; replaced when the window grows. */
    char[] buf;
    private int limit;
    private int pos;
    private int line = 1;
    private int lineStart;
    /** Where the text comes from when it is streamed, else null (the whole text is in {@link #buf}). */
    private final @Nullable PtxTextStream stream;
    /** Whether {@code buf[limit - 1]} is the text's last char. */
    private boolean eof;
    /** How many chars the window holds ahead of a token before it is scanned. */
    private final int ahead;
    /** Whether this lexer has thrown the error of a char outside ASCII (it has read no further). */
    private boolean rejected;

    /** The previous token's text range [prevStart, prevEnd), valid until the next {@link #advance()}. */
    int prevStart;
    int prevEnd;

    /** Current token: class, text range [start, end), 1-based position, String-compatible hash. */
    int type;
    int start;
    int end;
    int tokLine;
    int tokCol;
    int hash;
    /** The character of a {@link #PUNCT} token. */
    char punct;
    /** For a {@link #NUMBER}: whether it is a float literal. */
    boolean isFloat;
    /** For an integer {@link #NUMBER}: its value modulo 2^64 (unsigned literals may exceed Long.MAX_VALUE). */
    long value;
    /** For an integer {@link #NUMBER}: whether the literal needs more than 64 bits. */
    boolean overflow;

    /** A lexer over the whole text, at its first token. */
    PtxLexer(char[] buf, String source) {
        this.buf = buf;
        this.limit = buf.length;
        this.source = source;
        this.stream = null;
        this.eof = true;
        this.ahead = 0;
        if (limit > 0 && buf[0] == '\uFEFF') {
            // A UTF-8 byte-order mark some editors add; it occupies no column.
            pos = 1;
            lineStart = 1;
        }
        advance();
    }

    /**
     * A lexer over a stream read through a window of {@code window} chars (it grows only for a
     * token longer than a quarter of it), at the first token. Reading stops at the first char
     * outside ASCII, which is an error; after any other error {@link #rejectNonAsciiInRest()}
     * gives that one instead, as a parse of the whole text would.
     *
     * @throws java.io.UncheckedIOException if the stream cannot be read
     */
    PtxLexer(PtxTextStream stream, int window, String source) {
        this.buf = new char[Math.max(2 * LOOKAHEAD, window)];
        this.source = source;
        this.stream = stream;
        this.ahead = Math.max(LOOKAHEAD, buf.length / 4);
        try {
            advance();
        } catch (PtxParseException e) {
            rejectNonAsciiInRest();
            throw e;
        }
    }

    // ---------------------------------------------------------------- token queries

    boolean isPunct(char c) {
        return type == PUNCT && punct == c;
    }

    boolean isWord() {
        return type == WORD;
    }

    /** Whether the current token is a word whose text equals {@code s}. */
    boolean isWord(String s) {
        if (type != WORD || end - start != s.length()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (buf[start + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    int length() {
        return end - start;
    }

    char firstChar() {
        return buf[start];
    }

    /** The current token's text (allocates; use on cold paths or once per distinct name). */
    String text() {
        return new String(buf, start, end - start);
    }

    /** The current token as quoted in an error message, or null at the end of the file. */
    @Nullable String foundText() {
        if (type == EOF) {
            return null;
        }
        int n = end - start;
        if (n <= MAX_FOUND) {
            return new String(buf, start, n);
        }
        return new String(buf, start, MAX_FOUND) + "...";
    }

    /** An error at the current token. */
    PtxParseException error(String expected) {
        return new PtxParseException(source, tokLine, tokCol, expected, foundText());
    }

    /** An error at a remembered position (see {@link #position()}). */
    PtxParseException errorAt(long position, String expected, @Nullable String found) {
        String shown = found == null || found.length() <= MAX_FOUND ? found : found.substring(0, MAX_FOUND) + "...";
        return new PtxParseException(source, (int) (position >>> 32), (int) position, expected, shown);
    }

    /** The current token's position packed as {@code line << 32 | column}. */
    long position() {
        return ((long) tokLine << 32) | (tokCol & 0xffffffffL);
    }

    /** Consumes the punctuation {@code c} or fails with "expected 'c'". */
    void expectPunct(char c) {
        if (type != PUNCT || punct != c) {
            throw error("'" + c + "'");
        }
        advance();
    }

    /** Consumes the punctuation {@code c} if it is the current token. */
    boolean acceptPunct(char c) {
        if (type == PUNCT && punct == c) {
            advance();
            return true;
        }
        return false;
    }

    /**
     * Consumes a non-negative integer literal that fits an int and returns it, or fails with
     * "expected {@code what}".
     */
    int expectInt(String what) {
        if (type != NUMBER || isFloat || overflow || value < 0 || value > Integer.MAX_VALUE) {
            throw error(what);
        }
        int v = (int) value;
        advance();
        return v;
    }

    // ---------------------------------------------------------------- scanning

    /** Moves to the next token. */
    void advance() {
        prevStart = start;
        prevEnd = end;
        skipSpaceAndComments();
        if (!eof && limit - pos < ahead) {
            refill(pos);
        }
        while (true) {
            start = pos;
            tokLine = line;
            tokCol = pos - lineStart + 1;
            if (pos >= limit) {
                if (eof) {
                    type = EOF;
                    end = pos;
                    return;
                }
                refill(pos);
                continue;
            }
            try {
                scanToken();
            } catch (PtxParseException e) {
                if (!tokenMayBeCut()) {
                    throw e;
                }
                pos = start;
                refill(start);
                continue;
            }
            if (eof || limit - end >= LOOKAHEAD) {
                return;
            }
            // The token or a look-ahead past it may run past the window: scan it again with more text.
            pos = start;
            refill(start);
        }
    }

    /**
     * At a {@code ','} token inside an initializer list, skips the run of plain decimal integers
     * that follows it, each followed by a {@code ','} ({@code , 202, 29, 180,} as curand's tables
     * are written), and stops at the last such comma, which becomes the current token; the next
     * {@link #advance()} then reads what follows it as usual. Only what the token-by-token scan
     * would read as the same {@code NUMBER} and {@code ','} tokens (blanks and line breaks
     * between them, no comment, no other literal, nothing that would be an error) is skipped, and
     * within the text the window holds; anything else stops the run where it is. The line count
     * follows the skipped line breaks.
     */
    void skipIntegerListRun() {
        if (type != PUNCT || punct != ',') {
            return;
        }
        final char[] b = buf;
        // A streamed window keeps the look-ahead the token scan would have (see advance()).
        final int lim = eof ? limit : limit - LOOKAHEAD;
        int comma = start;
        int numberStart = -1;
        int numberEnd = -1;
        int commaLine = tokLine;
        int commaLineStart = start - tokCol + 1;
        int ln = commaLine;
        int ls = commaLineStart;
        int p = comma + 1;
        while (true) {
            int q = p;
            while (q < lim && (b[q] == ' ' || b[q] == '\t' || b[q] == '\n' || b[q] == '\r')) {
                if (b[q] == '\n') {
                    ln++;
                    ls = q + 1;
                }
                q++;
            }
            int digits = q;
            while (q < lim && b[q] >= '0' && b[q] <= '9') {
                q++;
            }
            int n = q - digits;
            if (n == 0 || n > 18 || n > 1 && b[digits] == '0') {
                break;
            }
            int after = q;
            while (q < lim && (b[q] == ' ' || b[q] == '\t')) {
                q++;
            }
            if (q >= lim || b[q] != ',') {
                break;
            }
            numberStart = digits;
            numberEnd = after;
            comma = q;
            commaLine = ln;
            commaLineStart = ls;
            p = q + 1;
        }
        if (numberStart < 0) {
            return;
        }
        prevStart = numberStart;
        prevEnd = numberEnd;
        start = comma;
        end = comma + 1;
        pos = end;
        line = commaLine;
        lineStart = commaLineStart;
        tokLine = commaLine;
        tokCol = comma - commaLineStart + 1;
    }

    private void scanToken() {
        char c = buf[pos];
        if (isWordStart(c) && (c != '%' && c != '.' || pos + 1 < limit && isWordPart(buf[pos + 1]))) {
            scanWord();
        } else if (c >= '0' && c <= '9') {
            scanNumber();
        } else if (c == '"') {
            scanString();
        } else {
            type = PUNCT;
            punct = c;
            pos++;
            end = pos;
        }
    }

    /**
     * The char right after the current token, or 0 at the end of the text (the window holds it:
     * see {@link #advance()}).
     */
    char charAfterToken() {
        return end < limit ? buf[end] : 0;
    }

    /**
     * Whether the token at {@code start}, whose scan failed, may have failed only because the
     * window ends: its run of token chars (a string's line) reaches the window's last chars.
     */
    private boolean tokenMayBeCut() {
        if (eof) {
            return false;
        }
        int p = start + 1;
        if (buf[start] == '"') {
            while (p < limit && buf[p] != '\n') {
                p++;
            }
            return p >= limit;
        }
        while (p < limit && (isWordPart(buf[p]) || buf[p] == ':' || buf[p] == '+' || buf[p] == '-')) {
            p++;
        }
        return limit - p < LOOKAHEAD;
    }

    /**
     * Reads more of the stream into the window, keeping the previous token and
     * {@code buf[keepFrom, limit)} (moved to the window's start, every index with them) and
     * dropping the text between and before; the window doubles when what is kept fills half of
     * it. Sets {@link #eof} at the end of the stream.
     *
     * @throws PtxParseException if the chars read hold one outside ASCII or a NUL
     */
    private void refill(int keepFrom) {
        PtxTextStream in = Objects.requireNonNull(stream);
        int oldPrevStart = prevStart;
        int prevLen = prevEnd - prevStart;
        int restLen = limit - keepFrom;
        char[] dst = prevLen + restLen > buf.length / 2 ? new char[buf.length * 2] : buf;
        // Both moves go left (or to a new array), and the first ends before the second's source.
        System.arraycopy(buf, prevStart, dst, 0, prevLen);
        System.arraycopy(buf, keepFrom, dst, prevLen, restLen);
        int delta = keepFrom - prevLen;
        buf = dst;
        pos -= delta;
        lineStart -= delta;
        start = start >= keepFrom ? start - delta : start - oldPrevStart;
        end = end >= keepFrom ? end - delta : end - oldPrevStart;
        prevStart = 0;
        prevEnd = prevLen;
        limit = prevLen + restLen;
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            eof = true;
            return;
        }
        int bad = in.firstRejected();
        limit += n;
        if (bad >= 0) {
            throw rejectAt(bad);
        }
    }

    /** The error of the char at {@code buf[index]}, outside ASCII or NUL, with its line and column. */
    private PtxParseException rejectAt(int index) {
        int ln = line;
        int ls = lineStart;
        for (int i = pos; i < index; i++) {
            if (buf[i] == '\n') {
                ln++;
                ls = i + 1;
            }
        }
        rejected = true;
        return PtxCharacters.rejected(source, ln, index - ls + 1, buf[index]);
    }

    /**
     * After an error in a streamed text: throws the error of the first char outside ASCII (or NUL)
     * in the part not yet read, if there is one, since ptxas checks the whole file before it
     * parses (and so does a parse of the whole text); returns otherwise. Does nothing for a whole
     * text, or after that error itself.
     *
     * @throws java.io.UncheckedIOException if the stream cannot be read
     */
    void rejectNonAsciiInRest() {
        if (stream == null || rejected) {
            return;
        }
        while (!eof) {
            for (int i = pos; i < limit; i++) {
                if (buf[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            lineStart -= limit;
            pos = 0;
            start = 0;
            end = 0;
            prevStart = 0;
            prevEnd = 0;
            limit = 0;
            int n = stream.read(buf, 0, buf.length);
            if (n < 0) {
                eof = true;
                return;
            }
            limit = n;
            int bad = stream.firstRejected();
            if (bad >= 0) {
                throw rejectAt(bad);
            }
        }
    }

    private void skipSpaceAndComments() {
        char[] b = buf;
        int lim = limit;
        int p = pos;
        int ln = line;
        int ls = lineStart;
        // Below safe, p + 2 < lim: the look-aheads below need no more text. A whole text (eof from
        // the start) has safe == lim, so its loop is the plain one.
        int safe = eof ? lim : lim - 2;
        while (true) {
            if (p >= safe) {
                if (!eof) {
                    // Streamed text: what is skipped so far is dropped, and the next chars read.
                    pos = p;
                    line = ln;
                    lineStart = ls;
                    refill(p);
                    b = buf;
                    lim = limit;
                    p = pos;
                    ls = lineStart;
                    safe = eof ? lim : lim - 2;
                    continue;
                }
                if (p >= lim) {
                    break;
                }
            }
            char c = b[p];
            if (c == ' ' || c == '\t') {
                p++;
            } else if (c == '\n') {
                p++;
                ln++;
                ls = p;
            } else if (c == '\r' || c == '\f' || c == 0x0B) {
                p++;
            } else if (c == '/' && p + 1 < lim && b[p + 1] == '/') {
                p += 2;
                while (true) {
                    while (p < lim && b[p] != '\n') {
                        p++;
                    }
                    if (p < lim || eof) {
                        break;
                    }
                    pos = p;
                    line = ln;
                    lineStart = ls;
                    refill(p);
                    b = buf;
                    lim = limit;
                    p = pos;
                    ls = lineStart;
                }
                safe = eof ? lim : lim - 2;
            } else if (c == '/' && p + 1 < lim && b[p + 1] == '*') {
                int openLine = ln;
                int openCol = p - ls + 1;
                p += 2;
                while (true) {
                    if (p >= lim - 1 && !eof) {
                        pos = p;
                        line = ln;
                        lineStart = ls;
                        refill(p);
                        b = buf;
                        lim = limit;
                        p = pos;
                        ls = lineStart;
                        continue;
                    }
                    if (p >= lim) {
                        throw new PtxParseException(source, openLine, openCol,
                                "'*/' to close the comment opened here", null);
                    }
                    char d = b[p];
                    if (d == '*' && p + 1 < lim && b[p + 1] == '/') {
                        p += 2;
                        break;
                    }
                    p++;
                    if (d == '\n') {
                        ln++;
                        ls = p;
                    }
                }
                safe = eof ? lim : lim - 2;
            } else if (c == '\\' && p + 1 < lim && (b[p + 1] == '\n'
                    || b[p + 1] == '\r' && p + 2 < lim && b[p + 2] == '\n')) {
                // Line continuation: the backslash and the line break are whitespace.
                p += b[p + 1] == '\n' ? 2 : 3;
                ln++;
                ls = p;
            } else {
                break;
            }
        }
        pos = p;
        line = ln;
        lineStart = ls;
    }

    private void scanWord() {
        final char[] b = buf;
        int h = b[pos];
        int p = pos + 1;
        // A dot-keyword ends at the next dot, as in ptxas: ".param.f32" and ".reg.v4.u16" are
        // two and three keywords written without blanks. Opcodes ("ld.param.f32") and names
        // ("%tid.x") do not start with a dot and keep their dots.
        boolean keyword = b[pos] == '.';
        while (p < limit) {
            char c = b[p];
            if (c == '.' && keyword) {
                break;
            }
            if (isWordPart(c)) {
                h = 31 * h + c;
                p++;
            } else if (c == ':' && p + 2 < limit && b[p + 1] == ':' && isWordPart(b[p + 2])) {
                // "shared::cta", "L2::cache_hint": '::' joins the parts of one opcode modifier.
                h = 31 * (31 * h + ':') + ':';
                p += 2;
            } else {
                break;
            }
        }
        type = WORD;
        hash = h;
        pos = p;
        end = p;
    }

    private void scanNumber() {
        final char[] b = buf;
        int p = pos;
        isFloat = false;
        overflow = false;
        value = 0;
        char c0 = b[p];
        char c1 = p + 1 < limit ? b[p + 1] : 0;
        if (c0 == '0' && (c1 == 'x' || c1 == 'X')) {
            p = scanRadixDigits(p + 2, 16, "a hexadecimal digit after '0x'");
            p = skipUnsignedSuffix(p);
        } else if (c0 == '0' && (c1 == 'b' || c1 == 'B')) {
            p = scanRadixDigits(p + 2, 2, "a binary digit after '0b'");
            p = skipUnsignedSuffix(p);
        } else if (c0 == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D')) {
            int digits = c1 == 'f' || c1 == 'F' ? 8 : 16;
            int q = p + 2;
            while (q < limit && hexValue(b[q]) >= 0) {
                q++;
            }
            if (q - (p + 2) != digits || q < limit && isWordPart(b[q])) {
                throw malformedNumber(p, "a " + (digits == 8 ? "single" : "double")
                        + "-precision float literal with exactly " + digits + " hexadecimal digits after '0"
                        + c1 + "'");
            }
            isFloat = true;
            p = q;
        } else {
            int q = p;
            long v = 0;
            while (q < limit && b[q] >= '0' && b[q] <= '9') {
                v = v * 10 + (b[q] - '0');
                q++;
            }
            if (q - p <= 18 && (c0 != '0' || q - p == 1) && (q >= limit || !isWordPart(b[q]))) {
                // The common case, a plain decimal integer of at most 18 digits: no octal, suffix,
                // fraction or exponent, and it cannot overflow.
                value = v;
                type = NUMBER;
                pos = q;
                end = q;
                return;
            }
            boolean fraction = q < limit && b[q] == '.' && (q + 1 >= limit || !isWordStart(b[q + 1]));
            boolean exponent = q < limit && (b[q] == 'e' || b[q] == 'E') && isExponentAhead(q);
            if (fraction || exponent) {
                isFloat = true;
                if (fraction) {
                    q++;
                    while (q < limit && b[q] >= '0' && b[q] <= '9') {
                        q++;
                    }
                }
                if (q < limit && (b[q] == 'e' || b[q] == 'E') && isExponentAhead(q)) {
                    q++;
                    if (b[q] == '+' || b[q] == '-') {
                        q++;
                    }
                    while (q < limit && b[q] >= '0' && b[q] <= '9') {
                        q++;
                    }
                }
                p = q;
            } else if (c0 == '0' && q - p > 1) {
                p = scanRadixDigits(p + 1, 8, "an octal digit");
                p = skipUnsignedSuffix(p);
            } else {
                p = scanRadixDigits(p, 10, "a decimal digit");
                p = skipUnsignedSuffix(p);
            }
        }
        if (p < limit && isWordPart(b[p])) {
            throw malformedNumber(pos, "a number");
        }
        type = NUMBER;
        pos = p;
        end = p;
    }

    private boolean isExponentAhead(int q) {
        int r = q + 1;
        if (r < limit && (buf[r] == '+' || buf[r] == '-')) {
            r++;
        }
        return r < limit && buf[r] >= '0' && buf[r] <= '9';
    }

    /** Scans digits of {@code radix} from {@code p}, accumulating {@link #value}; at least one digit. */
    private int scanRadixDigits(int p, int radix, String what) {
        int first = p;
        long v = 0;
        boolean over = false;
        while (p < limit) {
            int d = hexValue(buf[p]);
            if (d < 0) {
                break;
            }
            if (d >= radix) {
                throw malformedNumber(pos, what);
            }
            // Unsigned overflow check: v * radix + d must fit in 64 bits (it does while v < 2^59).
            if (v >>> 59 != 0 && Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, radix)) > 0) {
                over = true;
            }
            v = v * radix + d;
            p++;
        }
        if (p == first) {
            throw malformedNumber(pos, what);
        }
        value = v;
        overflow = over;
        return p;
    }

    private int skipUnsignedSuffix(int p) {
        return p < limit && (buf[p] == 'U' || buf[p] == 'u') ? p + 1 : p;
    }

    private PtxParseException malformedNumber(int from, String what) {
        int q = from;
        while (q < limit && (isWordPart(buf[q]) || buf[q] == '.')) {
            q++;
        }
        int n = Math.min(q - from, MAX_FOUND);
        return new PtxParseException(source, line, from - lineStart + 1, what, new String(buf, from, n));
    }

    private void scanString() {
        int p = pos + 1;
        while (true) {
            if (p >= limit || buf[p] == '\n') {
                throw new PtxParseException(source, tokLine, tokCol, "a closing '\"' on the same line",
                        p >= limit ? null : new String(buf, pos, Math.min(p - pos, MAX_FOUND)));
            }
            char c = buf[p];
            if (c == '\\' && p + 1 < limit && buf[p + 1] != '\n') {
                p += 2;
            } else if (c == '"') {
                p++;
                break;
            } else {
                p++;
            }
        }
        type = STRING;
        pos = p;
        end = p;
    }

    /** Bit 1: may start a word; bit 2: may continue one (ASCII only; other chars are neither). */
    private static final byte[] WORD_CLASS = wordClasses();

    private static byte[] wordClasses() {
        byte[] t = new byte[128];
        for (char c = 0; c < 128; c++) {
            boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
            t[c] = (byte) ((letter || c == '%' || c == '.' ? 1 : 0)
                    | (letter || c >= '0' && c <= '9' || c == '.' ? 2 : 0));
        }
        return t;
    }

    static boolean isWordStart(char c) {
        return c < 128 && (WORD_CLASS[c] & 1) != 0;
    }

    static boolean isWordPart(char c) {
        return c < 128 && (WORD_CLASS[c] & 2) != 0;
    }

    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
