package dev.regtune.job.sweep;

/**
 * A (kernel index, configuration index) pair packed in one long, the unit of work shipped to
 * tasks: 8 bytes a pair instead of two ids.
 */
public final class PairCodes {
    private PairCodes() {
    }

    public static long of(int kernel, int configuration) {
        return ((long) kernel << 32) | (configuration & 0xFFFFFFFFL);
    }

    public static int kernel(long code) {
        return (int) (code >>> 32);
    }

    public static int configuration(long code) {
        return (int) code;
    }
}
