package dev.regtune.job.sweep;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStats;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.calls.ModuleAllocator;
import dev.regtune.core.check.AllocationChecker;
import dev.regtune.core.check.CheckReport;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.space.Configuration;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Evaluates (kernel, configuration) pairs into result rows laid out as {@link
 * ResultSchema#fileSchema()}: the run and the architecture are the folder the row is written to. One
 * instance per task; it holds the knob values of each configuration decoded once. Each pair is
 * allocated by the allocator family its configuration's {@code allocator} knob names
 * ({@link Allocators#forKnobs}), and its row carries that family's {@code model_version}. A failure
 * of any kind is a row (ALLOC_FAILED, PARSE_ERROR, ERROR), never an exception, so one bad kernel or
 * one bad configuration never fails a task. Instances are cheap (one per task); the decoded knobs
 * and allocators live in the shared {@link ConfigurationTable}.
 */
public final class PairEvaluator {
    private static final int KNOB_START = ResultSchema.fileIndexOf(ResultColumns.CONFIG_ID) + 1;
    private static final int COLUMNS = ResultSchema.fileSchema().size();
    /** The ptxas control columns, in schema order. */
    private static final List<String> CONTROL_COLUMNS = dev.regtune.space.controls.PtxasControls.all().stream()
            .filter(c -> c.sweptAs() == dev.regtune.space.controls.PtxasControl.SweptAs.CONTROL)
            .map(ResultColumns::control).toList();

    private final KernelCatalog kernels;
    private final ConfigurationTable configurations;
    private final @Nullable String modelVersionOverride;
    private final boolean verify;
    private final EvaluationLimits limits;
    private final @Nullable PtxasPairEvaluation ptxas;
    /** This task's view of the executor's module cache: one lookup per module, not per evaluation. */
    private final ParsedModule[] modules;

    /**
     * An evaluator whose rows carry each configuration's own {@code model_version}.
     *
     * @param verify whether to run the independent {@link AllocationChecker} on every OK result; a
     *     violation makes the row an ERROR naming it
     */
    public PairEvaluator(KernelCatalog kernels, ConfigurationTable configurations, boolean verify) {
        this(kernels, configurations, null, verify, EvaluationLimits.NONE);
    }

    /**
     * An evaluator whose rows carry {@code modelVersion} in place of each configuration's own, for
     * callers that label rows they do not store (benchmarks); null writes each configuration's.
     *
     * @param verify whether to run the independent {@link AllocationChecker} on every OK result; a
     *     violation makes the row an ERROR naming it
     */
    public PairEvaluator(KernelCatalog kernels, ConfigurationTable configurations, @Nullable String modelVersion,
            boolean verify) {
        this(kernels, configurations, modelVersion, verify, EvaluationLimits.NONE);
    }

    /**
     * An evaluator bounded by {@code limits}: a pair that would exceed them is an ERROR row saying
     * which limit, and the task goes on.
     */
    public PairEvaluator(KernelCatalog kernels, ConfigurationTable configurations, @Nullable String modelVersion,
            boolean verify, EvaluationLimits limits) {
        this(kernels, configurations, modelVersion, verify, limits, EvaluatorSettings.MODEL);
    }

    /**
     * An evaluator bounded by {@code limits} that evaluates the configurations of the real ptxas
     * ({@link SweepConfiguration#evaluator()}) with {@code evaluators}' ptxas.
     */
    public PairEvaluator(KernelCatalog kernels, ConfigurationTable configurations, @Nullable String modelVersion,
            boolean verify, EvaluationLimits limits, EvaluatorSettings evaluators) {
        this.ptxas = evaluators.ptxas() == null ? null : new PtxasPairEvaluation(evaluators.ptxas());
        this.verify = verify;
        this.limits = limits;
        this.modules = new ParsedModule[kernels.modules()];
        this.kernels = kernels;
        this.configurations = configurations;
        this.modelVersionOverride = modelVersion;
    }

    /**
     * Pair {@code code} in words, for a failure: "kernel K (entry E of SOURCE, ARCH) under
     * configuration C (maxrregcount N)".
     */
    public String describe(long code) {
        int k = PairCodes.kernel(code);
        int c = PairCodes.configuration(code);
        String kernel = k < kernels.size() ? "kernel " + kernels.kernel(k).id() + " (entry '" + kernels.kernel(k).name()
                + "' of " + kernels.kernel(k).source() + ", " + kernels.kernel(k).arch() + ")" : "kernel #" + k;
        if (c >= configurations.size()) {
            return kernel + " under configuration #" + c;
        }
        SweepConfiguration config = configurations.configuration(c);
        return kernel + " under configuration " + config.configId() + " (maxrregcount " + config.registerBudget()
                + (config.launchBounds() == null ? "" : ", launch bounds " + config.launchBounds()) + ")";
    }

    /** The row of pair {@code code} ({@link PairCodes}). */
    public Object[] evaluate(long code) {
        return evaluate(PairCodes.kernel(code), PairCodes.configuration(code));
    }

    /** The row of kernel {@code k} under configuration {@code c}. */
    public Object[] evaluate(int k, int c) {
        long start = System.nanoTime();
        SweepKernel kernel = kernels.kernel(k);
        SweepConfiguration config = configurations.configuration(c);
        Object[] row = new Object[COLUMNS];
        int i = 0;
        row[i++] = modelVersionOverride != null ? modelVersionOverride : config.modelVersion();
        row[i++] = kernel.id();
        row[i++] = kernel.name();
        row[i++] = kernel.source();
        row[i++] = kernel.family();
        row[i++] = config.configId();
        Object[] knobValues = configurations.knobColumns(c);
        System.arraycopy(knobValues, 0, row, KNOB_START, knobValues.length);
        i = KNOB_START + knobValues.length;
        row[i++] = config.registerBudget();
        row[i++] = config.launchBounds();
        for (String column : CONTROL_COLUMNS) {
            row[i++] = config.control(column);
        }
        row[i++] = config.evaluator().columnValue();
        int command = i++;
        row[command] = null;
        int outcome = i;
        try {
            ParsedModule module = module(kernel);
            if (config.evaluator() == Evaluator.PTXAS) {
                if (ptxas == null) {
                    throw new IllegalStateException("a ptxas configuration reached an evaluator without ptxas");
                }
                ptxas.evaluate(row, command, outcome, kernel, config, kernels.module(kernel.module()), module);
            } else if (module.error() != null) {
                fail(row, outcome, ResultStatus.PARSE_ERROR, module.error());
            } else {
                KernelFunction fn = module.functions().get(kernel.name());
                if (fn == null) {
                    fail(row, outcome, ResultStatus.PARSE_ERROR, kernel.name().isEmpty()
                            ? kernel.source() + ": no kernel entry could be read from the file (it parses, but "
                                    + "defines no .entry)"
                            : kernel.source() + ": the module has no function '" + kernel.name() + "'");
                } else {
                    if (config.launchBounds() != null) {
                        fn = fn.withLaunchBounds(Configuration.parseLaunchBounds(config.launchBounds()));
                    }
                    RegisterAllocator allocator = configurations.allocator(c);
                    java.util.Optional<String> refusal = limits.refusal(fn, allocator);
                    if (refusal.isPresent()) {
                        fail(row, outcome, ResultStatus.ERROR, refusal.get());
                    } else {
                        KernelFunction function = fn;
                        // a module that has the function parsed, so it has its module
                        AllocationResult r = EvaluationTimer.call(limits.maxSeconds(), () -> allocate(module, function,
                                allocator, c, kernel, config));
                        CheckReport check = verify && r.status() == AllocationStatus.OK
                                ? EvaluationTimer.call(limits.maxSeconds(), () -> AllocationChecker.check(
                                        Objects.requireNonNull(r.allocatedFunction()),
                                        Objects.requireNonNull(r.assignment()))) : null; // an OK result has both
                        if (check != null && !check.ok()) {
                            fail(row, outcome, ResultStatus.ERROR, "the allocation checker rejected the result: "
                                    + check.summary());
                        } else {
                            record(row, outcome, r);
                        }
                    }
                }
            }
        } catch (EvaluationTimer.TimedOut e) {
            fail(row, outcome, ResultStatus.ERROR, String.valueOf(e.getMessage()));
        } catch (OutOfMemoryError e) {
            // The evaluation's garbage is unreachable once we are here, so the heap is back; the
            // row says so instead of the executor dying with every other task's rows.
            fail(row, outcome, ResultStatus.ERROR, "not evaluated: the evaluation ran out of memory (executor heap "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MB): " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            fail(row, outcome, ResultStatus.ERROR, e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
        row[COLUMNS - 1] = (System.nanoTime() - start) / 1000L;
        return row;
    }

    private AllocationResult allocate(ParsedModule module, KernelFunction fn, RegisterAllocator allocator, int c,
            SweepKernel kernel, SweepConfiguration config) {
        return ModuleAllocator.allocateFunction(Objects.requireNonNull(module.module()), fn, allocator,
                configurations.knobs(c), ArchProfiles.of(kernel.arch()), config.registerBudget());
    }

    private static void record(Object[] row, int i, AllocationResult r) {
        row[i++] = r.status() == AllocationStatus.OK ? ResultStatus.OK.name() : ResultStatus.ALLOC_FAILED.name();
        row[i++] = r.message() == null ? "" : r.message();
        row[i++] = r.registers();
        row[i++] = r.spills().storeBytes();
        row[i++] = r.spills().loadBytes();
        row[i++] = r.spills().stackFrameBytes();
        row[i++] = r.spills().smemBytes();
        row[i++] = r.usage().uniform();
        row[i++] = r.estimates().latencyCycles();
        row[i++] = r.estimates().occupancy();
        row[i++] = r.estimates().activeWarps();
        KernelTime time = r.estimates().time();
        row[i++] = time.known() ? time.cycles() : null;
        row[i++] = time.known() ? time.bound().name() : null;
        row[i++] = r.stats().attempts();
        CopyCoalescing copies = r.copyCoalescing() == null ? CopyCoalescing.NONE : r.copyCoalescing();
        row[i++] = copies.copiesSeen();
        row[i++] = copies.copiesMerged();
        row[i++] = copies.copiesLeft();
        AllocationStats stats = r.stats();
        row[i++] = stats.spilledValues();
        row[i++] = stats.guidancePicks();
        row[i++] = stats.forcedSpills();
        row[i++] = stats.discardedSlots();
        row[i] = stats.fallbacks();
    }

    private static void fail(Object[] row, int i, ResultStatus status, String message) {
        row[i] = status.name();
        row[i + 1] = message;
        for (int j = i + 2; j < COLUMNS - 1; j++) {
            row[j] = null;
        }
    }

    private ParsedModule module(SweepKernel kernel) {
        ParsedModule m = modules[kernel.module()];
        if (m == null) {
            m = modules[kernel.module()] = ParsedModules.get(kernels, kernel.module(), kernel.source());
        }
        return m;
    }
}
