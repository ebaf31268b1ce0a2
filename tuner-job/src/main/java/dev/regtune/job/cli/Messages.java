package dev.regtune.job.cli;

import dev.regtune.job.io.IoFailures;
import java.nio.file.FileSystemException;
import org.jspecify.annotations.Nullable;

/** Turns exception messages into the one-sentence lines {@code regtune} prints on stderr. */
final class Messages {
    private Messages() {
    }

    /** "regtune: " + the message, ending with a full stop unless it already ends a sentence. */
    static String errorLine(@Nullable String message) {
        String m = message == null || message.isBlank() ? "unexpected error" : message.strip();
        char last = m.charAt(m.length() - 1);
        if (last != '.' && last != '?' && last != '!') {
            m = m + ".";
        }
        return "regtune: " + m;
    }

    /**
     * The message of an unexpected exception, naming its type when it has no message. A failed
     * file-system operation anywhere in the cause chain (Spark and Hadoop wrap them) is worded as
     * the path and the reason, "'/out/results': permission denied", rather than Java's message,
     * which for {@link FileSystemException}s is the bare path.
     */
    static String describe(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof FileSystemException fs && fs.getFile() != null) {
                String other = fs.getOtherFile() == null ? "" : " (and '" + fs.getOtherFile() + "')";
                return "cannot use '" + fs.getFile() + "'" + other + ": " + IoFailures.reason(fs);
            }
        }
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return "internal error (" + t.getClass().getSimpleName() + "); run with --verbose for the stack trace";
        }
        return m;
    }
}
