package dev.regtune.job.cli;

import dev.regtune.core.alloc.KernelTime;
import dev.regtune.job.io.IoFailures;
import dev.regtune.job.ptxas.PtxasCommand;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasInstallation;
import dev.regtune.job.ptxas.PtxasOutcome;
import dev.regtune.job.report.TextTable;
import dev.regtune.job.results.ResultStatus;
import dev.regtune.job.select.ConfigInfo;
import dev.regtune.job.select.Evaluation;
import dev.regtune.job.select.KernelInfo;
import dev.regtune.job.select.Objective;
import dev.regtune.job.select.ResultTable;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.select.TopKConfirmation;
import dev.regtune.job.storage.Location;
import dev.regtune.job.sweep.KernelCatalog;
import dev.regtune.job.sweep.RecordedKernels;
import dev.regtune.job.sweep.SweepKernel;
import dev.regtune.space.Configuration;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code select --confirm ptxas:K}: ranks every kernel's configurations by the model
 * ({@link TopKConfirmation}), compiles the top K with the real ptxas through the sweep's
 * {@link PtxasEvaluator} (same command lines, so a sweep's ptxas cache serves them), and prints the
 * model's choice beside the confirmed one, each with the model's and ptxas's figures. The kernels'
 * PTX is read from where the sweep read it, as its run records say ({@code kernels.source}).
 */
final class PtxasConfirm {
    private static final Pattern SPEC = Pattern.compile("ptxas:(\\d{1,4})");

    /** The kernel texts a confirmation compiles, by kernel id. */
    private record Kernels(Map<String, SweepKernel> byId, Map<String, String> text, List<String> unread) {
    }

    private PtxasConfirm() {
    }

    /**
     * K of {@code ptxas:K}.
     *
     * @throws UsageException for anything else
     */
    static int parse(String spec) {
        Matcher m = SPEC.matcher(spec.strip());
        if (!m.matches() || Integer.parseInt(m.group(1)) < 1) {
            throw new UsageException("--confirm expects ptxas:K with K a number of configurations from 1 to 9999 "
                    + "(ptxas:3), not '" + spec + "'");
        }
        return Integer.parseInt(m.group(1));
    }

    /**
     * Confirms the model's top {@code k} of every kernel of {@code table} on ptxas and prints the result.
     *
     * @param folder the results folder (its parent holds the run records)
     * @param ptxas {@code --ptxas}, or null for the one on the PATH
     * @param cache {@code --ptxas-cache}, or null for the sweep's default (OUT/ptxas-cache)
     * @param hadoop the Hadoop configuration kernel sources on a Hadoop file system are read with
     */
    static List<TopKConfirmation.Kernel> run(ResultTable table, Objective objective, int k, Location folder,
            @Nullable Path ptxas, double timeoutSeconds, @Nullable Path cache, Supplier<Optional<Path>> onPath,
            org.apache.hadoop.conf.Configuration hadoop, PrintWriter out) {
        try {
            TopKConfirmation.requireMeasuredByPtxas(objective);
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        Path executable = PtxasExecutable.resolve(ptxas, onPath, "--confirm ptxas:" + k);
        PtxasInstallation installed;
        try {
            installed = PtxasInstallation.probe(executable);
            installed.requireKnown(controls(table));
        } catch (IOException e) {
            throw new UsageException("--confirm cannot use " + executable + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Location sweepOut = folder.absolute().parent().orElse(folder.absolute());
        Path cacheDir = cache != null ? cache : sweepOut.localPath().map(p -> p.resolve("ptxas-cache")).orElse(null);
        PtxasEvaluator evaluator = new PtxasEvaluator(executable.toString(), installed.version(),
                Math.round(timeoutSeconds * 1000), cacheDir == null ? null : cacheDir.toAbsolutePath().toString());
        Kernels kernels = kernels(table, sweepOut, hadoop);
        Map<String, TopKConfirmation.Outcome> outcomes = compileAll(table, objective, k, evaluator, kernels);
        List<TopKConfirmation.Kernel> confirmed = TopKConfirmation.confirm(table, objective, k,
                (kernel, config) -> java.util.Objects.requireNonNull(outcomes.get(kernel.kernelId() + "/"
                        + config.configId()), "every candidate was compiled"));
        print(confirmed, evaluator, k, outcomes, kernels, out);
        return confirmed;
    }

    private static List<PtxasControl> controls(ResultTable table) {
        Set<PtxasControl> used = new LinkedHashSet<>();
        for (ConfigInfo c : table.configs()) {
            Configuration cfg = c.configuration();
            if (cfg.registerBudget() > 0) {
                used.add(PtxasControls.MAXRREGCOUNT);
            }
            if (cfg.get(Configuration.LAUNCH_BOUNDS) != null) {
                used.addAll(List.of(PtxasControls.MAXNTID, PtxasControls.MINNCTAPERSM,
                        PtxasControls.OVERRIDE_DIRECTIVE_VALUES));
            }
            cfg.controls().keySet().forEach(name -> PtxasControls.byName(name).ifPresent(used::add));
        }
        return List.copyOf(used);
    }

    /** Every candidate compiled, on as many threads as there are processors. */
    private static Map<String, TopKConfirmation.Outcome> compileAll(ResultTable table, Objective objective, int k,
            PtxasEvaluator evaluator, Kernels kernels) {
        List<List<Integer>> top = TopKConfirmation.modelTop(table, objective, k);
        List<String> keys = new ArrayList<>();
        List<java.util.concurrent.Callable<TopKConfirmation.Outcome>> work = new ArrayList<>();
        for (int kernel = 0; kernel < top.size(); kernel++) {
            KernelInfo info = table.kernels().get(kernel);
            for (int row : top.get(kernel)) {
                ConfigInfo config = table.configs().get(table.configOf(row));
                keys.add(info.kernelId() + "/" + config.configId());
                int kernelIndex = kernel;
                int configIndex = table.configOf(row);
                work.add(() -> compile(evaluator, kernels, info, config, kernelIndex, configIndex));
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            List<Future<TopKConfirmation.Outcome>> done = pool.invokeAll(work);
            Map<String, TopKConfirmation.Outcome> out = new HashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                out.put(keys.get(i), done.get(i).get());
            }
            return out;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while ptxas confirmed the candidates", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("confirming a candidate on ptxas failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private static TopKConfirmation.Outcome compile(PtxasEvaluator evaluator, Kernels kernels, KernelInfo info,
            ConfigInfo config, int kernelIndex, int configIndex) {
        SweepKernel kernel = kernels.byId().get(info.kernelId());
        String ptx = kernels.text().get(info.kernelId());
        if (kernel == null || ptx == null) {
            return new TopKConfirmation.Outcome(failed(kernelIndex, configIndex, ResultStatus.ERROR),
                    "the PTX of kernel " + info.kernelId() + " (" + info.source() + ") was not found where its "
                            + "sweep read its kernels", false);
        }
        Configuration c = config.configuration();
        PtxasCommand command = new PtxasCommand(evaluator.executable(), kernel.arch(), kernel.name(),
                c.registerBudget(), c.get(Configuration.LAUNCH_BOUNDS), c.controls(),
                PtxasCommand.fileNameOf(kernel.source()));
        PtxasEvaluator.Evaluation e = evaluator.evaluate(command, ptx, kernel.source());
        PtxasOutcome o = e.outcome();
        if (!o.compiled()) {
            return new TopKConfirmation.Outcome(failed(kernelIndex, configIndex, o.status()), o.message(), e.cached());
        }
        return new TopKConfirmation.Outcome(new Evaluation(kernelIndex, configIndex, o.status(), o.registers(),
                (long) o.spillStoreBytes() + o.spillLoadBytes(), -1, Double.NaN, -1, KernelTime.Bound.NONE),
                o.status() == ResultStatus.OK ? "" : o.message(), e.cached());
    }

    private static Evaluation failed(int kernel, int config, ResultStatus status) {
        return new Evaluation(kernel, config, status, 0, 0, -1, Double.NaN, -1, KernelTime.Bound.NONE);
    }

    /**
     * The PTX of the table's kernels, read from the kernel sources of its runs' records
     * ({@code runs/RUN.json}, {@code kernels.source} and {@code kernels.arch}).
     */
    private static Kernels kernels(ResultTable table, Location sweepOut,
            org.apache.hadoop.conf.Configuration hadoop) {
        Map<String, SweepKernel> byId = new HashMap<>();
        Map<String, String> text = new HashMap<>();
        List<String> unread = new ArrayList<>();
        Set<String> needed = new java.util.HashSet<>();
        table.kernels().forEach(k -> needed.add(k.kernelId()));
        for (String run : table.source().runIds()) {
            Location record = sweepOut.resolve("runs").resolve(run + ".json");
            Optional<RecordedKernels> recorded;
            try {
                recorded = RecordedKernels.read(record);
            } catch (IOException e) {
                unread.add(IoFailures.sentence("read the run record", record, e));
                continue;
            }
            if (recorded.isEmpty()) {
                unread.add("run " + run + " has no record naming its kernels at " + record);
                continue;
            }
            String source = recorded.get().source();
            String arch = recorded.get().arch();
            KernelCatalog catalog;
            try {
                catalog = KernelCatalog.of(SweepCommand.kernelSource(Arguments.location(source, "kernels of run "
                        + run, hadoop)), arch.isEmpty() ? Optional.empty() : Optional.of(arch),
                        arch.isEmpty() ? "sm_90" : arch);
            } catch (UsageException e) {
                unread.add("run " + run + ": " + e.getMessage());
                continue;
            }
            for (int i = 0; i < catalog.size(); i++) {
                SweepKernel kernel = catalog.kernel(i);
                if (needed.contains(kernel.id()) && !byId.containsKey(kernel.id())) {
                    byId.put(kernel.id(), kernel);
                    text.put(kernel.id(), catalog.module(kernel.module()));
                }
            }
        }
        return new Kernels(byId, text, unread);
    }

    private static void print(List<TopKConfirmation.Kernel> confirmed, PtxasEvaluator evaluator, int k,
            Map<String, TopKConfirmation.Outcome> outcomes, Kernels kernels, PrintWriter out) {
        long cached = outcomes.values().stream().filter(TopKConfirmation.Outcome::cached).count();
        long agree = confirmed.stream().filter(c -> c.chosen().filter(i -> i == 0).isPresent()).count();
        out.println();
        out.printf(Locale.ROOT, "confirmed on %s: the model's top %d per kernel compiled by ptxas, %d candidates "
                + "(%d from the ptxas cache)%n", evaluator.modelVersion(), k, outcomes.size(), cached);
        out.printf(Locale.ROOT, "ptxas confirms the model's choice on %d of %d kernels; figures are registers / "
                + "spill bytes, model then ptxas%n", agree, confirmed.size());
        TextTable t = new TextTable("kernel", "arch", "model's choice", "model", "ptxas", "confirmed (model rank)",
                "model", "ptxas");
        for (TopKConfirmation.Kernel c : confirmed) {
            TopKConfirmation.Candidate m = c.modelChoice();
            Optional<TopKConfirmation.Candidate> p = c.confirmed();
            t.add(c.kernel().kernelName(), c.kernel().arch(), m.config().changes(), figures(m.model()),
                    figures(m.ptxas()), p.map(x -> x.config().changes() + " (#" + x.modelRank() + ")")
                            .orElse("none compiled OK"),
                    p.map(x -> figures(x.model())).orElse("-"), p.map(x -> figures(x.ptxas())).orElse("-"));
        }
        t.print(out);
        for (TopKConfirmation.Kernel c : confirmed) {
            for (TopKConfirmation.Candidate x : c.candidates()) {
                if (!x.ptxas().message().isEmpty()) {
                    out.printf("  %s (%s), %s: ptxas %s: %s%n", c.kernel().kernelName(), c.kernel().arch(),
                            x.config().changes(), x.ptxas().evaluation().status(), x.ptxas().message());
                }
            }
        }
        kernels.unread().forEach(u -> out.println("  note: " + u));
        out.flush();
    }

    private static String figures(Evaluation e) {
        return e.ok() ? e.registers() + " / " + e.spillBytes() : e.status().name();
    }

    private static String figures(TopKConfirmation.Outcome o) {
        return figures(o.evaluation());
    }
}
