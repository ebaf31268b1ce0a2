package dev.regtune.job.sweep;

import java.util.Optional;

/**
 * An evaluation that failed its Spark task instead of giving a row (a throwable
 * {@link PairEvaluator} does not turn into an ERROR row: a linkage error on an executor, an
 * assertion, an injected fault). Its message names the kernel and the configuration, so that the
 * driver's one sentence says which pair failed, on whatever executor: Spark hands the driver the
 * executor's exception (in local mode) or its text (on a cluster), and {@link #sentenceIn} finds the
 * message in either.
 */
public final class SweepTaskException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private static final String NAME = SweepTaskException.class.getName() + ": ";

    public SweepTaskException(String message, Throwable cause) {
        super(message, cause);
    }

    /** "evaluating kernel K (...) under configuration C (...) failed: Cause: message". */
    static SweepTaskException evaluating(String pair, Throwable cause) {
        return new SweepTaskException("evaluating " + pair + " failed: " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage().lines().findFirst().orElse("")), cause);
    }

    /** The executor's message in a failure the driver got from a Spark job, if an evaluation caused it. */
    static Optional<String> sentenceIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SweepTaskException s && s.getMessage() != null) {
                return Optional.of(s.getMessage());
            }
            String m = t.getMessage();
            if (m != null && m.contains(NAME)) {
                return Optional.of(m.substring(m.indexOf(NAME) + NAME.length()).lines().findFirst().orElse("").strip());
            }
        }
        return Optional.empty();
    }
}
