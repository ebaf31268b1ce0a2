package dev.regtune.job.cli;

import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasInstallation;
import dev.regtune.job.sweep.Evaluator;
import dev.regtune.job.sweep.EvaluatorSettings;
import dev.regtune.job.sweep.SweepPlan;
import dev.regtune.space.Configuration;
import dev.regtune.space.Dimension;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * The sweep's evaluator options ({@code --evaluator}, {@code --ptxas}, {@code --ptxas-timeout},
 * {@code --ptxas-cache}), and the start-up check of the real ptxas they ask for: found, runnable,
 * and knowing every control the space sets, each problem one sentence before any work.
 */
final class EvaluatorOptions {
    /** Seconds one ptxas process may run by default. */
    static final double DEFAULT_TIMEOUT_SECONDS = 300;

    @Option(names = "--evaluator", paramLabel = "EVALUATOR", defaultValue = "model",
            converter = EvaluatorConverter.class,
            description = "model (RegTune's allocator, every knob), ptxas (the real ptxas, public controls only: "
                    + "maxrregcount, launch_bounds and the space's \"ptxas\" controls), or both (a model row and a "
                    + "ptxas row per kernel and configuration) (default: ${DEFAULT-VALUE}).")
    Evaluator evaluator = Evaluator.MODEL;

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas executable of --evaluator ptxas|both (default: the one on the PATH). It must "
                    + "exist at this path on every executor.")
    @Nullable Path ptxas;

    @Option(names = "--ptxas-timeout", paramLabel = "S", defaultValue = "300",
            description = "A ptxas process running longer is killed and its row is a TIMEOUT (0: no limit; "
                    + "default: ${DEFAULT-VALUE}).")
    double ptxasTimeout = DEFAULT_TIMEOUT_SECONDS;

    @Option(names = "--ptxas-cache", paramLabel = "DIR",
            description = "Where ptxas outcomes are kept by content hash (PTX text, architecture, controls, ptxas "
                    + "version), so a repeated or resumed sweep never compiles the same thing twice (default: "
                    + "OUT/ptxas-cache; on a multi-host cluster, storage every executor can write).")
    @Nullable Path ptxasCache;

    /**
     * The evaluators of a sweep over {@code space} writing into {@code out}: the model alone, or the
     * real ptxas found, probed and checked against the space's controls.
     *
     * @param onPath finds ptxas on the PATH (tests replace it)
     * @throws UsageException when ptxas is missing or cannot run, lacks a control of the space, or the
     *     plan is an adaptive strategy (which reads the model's estimates)
     */
    EvaluatorSettings settings(KnobSpace space, Optional<Path> localOut, SweepPlan plan,
            Supplier<Optional<Path>> onPath) {
        if (!evaluator.runsPtxas()) {
            return EvaluatorSettings.MODEL;
        }
        String option = "--evaluator " + evaluator.columnValue();
        if (plan instanceof SweepPlan.Adaptive) {
            throw new UsageException(option + " works with a sampler (--sampler, -n): the adaptive strategies read "
                    + "the model's estimated times and latencies, which ptxas rows do not have");
        }
        if (!(ptxasTimeout >= 0)) {
            throw new UsageException("--ptxas-timeout must be 0 (no limit) or more seconds, not " + ptxasTimeout);
        }
        Path executable = PtxasExecutable.resolve(ptxas, onPath, option);
        PtxasInstallation installed;
        try {
            installed = PtxasInstallation.probe(executable);
        } catch (IOException e) {
            throw new UsageException(option + " cannot use " + executable + ": " + e.getMessage());
        }
        try {
            installed.requireKnown(controls(space));
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Path cache = ptxasCache != null ? ptxasCache : localOut.map(o -> o.resolve("ptxas-cache"))
                .orElseThrow(() -> new UsageException(option + " with --out on a Hadoop file system needs "
                        + "--ptxas-cache, a local folder for the compiled results"));
        return new EvaluatorSettings(evaluator, new PtxasEvaluator(executable.toString(), installed.version(),
                Math.round(ptxasTimeout * 1000), cache.toAbsolutePath().toString()));
    }

    /** The controls a sweep over {@code space} passes to ptxas. */
    static List<PtxasControl> controls(KnobSpace space) {
        List<PtxasControl> used = new ArrayList<>();
        for (Dimension d : space.dimensionList()) {
            if (d.name().equals(Configuration.REGISTER_BUDGET)) {
                used.add(PtxasControls.MAXRREGCOUNT);
            } else if (d.name().equals(Configuration.LAUNCH_BOUNDS)) {
                used.addAll(List.of(PtxasControls.MAXNTID, PtxasControls.MINNCTAPERSM,
                        PtxasControls.OVERRIDE_DIRECTIVE_VALUES));
            } else if (PtxasControls.isControlDimension(d.name())) {
                PtxasControls.byName(d.name()).ifPresent(used::add);
            }
        }
        return used;
    }

    /** The default ptxas lookup: the first on the PATH. */
    static Optional<Path> onPath() {
        return PtxasRunner.onPath();
    }

    /** {@code --evaluator}: model, ptxas or both. */
    static final class EvaluatorConverter implements ITypeConverter<Evaluator> {
        @Override
        public Evaluator convert(String value) {
            try {
                return Evaluator.named(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
