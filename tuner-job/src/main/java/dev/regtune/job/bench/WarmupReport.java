package dev.regtune.job.bench;

/**
 * What a benchmark's warm-up did and how busy the JIT compiler was, so that a reader can tell a
 * steady-state figure from one taken while code was still being compiled.
 *
 * @param warmupNanos time the warm-up took (its fixed part and any wait for a quiet JIT)
 * @param compileMillisWarmingUp compiler time during the warm-up (summed over compiler threads), -1 if
 *     the JVM does not say
 * @param compileMillisMeasuring compiler time while measuring, -1 if the JVM does not say
 * @param waitedForQuiet whether the warm-up waited for a quiet JIT (asked for, and the JVM reports its
 *     compilation time; otherwise it ends after its fixed part)
 * @param quiet with {@code waitedForQuiet}: whether it ended on a quiet window (else at its cap)
 */
public record WarmupReport(long warmupNanos, long compileMillisWarmingUp, long compileMillisMeasuring,
        boolean waitedForQuiet, boolean quiet) {
}
