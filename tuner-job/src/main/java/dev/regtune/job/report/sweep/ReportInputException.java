package dev.regtune.job.report.sweep;

/**
 * The results cannot be reported as asked: the folder is missing, holds no result table, or has
 * no rows for the run asked for. The message is one sentence for the user; the command line turns
 * it into a usage error (exit code 2).
 */
public final class ReportInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReportInputException(String sentence) {
        super(sentence);
    }
}
