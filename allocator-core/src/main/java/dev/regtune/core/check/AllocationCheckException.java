package dev.regtune.core.check;

/** Thrown by {@link AllocationChecker#verify} when an assignment is invalid; carries the report. */
public final class AllocationCheckException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient CheckReport report;

    public AllocationCheckException(CheckReport report) {
        super(report.summary());
        this.report = report;
    }

    /** The full report (null only after deserialisation, which nothing here does). */
    public CheckReport report() {
        return report;
    }
}
