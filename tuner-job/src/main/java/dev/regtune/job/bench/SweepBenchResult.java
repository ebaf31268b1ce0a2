package dev.regtune.job.bench;

/**
 * The sweep benchmark's figures.
 *
 * @param kernels kernels swept
 * @param configurations configurations swept
 * @param evaluations pairs evaluated by each side
 * @param threads threads of the plain loop (= cores of the local Spark master)
 * @param plainSeconds wall time of the plain multi-threaded loop (mean of a run before and one after Spark's)
 * @param sparkSeconds wall time of the Spark job in local mode (catalog, broadcast, evaluation and
 *     the Parquet write included; session start excluded)
 * @param sparkEvaluationSeconds thread-seconds the Spark tasks spent inside evaluations (the sum of
 *     {@code eval_micros}): what the allocator cost there, the rest of {@code threads x sparkSeconds}
 *     being Spark, row conversion and Parquet
 * @param plainCpuSeconds CPU time of the whole JVM during a plain loop (mean of the two runs; 0 where the
 *     runtime does not report CPU time)
 * @param sparkCpuSeconds CPU time of the whole JVM during the Spark job (every thread: tasks, driver,
 *     garbage collection, JIT); unlike wall time, it does not grow when other processes share the cores
 */
public record SweepBenchResult(int kernels, int configurations, long evaluations, int threads, double plainSeconds,
        double sparkSeconds, double sparkEvaluationSeconds, double plainCpuSeconds, double sparkCpuSeconds) {

    /** CPU time of the JVM per evaluation in the plain loop, in µs. */
    public double plainCpuMicros() {
        return plainCpuSeconds * 1e6 / evaluations;
    }

    /** CPU time of the JVM per evaluation in the Spark job, in µs. */
    public double sparkCpuMicros() {
        return sparkCpuSeconds * 1e6 / evaluations;
    }

    /** Thread-seconds per evaluation in the plain loop. */
    public double plainMicrosPerEvaluation() {
        return plainSeconds * threads * 1e6 / evaluations;
    }

    /** Thread-seconds per evaluation inside Spark tasks' evaluations. */
    public double sparkEvaluationMicros() {
        return sparkEvaluationSeconds * 1e6 / evaluations;
    }

    /** Thread-seconds per evaluation of Spark outside the evaluations. */
    public double sparkOverheadMicros() {
        return (sparkSeconds * threads - sparkEvaluationSeconds) * 1e6 / evaluations;
    }

    public double plainPerSecond() {
        return evaluations / plainSeconds;
    }

    public double sparkPerSecond() {
        return evaluations / sparkSeconds;
    }

    /** Spark's rate as a share of the plain loop's. */
    public double ratio() {
        return sparkPerSecond() / plainPerSecond();
    }
}
