package dev.regtune.job.storage;

/** A path or URI RegTune cannot use: no file system serves its scheme, or it is malformed; one sentence. */
public final class UnsupportedLocationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedLocationException(String message) {
        super(message);
    }
}
