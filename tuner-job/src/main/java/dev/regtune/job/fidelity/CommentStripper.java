package dev.regtune.job.fidelity;

import java.io.IOException;
import java.io.Reader;

/**
 * PTX text with each comment replaced by one blank, read a char at a time: the text
 * {@code Pattern.compile("//[^\\n]*|/\\*.*?\\*\/", DOTALL).matcher(text).replaceAll(" ")} gives
 * ({@link PtxEntryScanner}'s whole-text rule), without holding the text. A line comment ends before
 * its line break; a block comment at its first {@code *\/}. A {@code /*} that nothing closes is
 * no comment: its chars are read as text (the pattern finds no match there), which takes reading
 * to the end of the stream once, and holds the rest of the text then.
 */
final class CommentStripper {
    private final Reader in;
    /** Chars read ahead and given back, read before {@link #in}: the text after an unclosed {@code /*}. */
    private final StringBuilder back = new StringBuilder();
    private int backPos;
    /** The stream has no {@code *\/} after the current position: every {@code /*} from here is unclosed. */
    private boolean noCloseAhead;

    CommentStripper(Reader in) {
        this.in = in;
    }

    /** The next char of the text without comments, or -1 at its end. */
    int read() throws IOException {
        int c = next();
        if (c != '/') {
            return c;
        }
        int d = peek();
        if (d == '/') {
            while ((d = peek()) >= 0 && d != '\n') {
                next();
            }
            return ' ';
        }
        if (d == '*' && !noCloseAhead) {
            next();
            StringBuilder comment = new StringBuilder("/*");
            int prev = -1;
            for (int e = next(); e >= 0; e = next()) {
                comment.append((char) e);
                if (prev == '*' && e == '/' && comment.length() >= 4) {
                    return ' ';
                }
                prev = e;
            }
            // Unclosed: the '/' is text, and what follows it is read again as text.
            noCloseAhead = true;
            giveBack(comment, 1);
        }
        return c;
    }

    private int next() throws IOException {
        if (backPos < back.length()) {
            return back.charAt(backPos++);
        }
        return in.read();
    }

    private int peek() throws IOException {
        if (backPos < back.length()) {
            return back.charAt(backPos);
        }
        int c = in.read();
        if (c >= 0) {
            back.setLength(0);
            backPos = 0;
            back.append((char) c);
        }
        return c;
    }

    private void giveBack(CharSequence chars, int from) {
        back.delete(0, backPos);
        backPos = 0;
        back.insert(0, chars, from, chars.length());
    }
}
