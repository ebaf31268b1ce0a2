package dev.regtune.job.cli;

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

    /** The message of an unexpected exception, naming its type when it has no message. */
    static String describe(Throwable t) {
        String m = t.getMessage();
        if (m == null || m.isBlank()) {
            return "internal error (" + t.getClass().getSimpleName() + "); run with --verbose for the stack trace";
        }
        return m;
    }
}
