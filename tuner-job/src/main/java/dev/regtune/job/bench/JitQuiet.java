package dev.regtune.job.bench;

/**
 * Decides when the JIT compiler has gone quiet during a benchmark's warm-up: the warm-up after its
 * fixed part is cut into windows of {@code windowNanos}, and a window is quiet when HotSpot's
 * compiler threads spent at most {@code share} of it compiling (the growth of
 * {@link java.lang.management.CompilationMXBean#getTotalCompilationTime()}, summed over the compiler
 * threads). C2 compiles this project's allocator for 30 to 100 s on a 2-core machine, so a fixed
 * warm-up can measure code that is still being compiled and replaced.
 *
 * <p>Not thread-safe: one per warm-up.
 */
public final class JitQuiet {
    private final long windowNanos;
    private final double share;
    private long windowStart;
    private long compileAtStart;
    private long lastWindowCompileMillis = -1;

    /**
     * @param windowNanos length of one window, positive
     * @param share the most of a window the compiler may spend compiling for it to be quiet (0 to 1)
     */
    public JitQuiet(long windowNanos, double share) {
        if (windowNanos <= 0 || !(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("a window must be positive and a share within [0, 1]: "
                    + windowNanos + " ns, " + share);
        }
        this.windowNanos = windowNanos;
        this.share = share;
    }

    /** Starts the first window at {@code nanos}, when the compiler's total was {@code compileMillis}. */
    public void start(long nanos, long compileMillis) {
        windowStart = nanos;
        compileAtStart = compileMillis;
    }

    /**
     * Called after each warm-up pass: false while the current window has not elapsed; once it has,
     * whether it was quiet, and the next window starts at {@code nanos}.
     */
    public boolean quietAt(long nanos, long compileMillis) {
        long elapsed = nanos - windowStart;
        if (elapsed < windowNanos) {
            return false;
        }
        lastWindowCompileMillis = compileMillis - compileAtStart;
        boolean quiet = lastWindowCompileMillis * 1_000_000.0 <= share * elapsed;
        start(nanos, compileMillis);
        return quiet;
    }

    /** Compilation time in the last window that elapsed, in milliseconds; -1 before one has. */
    public long lastWindowCompileMillis() {
        return lastWindowCompileMillis;
    }
}
