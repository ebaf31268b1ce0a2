package dev.regtune.job.select;

/**
 * The input of selection or export cannot be used as given: no result table in the folder, no
 * rows for the run asked for, a malformed objective, a selection file that does not parse, a
 * kernel that is not in the selection. The message is one sentence meant for the user; the
 * command line turns it into a usage error (exit code 2).
 */
public final class SelectionInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SelectionInputException(String sentence) {
        super(sentence);
    }

    public SelectionInputException(String sentence, Throwable cause) {
        super(sentence, cause);
    }
}
