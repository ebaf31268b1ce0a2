package dev.regtune.job.bench;

import dev.regtune.job.sweep.ConfigurationTable;
import dev.regtune.job.sweep.EvaluatorSettings;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.PendingPairs;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepConfiguration;
import dev.regtune.job.sweep.SweepJob;
import dev.regtune.job.sweep.SweepProgress;
import dev.regtune.job.sweep.SweepRequest;
import dev.regtune.job.sweep.SweepSummary;
import dev.regtune.space.sample.SamplerKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import dev.regtune.job.results.ResultColumns;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/**
 * Evaluations per second of the sweep in Spark local mode against a plain multi-threaded loop over
 * the same evaluations in the same JVM. Both sides are warmed up first on a slice of the pairs (about
 * {@value #WARMUP_PAIRS} each);
 * then the plain loop runs, then the real {@link SweepJob} (into an empty output folder), then the
 * plain loop again: its time is the mean of the two runs, so a drift of the machine's speed
 * during the benchmark does not favour either side. Spark
 * pays for everything a user's sweep pays for except the session start: building and
 * broadcasting the catalog, scheduling, row conversion and the Parquet write.
 *
 * <p>With the real ptxas as evaluator ({@code bench-sweep --evaluator ptxas}) both sides run one
 * ptxas process per pair on the same inputs, without the ptxas cache (which would serve the second
 * side from the first), so the comparison is ptxas evaluations per second in Spark against a plain
 * parallel loop of ptxas processes. Its Spark warm-up is several rounds of a one-configuration
 * sweep whose ptxas outcomes a scratch cache serves after the first ({@link Warmup}): one round
 * writes too few rows for the JIT to compile Spark's task and Parquet code, which it then did
 * during the measurement, on the cores the ptxas processes needed.
 */
public final class SweepBenchmark {
    /**
     * Pairs each side is warmed up on: the plain loop evaluates this many, and the Spark side's
     * warm-up sweep has about as many ({@code bench-sweep} sizes it), so the JIT has compiled both
     * sides' hot code before the measurement.
     */
    public static final int WARMUP_PAIRS = 50_000;
    /** Pairs per thread the plain loop warms up on with the real ptxas (its processes need no warming). */
    private static final int WARMUP_PTXAS_PAIRS = 2;

    private final SparkSession spark;
    private final PrintWriter log;

    public SweepBenchmark(SparkSession spark, PrintWriter log) {
        this.spark = spark;
        this.log = log;
    }

    /**
     * The Spark side's warm-up: {@code rounds} runs of the sweep {@code request}, each into a fresh
     * folder under {@code folder} (a local path), so that every round evaluates and writes all its
     * pairs.
     */
    public record Warmup(SweepRequest request, int rounds, Path folder) {
    }

    /**
     * Runs both sides on {@code request} (a sampled sweep of {@code count} configurations into an
     * empty folder at {@code out}), after the Spark {@code warmup}.
     */
    public SweepBenchResult run(Warmup warmup, SweepRequest request, ResultStore out, long count, int threads)
            throws IOException {
        for (int round = 0; round < warmup.rounds(); round++) {
            ResultStore folder = new ResultStore(warmup.folder().resolve("round-" + round));
            new SweepJob(spark, folder, new SweepProgress(new PrintWriter(java.io.Writer.nullWriter()), false))
                    .run(warmup.request());
        }
        KernelCatalog kernels = KernelCatalog.of(request.kernels(), request.arch(), request.fallbackArch());
        EvaluatorSettings evaluators = request.evaluators();
        List<SweepConfiguration> list = new ArrayList<>();
        SamplerKind.SOBOL.create(request.seed()).stream(request.space(), count)
                .forEach(c -> list.addAll(evaluators.configurations(c)));
        ConfigurationTable configurations = new ConfigurationTable(list);
        long[] codes = new PendingPairs(kernels, configurations).codes();
        log.printf("bench-sweep: %d kernels x %d configurations = %d evaluations, %d threads%n", kernels.size(),
                configurations.size(), codes.length, threads);
        log.flush();
        int warmupPairs = evaluators.evaluator().runsPtxas() ? WARMUP_PTXAS_PAIRS * threads : WARMUP_PAIRS;
        long[] warm = Arrays.copyOf(codes, Math.min(codes.length, warmupPairs));
        PlainLoop.run(kernels, configurations, warm, threads, evaluators);
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        long checksum = PlainLoop.run(kernels, configurations, codes, threads, evaluators);
        double plain = (System.nanoTime() - t0) / 1e9;
        double plainCpu = (cpuNanos() - c0) / 1e9;
        log.printf("bench-sweep: plain loop %.2f s (checksum %d)%n", plain, checksum);
        log.flush();
        long c1 = cpuNanos();
        SweepSummary s = new SweepJob(spark, out, new SweepProgress(log, false)).run(request);
        double sparkCpu = (cpuNanos() - c1) / 1e9;
        if (s.written() != codes.length) {
            throw new IllegalStateException("the Spark job wrote " + s.written() + " rows, expected " + codes.length);
        }
        double evalSeconds = out.read(spark).agg(functions.sum(ResultColumns.EVAL_MICROS)).first().getLong(0) / 1e6;
        log.printf("bench-sweep: Spark tasks spent %.2f thread-seconds inside evaluations (eval_micros)%n", evalSeconds);
        long c2 = cpuNanos();
        long t1 = System.nanoTime();
        PlainLoop.run(kernels, configurations, codes, threads, evaluators);
        double plainAfter = (System.nanoTime() - t1) / 1e9;
        plainCpu += (cpuNanos() - c2) / 1e9;
        log.printf("bench-sweep: plain loop again after the Spark job %.2f s%n", plainAfter);
        log.flush();
        return new SweepBenchResult(kernels.size(), configurations.size(), codes.length, threads,
                (plain + plainAfter) / 2, s.wallSeconds(), evalSeconds, plainCpu / 2, sparkCpu);
    }

    /**
     * CPU time of the whole JVM so far (every thread: evaluations, Spark, garbage collection, JIT),
     * or 0 where the runtime does not report it. Unlike wall time it does not grow when other
     * processes take the cores, so it compares the two sides on a busy machine too.
     */
    static long cpuNanos() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? Math.max(0, os.getProcessCpuTime()) : 0;
    }
}
