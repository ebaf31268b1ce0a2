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
 */
public record SweepBenchResult(int kernels, int configurations, long evaluations, int threads, double plainSeconds,
        double sparkSeconds) {

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
