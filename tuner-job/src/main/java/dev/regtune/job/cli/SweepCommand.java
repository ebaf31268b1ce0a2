package dev.regtune.job.cli;

import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.datasets.BundledCorpus;
import dev.regtune.datasets.load.KernelSource;
import dev.regtune.job.io.IoFailures;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.EvaluationLimits;
import dev.regtune.job.sweep.Evaluator;
import dev.regtune.job.storage.Location;
import dev.regtune.job.sweep.PtxFolderKernels;
import dev.regtune.job.sweep.RemoteKernels;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SearchObjective;
import dev.regtune.job.sweep.SweepException;
import dev.regtune.job.sweep.SweepJob;
import dev.regtune.job.sweep.SweepPlan;
import dev.regtune.job.sweep.SweepProgress;
import dev.regtune.job.sweep.SweepRequest;
import dev.regtune.job.sweep.SweepSummary;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import dev.regtune.space.sample.SamplerKind;
import dev.regtune.space.search.Strategy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code regtune sweep}: the Spark job, kernels x configurations into the Parquet result table. */
@Command(name = "sweep",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Evaluate every kernel under every configuration of a knob space on Spark and append one row per "
                    + "evaluation to a Parquet table (DIR/results, partitioned by run_id and arch). Spark runs "
                    + "embedded in local mode unless --master or spark-submit names a cluster. A kernel that does "
                    + "not parse or allocate is a row with its status and message, never a failed job. A PTX file "
                    + "that cannot be read (permission denied), or a sub-folder that cannot be listed, has no rows: "
                    + "a note names it and why, the run record lists it (kernels.unreadable_files), and the other "
                    + "files are swept.",
            "Configurations come from a sampler (--sampler, -n) or an adaptive strategy (--strategy, --budget)."
        })
public final class SweepCommand extends RegtuneCommand {

    @Option(names = "--kernels", paramLabel = "PATH|MANIFEST",
            description = "A corpus manifest (.csv), a PTX file or a folder of PTX files, as a path or a Hadoop "
                    + "URI (hdfs://..., file:..., s3a://... with the connector): remote kernels are copied to the "
                    + "driver once (default: the bundled corpus manifest, " + BundledCorpus.MANIFEST + ").")
    String kernels;

    @Option(names = "--space", paramLabel = "SPEC", required = true,
            description = "The knob space, a JSON spec (see spaces/), as a path or a Hadoop URI.")
    String spaceFile;

    @ArgGroup(exclusive = true)
    Plan plan = new Plan();

    /** A sampler or a strategy, not both. */
    static final class Plan {
        @ArgGroup(exclusive = false)
        Sampled sampled;

        @ArgGroup(exclusive = false)
        Adaptive adaptive;
    }

    /** --sampler and -n. */
    static final class Sampled {
        @Option(names = "--sampler", paramLabel = "SAMPLER", required = true,
                converter = ChoiceConverters.SamplerKindConverter.class,
                description = "${COMPLETION-CANDIDATES} (default: grid, or sobol with -n).")
        SamplerKind sampler;

        @Option(names = {"-n", "--count"}, paramLabel = "N",
                description = "Configurations to sample (grid: at most this many; default: the whole grid).")
        Long count;
    }

    /** --strategy and --budget. */
    static final class Adaptive {
        @Option(names = "--strategy", paramLabel = "STRATEGY", required = true,
                converter = ChoiceConverters.StrategyConverter.class,
                description = "halving (successive halving over kernels), bayes (tree-structured Parzen "
                        + "estimator) or nsga2 (multi-objective: time, latency, spills, registers).")
        Strategy strategy;

        @Option(names = "--budget", paramLabel = "N", required = true,
                description = "Configurations to evaluate (halving: in its first round).")
        int budget;

        @Option(names = "--objective", paramLabel = "OBJECTIVE", defaultValue = "time",
                description = "What halving and bayes minimise: time (geometric mean of est_time_cycles, the "
                        + "occupancy-aware kernel time), latency (geometric mean of est_latency_cycles), spills "
                        + "(spill bytes) or registers (default: ${DEFAULT-VALUE}).")
        String objective;
    }

    /**
     * The base knobs of every configuration: a knob of the profile that is not a dimension of the
     * space is added to it as a fixed dimension, so its value is in every configuration, its id and
     * its row; the space's own dimensions override the profile (a sweep explores around it).
     */
    @Mixin
    ProfileOption profileOption = new ProfileOption();

    @Option(names = "--arch", paramLabel = "ARCH",
            description = "Only kernels compiled for this architecture (e.g. sm_90); default: every kernel, "
                    + "each on its own architecture.")
    String arch;

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "The output folder: DIR/results (Parquet), DIR/runs/RUN_ID.json, the writer's lease "
                    + "DIR/lease and chunks in progress DIR/staging. One sweep writes a folder at a time. A local "
                    + "or shared POSIX path, or a Hadoop URI with atomic rename (hdfs://namenode:8020/sweeps/x, "
                    + "file:///...): on a multi-host cluster, storage every executor can write. Object stores "
                    + "(s3a:, gs:, abfs:...) are refused: their rename is a copy, so a chunk could not be committed "
                    + "atomically; sweep to HDFS and copy the finished folder there.")
    String out;

    @Mixin
    SparkConfOptions spark = new SparkConfOptions();

    @Option(names = "--master", paramLabel = "MASTER",
            description = "Spark master: local[*], local[N] or spark://HOST:PORT (default: spark-submit's, "
                    + "else " + SparkSessions.DEFAULT_MASTER + ").")
    String master;

    @Option(names = "--resume",
            description = "Complete an existing run: evaluate only the (kernel, configuration, model version) "
                    + "results the table does not have yet.")
    boolean resume;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "The run's id (default: the space's name and a hash of the inputs, so the same sweep "
                    + "gets the same id).")
    String runId;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the sampler or strategy (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--chunk-size", paramLabel = "N", defaultValue = "1000000",
            description = "Evaluations per atomic commit; a run killed part-way loses at most the chunks it "
                    + "was writing (two run at once, the next starting while the previous finishes) "
                    + "(default: ${DEFAULT-VALUE}).")
    int chunkSize;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "0",
            description = "Tasks per chunk, equal in size (default: about 9 per core of the cluster, large first and small "
                    + "last; 24 per core for the real ptxas).")
    int partitions;

    @Option(names = "--verify",
            description = "Run the independent allocation checker on every OK result; a violation is recorded "
                    + "as an ERROR row naming it (slower; meant for tests and audits).")
    boolean verify;

    @Option(names = "--max-evaluations", paramLabel = "N", defaultValue = "1000000000",
            description = "Refuse, before anything runs, a sweep of more evaluations (configurations x kernels) "
                    + "than this, naming its size; with --evaluator both a (kernel, configuration) pair is one "
                    + "evaluation, though it has a model row and a ptxas row (default: ${DEFAULT-VALUE}).")
    long maxEvaluations;

    @Option(names = "--max-instructions", paramLabel = "N", defaultValue = "100000",
            description = "Functions with more instructions are not allocated: each of their rows is an ERROR "
                    + "saying so (0: no limit; default: ${DEFAULT-VALUE}, four times the largest real-world kernel "
                    + "we know).")
    int maxInstructions;

    @Option(names = "--max-evaluation-seconds", paramLabel = "S", defaultValue = "300",
            description = "An evaluation running longer is stopped and recorded as an ERROR row; the job goes on "
                    + "(0: no limit; default: ${DEFAULT-VALUE}).")
    double maxEvaluationSeconds;

    @Mixin
    EvaluatorOptions evaluators = new EvaluatorOptions();

    @Override
    protected int run() throws IOException {
        try {
            ResultStore.refuseObjectStore("--out", out);
        } catch (SweepException e) {
            throw new UsageException(e.getMessage());
        }
        SweepRequest request = request();
        Location outLocation = Arguments.location(out, "--out", spark.hadoop());
        ResultStore store = new ResultStore(outLocation);
        request = request.withEvaluators(evaluators.settings(request.space(), outLocation.localPath(),
                request.plan(), EvaluatorOptions::onPath));
        PrintWriter err = err();
        SweepProgress progress = new SweepProgress(err, System.console() != null);
        try (SparkSessions.Session session = SparkSessions.session("regtune sweep", Optional.ofNullable(master),
                spark.settings())) {
            SweepSummary s = new SweepJob(session.spark(), store, progress).run(request);
            print(s);
            return 0;
        } catch (SweepException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private void print(SweepSummary s) {
        PrintWriter o = out();
        boolean both = evaluators.evaluator == Evaluator.BOTH;
        o.printf(Locale.ROOT, "run %s (model %s): %d kernels x %d configurations = %d evaluations%s%n", s.runId(),
                s.modelVersion(), s.kernels(), s.configurations(), s.evaluations(),
                both ? " (each by the model and by ptxas: " + 2 * s.evaluations() + " rows)" : "");
        if (s.skipped() > 0) {
            o.printf(Locale.ROOT, "  %d %salready in the table (skipped), %d evaluated now%n", s.skipped(),
                    both ? "rows " : "", s.written());
        }
        StringBuilder rows = new StringBuilder();
        for (Map.Entry<String, Long> e : s.runRows().entrySet()) {
            rows.append(rows.length() == 0 ? "" : ", ").append(e.getValue()).append(' ').append(e.getKey());
        }
        o.printf(Locale.ROOT, "  rows of the run: %d (%s)%n", s.runTotal(), rows.length() == 0 ? "none" : rows);
        o.printf(Locale.ROOT, "  wall time %s s, %s evaluations/s%n", Numbers.fixed(s.wallSeconds(), 1),
                Numbers.fixed(s.evaluationsPerSecond(), 0));
        o.println("  results: " + s.results());
        o.println("  run record: " + s.runRecord());
        o.flush();
    }

    private SweepRequest request() {
        Location spec = Arguments.readableFile(Arguments.location(spaceFile, "--space", spark.hadoop()),
                "space spec");
        KnobSpace space = spec.localPath().isPresent() ? SpaceValidateCommand.load(spec.localPath().get()) : null;
        String specText;
        try {
            specText = spec.readString();
        } catch (IOException e) {
            throw new UsageException(IoFailures.sentence("read space spec", spec, e));
        }
        if (space == null) {
            try {
                space = SpaceSpecReader.parse(specText, spec.name());
            } catch (SpaceSpecException e) {
                throw new UsageException(spec + ": " + e.getMessage());
            }
        }
        if (profileOption.given()) {
            KnobProfile profile = profileOption.profile().orElseThrow();
            space = ProfiledSpace.of(space, profile.knobs());
            // The run's identity covers the base knobs too: the same spec over another profile is another run.
            specText = specText + "\n// --profile\n" + ProfileFormat.JSON.toText(profile);
        }
        Optional<String> archFilter = Optional.ofNullable(arch).map(a -> Arguments.arch(a).name());
        Location kernelPath = kernels != null ? Arguments.location(kernels, "--kernels", spark.hadoop())
                : Location.local(BundledCorpus.manifest().orElseThrow(() ->
                        new UsageException("no --kernels given and the bundled manifest " + BundledCorpus.MANIFEST
                                + " is not here; run from the RegTune checkout or name the kernels")));
        KernelSource source = kernelSource(kernelPath);
        if (chunkSize < 1) {
            throw new UsageException("--chunk-size must be at least 1, not " + chunkSize);
        }
        if (maxEvaluations < 1 || maxInstructions < 0 || !(maxEvaluationSeconds >= 0)) {
            throw new UsageException("--max-evaluations must be at least 1, and --max-instructions and "
                    + "--max-evaluation-seconds 0 (no limit) or more");
        }
        if (partitions < 0) {
            throw new UsageException("--partitions must be 0 (automatic) or more, not " + partitions);
        }
        return new SweepRequest(source, kernelPath.toString(), space, specText, plan(), archFilter,
                archFilter.orElse(ArchProfiles.of("sm_90").name()), resume, Optional.ofNullable(runId), seed,
                chunkSize, partitions, verify, new EvaluationLimits(maxInstructions, maxEvaluationSeconds,
                        EvaluationLimits.DEFAULT.heapFraction()), maxEvaluations);
    }

    private SweepPlan plan() {
        if (plan.adaptive != null) {
            Adaptive a = plan.adaptive;
            if (a.budget < 1) {
                throw new UsageException("--budget must be at least 1, not " + a.budget);
            }
            try {
                return new SweepPlan.Adaptive(a.strategy, a.budget, SearchObjective.named(a.objective));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        SamplerKind sampler = plan.sampled == null ? SamplerKind.GRID : plan.sampled.sampler;
        Long n = plan.sampled == null ? null : plan.sampled.count;
        if (n == null && sampler.needsCount()) {
            throw new UsageException("--sampler " + sampler.cliName() + " needs -n N, the number of configurations");
        }
        if (n != null && n < 1) {
            throw new UsageException("-n must be at least 1, not " + n);
        }
        return new SweepPlan.Sampled(sampler, n == null ? Long.MAX_VALUE : n);
    }

    /**
     * The kernels at {@code where}: a manifest for a {@code .csv}, else a PTX file or folder; kernels
     * on a Hadoop file system are copied to this machine first ({@link RemoteKernels}).
     */
    static KernelSource kernelSource(Location where) {
        if (where.localPath().isPresent()) {
            return kernelSource(where.localPath().get());
        }
        try {
            if (!where.exists()) {
                throw new UsageException("--kernels '" + where + "' does not exist; expected a manifest .csv, a PTX "
                        + "file or a folder of them");
            }
            return RemoteKernels.of(where);
        } catch (IOException e) {
            throw new UsageException(IoFailures.sentence("read --kernels", where, e));
        } catch (UncheckedIOException e) {
            throw new UsageException("cannot read --kernels '" + where + "': " + IoFailures.reason(e));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The kernels at {@code p}: a manifest for a {@code .csv}, else a PTX file or folder. */
    static KernelSource kernelSource(Path p) {
        if (!Files.exists(p)) {
            throw new UsageException("--kernels '" + p + "' does not exist; expected a manifest .csv, a PTX file "
                    + "or a folder of them");
        }
        if (Files.isRegularFile(p) && p.getFileName().toString().endsWith(".csv")) {
            try {
                return KernelSource.manifest(p);
            } catch (IOException | IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return PtxFolderKernels.of(p); // an unreadable file is noted and recorded, not the end of the sweep
    }
}
