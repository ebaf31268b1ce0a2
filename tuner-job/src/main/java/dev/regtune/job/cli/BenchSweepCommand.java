package dev.regtune.job.cli;

import dev.regtune.datasets.BundledCorpus;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.bench.SweepBenchResult;
import dev.regtune.job.bench.SweepBenchmark;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasInstallation;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ConfigurationTable;
import dev.regtune.job.sweep.EvaluationLimits;
import dev.regtune.job.sweep.Evaluator;
import dev.regtune.job.sweep.EvaluatorSettings;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.PendingPairs;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepConfiguration;
import dev.regtune.job.sweep.SweepPlan;
import dev.regtune.job.sweep.SweepRequest;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.SamplerKind;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code regtune bench-sweep}: the sweep in Spark local mode against a plain multi-threaded loop. */
@Command(name = "bench-sweep",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Benchmark (not a test) of the sweep's throughput: the same kernel x configuration evaluations run "
                    + "once on a plain pool of threads in this JVM and once as the real Spark job in local mode "
                    + "(local[THREADS], Parquet written to a scratch folder), after a warm-up of both. Reports "
                    + "evaluations per second of each and Spark's share of the plain loop's rate.",
            "Default: synthetic accumulator kernels, small enough that 10^6 evaluations take a minute on two cores.",
            "With --evaluator ptxas both sides run the real ptxas, one process per evaluation and no cache, on the "
                    + "bundled corpus by default: ptxas evaluations per second in Spark against a plain parallel loop "
                    + "of ptxas processes."
        })
public final class BenchSweepCommand extends RegtuneCommand {
    /**
     * Rounds of the Spark warm-up sweep with the real ptxas (one configuration over the kernels,
     * each round into a fresh folder): enough rows and tasks that the JIT has compiled Spark's
     * write path before the measured sweep (one round left it compiling about 5,000 methods of
     * Spark and Parquet during the measurement, 8 CPU-seconds on 2 cores).
     */
    static final int PTXAS_WARMUP_ROUNDS = 10;


    @Option(names = "--kernels", paramLabel = "PATH|MANIFEST",
            description = "A manifest, PTX file or folder (default: --synthetic kernels).")
    Path kernels;

    @Option(names = "--synthetic", paramLabel = "SPEC", defaultValue = "accumulators:instructions=40",
            description = "Synthetic kernels when --kernels is not given (default: ${DEFAULT-VALUE}).")
    String synthetic;

    @Option(names = "--synthetic-count", paramLabel = "K", defaultValue = "100",
            description = "How many synthetic kernels (default: ${DEFAULT-VALUE}).")
    int syntheticCount;

    @Option(names = "--space", paramLabel = "SPEC", required = true,
            description = "The knob space the configurations are drawn from (Sobol).")
    Path spaceFile;

    @Option(names = "--evaluations", paramLabel = "N", defaultValue = "1000000",
            description = "Evaluations (kernels x configurations; the configuration count is rounded up) "
                    + "(default: ${DEFAULT-VALUE}).")
    long evaluations;

    @Option(names = "--arch", paramLabel = "ARCH", defaultValue = "sm_90",
            description = "Architecture of the kernels (default: ${DEFAULT-VALUE}).")
    String arch;

    @Option(names = "--chunk-size", paramLabel = "N", defaultValue = "1000000",
            description = "Evaluations per atomic write of the Spark job, as sweep's option (default: ${DEFAULT-VALUE}).")
    int chunkSize;

    @Option(names = "--threads", paramLabel = "N",
            description = "Threads of the plain loop and of local[N] (default: the number of processors).")
    int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--evaluator", paramLabel = "EVALUATOR", defaultValue = "model",
            converter = EvaluatorOptions.EvaluatorConverter.class,
            description = "model (RegTune's allocator) or ptxas (one real ptxas process per evaluation on both "
                    + "sides, without the ptxas cache; default kernels: the bundled corpus manifest) "
                    + "(default: ${DEFAULT-VALUE}).")
    Evaluator evaluator = Evaluator.MODEL;

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas of --evaluator ptxas (default: the one on the PATH).")
    @Nullable Path ptxas;

    @Override
    protected int run() throws IOException {
        Path spec = Arguments.readableFile(spaceFile, "space spec");
        KnobSpace space = SpaceValidateCommand.load(spec);
        String specText = Files.readString(spec, StandardCharsets.UTF_8);
        String archName = Arguments.arch(arch).name();
        if (threads < 1 || evaluations < 1 || chunkSize < 1) {
            throw new UsageException("--threads, --evaluations and --chunk-size must be at least 1");
        }
        EvaluatorSettings evaluators = evaluators(space);
        Path kernelPath = kernels != null || !evaluator.runsPtxas() ? kernels : BundledCorpus.manifest().orElseThrow(() ->
                new UsageException("--evaluator ptxas without --kernels sweeps the bundled manifest "
                        + BundledCorpus.MANIFEST + ", which is not here; run from the RegTune checkout or name the "
                        + "kernels"));
        KernelSource source = kernelPath != null ? SweepCommand.kernelSource(kernelPath)
                : KernelSource.synthetic(synthetic + (synthetic.contains("arch=") ? "" : ",arch=" + archName),
                        syntheticCount, 1);
        long configs = configurationsFor(source, space, archName);
        Path scratch = Files.createTempDirectory("regtune-bench-sweep");
        PrintWriter err = err();
        try (SparkSessions.Session session = SparkSessions.session("regtune bench-sweep",
                Optional.of("local[" + threads + "]"))) {
            SparkSession spark = session.spark();
            // as many pairs as the plain loop's warm-up: configs x kernels is about --evaluations
            long warmConfigs = evaluator.runsPtxas() ? 1 : Math.max(1, Math.min(configs,
                    (long) Math.ceil(configs * (double) SweepBenchmark.WARMUP_PAIRS / evaluations)));
            SweepRequest warm = request(source, space, specText, warmConfigs, archName, kernelPath)
                    .withEvaluators(warmupEvaluators(evaluators, scratch));
            SweepRequest real = request(source, space, specText, configs, archName, kernelPath)
                    .withEvaluators(evaluators);
            SweepBenchmark.Warmup warmup = new SweepBenchmark.Warmup(warm,
                    evaluator.runsPtxas() ? PTXAS_WARMUP_ROUNDS : 1, scratch.resolve("warmup"));
            SweepBenchResult r = new SweepBenchmark(spark, err).run(warmup, real,
                    new ResultStore(scratch.resolve("sweep")), configs, threads);
            PrintWriter o = out();
            PtxasEvaluator realPtxas = evaluators.ptxas();
            o.printf("kernels %d x configurations %d = %d evaluations%s, %d threads%n", r.kernels(), r.configurations(),
                    r.evaluations(), realPtxas != null ? " by " + realPtxas.modelVersion()
                            + " (one process each, no cache)" : "", r.threads());
            o.printf("plain loop      %8s s  %10s evaluations/s%n", Numbers.fixed(r.plainSeconds(), 2),
                    Numbers.fixed(r.plainPerSecond(), 0));
            o.printf("spark local[%d]  %8s s  %10s evaluations/s  (Parquet written)%n", r.threads(),
                    Numbers.fixed(r.sparkSeconds(), 2), Numbers.fixed(r.sparkPerSecond(), 0));
            o.printf("spark / plain   %s%n", Numbers.percent(r.ratio()));
            o.printf("per evaluation: plain loop %s µs; in Spark %s µs evaluating + %s µs outside (thread time)%n",
                    Numbers.fixed(r.plainMicrosPerEvaluation(), 1), Numbers.fixed(r.sparkEvaluationMicros(), 1),
                    Numbers.fixed(r.sparkOverheadMicros(), 1));
            if (r.plainCpuSeconds() > 0) {
                o.printf("CPU time per evaluation (whole JVM: GC, JIT, driver included): plain loop %s µs; Spark %s µs "
                        + "(%s)%n", Numbers.fixed(r.plainCpuMicros(), 1), Numbers.fixed(r.sparkCpuMicros(), 1),
                        Numbers.percent(r.plainCpuMicros() / r.sparkCpuMicros()));
            }
            o.flush();
            return 0;
        } finally {
            deleteTree(scratch);
        }
    }

    /**
     * The Spark warm-up's evaluators: the measured ones, except that the real ptxas keeps its
     * outcomes in a scratch cache. The warm-up sweep of the real ptxas (its {@value #PTXAS_WARMUP_ROUNDS}
     * rounds of the same pairs) then compiles each pair once and serves the later rounds from the
     * cache, so Spark's task, row and Parquet code runs over thousands of ptxas rows before the
     * measurement, as the plain loop's code has run, at the cost of one round of ptxas processes.
     * The measured sweep has no cache.
     */
    private static EvaluatorSettings warmupEvaluators(EvaluatorSettings evaluators, Path scratch) {
        PtxasEvaluator p = evaluators.ptxas();
        return p == null ? evaluators : new EvaluatorSettings(evaluators.evaluator(), new PtxasEvaluator(p.executable(),
                p.version(), p.timeoutMillis(), scratch.resolve("warmup-ptxas-cache").toString()));
    }

    /**
     * The evaluator of both sides: the model, or the real ptxas probed and checked against the
     * space's controls, without a cache (each side compiles every pair).
     */
    private EvaluatorSettings evaluators(KnobSpace space) {
        if (evaluator == Evaluator.MODEL) {
            return EvaluatorSettings.MODEL;
        }
        if (evaluator == Evaluator.BOTH) {
            throw new UsageException("bench-sweep measures one evaluator at a time: --evaluator model or ptxas");
        }
        Path executable = PtxasExecutable.resolve(ptxas, EvaluatorOptions::onPath, "--evaluator ptxas");
        PtxasInstallation installed;
        try {
            installed = PtxasInstallation.probe(executable);
            installed.requireKnown(EvaluatorOptions.controls(space));
        } catch (IOException e) {
            throw new UsageException("--evaluator ptxas cannot use " + executable + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        return new EvaluatorSettings(Evaluator.PTXAS, new PtxasEvaluator(executable.toString(), installed.version(),
                Math.round(EvaluatorOptions.DEFAULT_TIMEOUT_SECONDS * 1000), null));
    }

    /**
     * How many Sobol configurations give about {@code --evaluations} pairs: a space whose
     * configurations name architectures applies only some of them to the kernels' one.
     */
    private long configurationsFor(KernelSource source, KnobSpace space, String archName) {
        KernelCatalog catalog = KernelCatalog.of(source, Optional.of(archName), archName);
        long configs = Math.max(1, (evaluations + catalog.size() - 1) / Math.max(1, catalog.size()));
        for (int round = 0; round < 4; round++) {
            List<SweepConfiguration> list = SamplerKind.SOBOL.create(0).stream(space, configs)
                    .map(SweepConfiguration::of).toList();
            long pairs = new PendingPairs(catalog, new ConfigurationTable(list)).total();
            if (pairs >= evaluations || list.size() < configs) {
                return configs;
            }
            configs = (long) Math.ceil(configs * (double) evaluations / Math.max(1, pairs));
        }
        return configs;
    }

    private SweepRequest request(KernelSource source, KnobSpace space, String specText, long configs, String archName,
            @Nullable Path kernelPath) {
        return new SweepRequest(source, kernelPath == null ? "synthetic:" + synthetic : kernelPath.toString(), space,
                specText, new SweepPlan.Sampled(SamplerKind.SOBOL, configs), Optional.of(archName), archName, false,
                Optional.empty(), 0, chunkSize, 0, false, EvaluationLimits.DEFAULT, Long.MAX_VALUE);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
