package dev.regtune.job.cli;

import org.jspecify.annotations.Nullable;

/**
 * The user asked for something that cannot be done as asked (unknown knob, unreadable file, no
 * ground truth...): exit code 2. The message is one sentence meant for the user, without a stack
 * trace.
 */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(@Nullable String sentence) {
        super(sentence);
    }
}
