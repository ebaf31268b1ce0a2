package dev.regtune.job.cli;

import dev.regtune.job.select.Objective;
import dev.regtune.job.select.ReadOptions;
import dev.regtune.job.select.ResultTable;
import dev.regtune.job.select.ResultTableReader;
import dev.regtune.job.select.Selection;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.select.SelectionJson;
import dev.regtune.job.select.SelectionSummary;
import dev.regtune.job.select.Selector;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code regtune select}: best configurations, a robust global configuration and the Pareto front of a sweep. */
@Command(name = "select",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Read the result table of 'regtune sweep' (with Spark, in local mode unless submitted) and select: "
                    + "the best configuration of every kernel; one robust global configuration, chosen on the "
                    + "training kernels and scored on the held-out test kernels; the default configuration's "
                    + "scores for comparison; and the Pareto front over (total spill bytes, geometric-mean latency, "
                    + "mean registers). Prints a summary and writes everything to a selection file for "
                    + "'regtune export'.",
            "Only OK evaluations count: ALLOC_FAILED and errors are infeasible and never best. The global "
                    + "configuration is chosen by a penalised training score: a training kernel a configuration "
                    + "failed on (or was not evaluated on) counts as 10 x that kernel's best, so a real sweep, where "
                    + "tight budgets fail on some kernels, still has one; the summary lists the best candidates with "
                    + "the kernels each failed. When the table holds several architectures, each also gets its own "
                    + "global configuration, chosen on its own training kernels (export it with --arch). The front "
                    + "takes the configurations OK on every kernel. Kernels without any OK evaluation are listed "
                    + "and left out of both.",
            "Score = geometric mean over kernels of (value + 1) / (the kernel's best value + 1): 1 means best "
                    + "everywhere; the offset of 1 keeps zero spill bytes meaningful. Regret is the mean of the "
                    + "ratio minus 1. A lexicographic objective is scored per metric and compared in order.",
            "The split is by kernel_id: kernels are ordered by SHA-256(\"SEED/KERNEL_ID\") and the first "
                    + "round(TRAIN x kernels) train, at least one kernel on each side when TRAIN < 1, so the same "
                    + "seed gives the same split. The same table and options give the same output."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the selection was made and written (with or without a global configuration)",
            "1:reading or writing failed",
            "2:usage error: no results in the folder, no rows for --run-id, --arch or --model-version, bad "
                    + "--objective or --train"
        })
public final class SelectCommand extends RegtuneCommand {

    @Option(names = "--results", paramLabel = "DIR", required = true,
            description = "The --out folder of 'regtune sweep', or its results folder: a path or a Hadoop URI "
                    + "(hdfs://..., s3a://... with the connector).")
    String results;

    @Option(names = "--objective", paramLabel = "OBJECTIVE", defaultValue = "time",
            description = "What to minimise: time (est_time_cycles, the occupancy-aware estimated kernel time: "
                    + "rows written before result schema 4 have none), latency (est_latency_cycles, one thread), "
                    + "spills (spill store + load + shared memory spill bytes), registers; lex:M1,M2,... to "
                    + "compare metrics in order; or weighted:M1=W1,M2=W2,... for a weighted sum "
                    + "(default: ${DEFAULT-VALUE}).")
    String objective;

    @Mixin
    SplitOptions split = new SplitOptions();

    @Mixin
    SparkConfOptions spark = new SparkConfOptions();

    @Option(names = "--run-id", paramLabel = "ID",
            description = "Read only this run's rows (default: every run in the folder).")
    String runId;

    @Option(names = "--arch", paramLabel = "ARCH",
            description = "Read only this architecture's kernels (default: every architecture).")
    String arch;

    @Option(names = "--model-version", paramLabel = "VERSION",
            description = "Read only rows of this model version, e.g. fatpoint/0.2.0, or of every allocator "
                    + "family of this release, e.g. 0.2.0 (default: every family of the newest release present; "
                    + "a note says when there are others), or ptxas/13.0.88 for the rows of the real ptxas (the "
                    + "default only for a table of ptxas rows alone; rank them by spills or registers).")
    String modelVersion;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Where to write the selection file (default: selection.json in the sweep's --out "
                    + "folder, which holds the results folder); a path or a Hadoop URI.")
    String out;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "20",
            description = "Most kernels and Pareto points to print; the file has all (default: ${DEFAULT-VALUE}).")
    int rows;

    @Option(names = "--confirm", paramLabel = "ptxas:K",
            description = "Rank every kernel's configurations by the model, compile its top K with the real ptxas "
                    + "(the sweep's command lines and its ptxas cache, OUT/ptxas-cache, so what the sweep compiled is "
                    + "not compiled again) and choose among them by ptxas's figures; prints the model's choice and the "
                    + "confirmed one, each with the model's and ptxas's registers and spill bytes. Needs an objective "
                    + "ptxas measures (spills, registers, lex: or weighted: of them) and the kernels where the sweep "
                    + "read them (its run record's kernels.source).")
    String confirm;

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas of --confirm (default: the one on the PATH).")
    java.nio.file.Path ptxas;

    @Option(names = "--ptxas-timeout", paramLabel = "S", defaultValue = "300",
            description = "A ptxas process of --confirm running longer is killed; its candidate is a TIMEOUT "
                    + "(0: no limit; default: ${DEFAULT-VALUE}).")
    double ptxasTimeout;

    @Option(names = "--ptxas-cache", paramLabel = "DIR",
            description = "The ptxas cache of --confirm (default: the sweep's, ptxas-cache in its --out folder).")
    java.nio.file.Path ptxasCache;

    @Override
    protected int run() throws IOException {
        Objective parsed;
        Location named = Arguments.location(results, "--results", spark.hadoop());
        Location folder;
        try {
            parsed = Objective.parse(objective);
            folder = ResultTableReader.resultsFolder(named);
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        int confirmTop = confirm == null ? 0 : PtxasConfirm.parse(confirm);
        if (confirmTop > 0) {
            try {
                dev.regtune.job.select.TopKConfirmation.requireMeasuredByPtxas(parsed);
            } catch (SelectionInputException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (!(ptxasTimeout >= 0)) {
            throw new UsageException("--ptxas-timeout must be 0 (no limit) or more seconds, not " + ptxasTimeout);
        }
        double train = split.train();
        if (rows < 1) {
            throw new UsageException("--rows must be at least 1, not " + rows);
        }
        Location target = out != null ? Arguments.location(out, "--out", spark.hadoop()) : defaultOut(named, folder);
        Arguments.parentExists(target, "the selection file");
        ResultTable table;
        try {
            ResultTableReader reader = new ResultTableReader(SparkSessions.open("regtune select", Optional.empty(),
                    spark.settings()));
            table = reader.read(named, new ReadOptions(Optional.ofNullable(runId), Optional.ofNullable(modelVersion),
                    Optional.ofNullable(arch)));
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        table.notes().forEach(this::note);
        Selection selection = Selector.select(table, parsed, train, split.seed());
        new SelectionSummary(selection, rows).print(out());
        SelectionJson.write(selection, target);
        out().println();
        out().println("selection: " + target);
        out().flush();
        if (confirmTop > 0) {
            PtxasConfirm.run(table, parsed, confirmTop, folder, ptxas, ptxasTimeout, ptxasCache, EvaluatorOptions::onPath,
                    spark.hadoop(), out());
        }
        if (selection.global().isEmpty()) {
            note("no configuration was evaluated OK on any of the " + selection.split().train().size()
                    + " training kernels, so there is no global configuration; the selection file has the rest");
        }
        return 0;
    }

    /**
     * Next to the results folder, in the sweep's output folder: never inside the results folder, where
     * Spark would take it for part of the table.
     */
    private static Location defaultOut(Location results, Location folder) {
        Location abs = folder.absolute();
        boolean isSweepOut = !results.absolute().equals(abs);
        Location dir = isSweepOut ? results : abs.parent().orElse(abs);
        return dir.resolve(SelectionJson.DEFAULT_FILE_NAME);
    }
}
