package dev.regtune.job.sweep;

/** A sweep that cannot run as asked (a usage problem); nothing has been written. */
public final class SweepException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SweepException(String message) {
        super(message);
    }
}
