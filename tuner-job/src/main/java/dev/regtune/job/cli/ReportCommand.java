package dev.regtune.job.cli;

import dev.regtune.job.report.sweep.ReportContent;
import dev.regtune.job.report.sweep.ReportInputException;
import dev.regtune.job.report.sweep.ReportObjective;
import dev.regtune.job.report.sweep.ResultsFolder;
import dev.regtune.job.report.sweep.SelectionTables;
import dev.regtune.job.report.sweep.SweepReport;
import dev.regtune.job.report.sweep.SweepReportPage;
import dev.regtune.job.select.Objective;
import dev.regtune.job.select.ReadOptions;
import dev.regtune.job.select.ResultTable;
import dev.regtune.job.select.ResultTableReader;
import dev.regtune.job.select.Selection;
import dev.regtune.job.select.SelectionInputException;
import dev.regtune.job.select.Selector;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code regtune report}: one self-contained HTML page of plots over a sweep's results. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Read the result table of 'regtune sweep' (with Spark, in local mode unless submitted) and write one "
                    + "self-contained HTML page: inline SVG plots and CSS, no script, nothing fetched, so it reads "
                    + "the same offline.",
            "The page has a header (runs, model version, rows by status, kernels, configurations, the best "
                    + "configurations) and four plots: (1) each swept knob (a knob column with more than one "
                    + "value, the register budget, the launch bounds) against the objective, normalised per kernel "
                    + "as (value + 1) / (kernel's best + 1) so that kernels of different sizes compare, mean and "
                    + "median per value; (2) the Pareto front over configurations, spill bytes against latency, "
                    + "registers as colour; (3) the default configuration against the tuned one (the robust global "
                    + "configuration of 'regtune select') per family; (4) the spill cliff: spill bytes, registers "
                    + "and allocation failures over the register budget per family.",
            "Where the runs also hold rows of the real ptxas for the same kernels and configurations ('regtune "
                    + "sweep --evaluator both'), a last section shows the model's error against ptxas: registers "
                    + "(mean absolute, signed and percentage error), whether it spills (yes/no agreement) and spill "
                    + "bytes, over all pairs, per value of every swept knob, budget and ptxas control, and per "
                    + "configuration.",
            "The tuned configuration and the Pareto front are regtune select's, with the same --train and "
                    + "--seed. The same results and options give the same bytes."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the report was written",
            "1:reading or writing failed",
            "2:usage error: no results in the folder, no rows for --run-id, bad --objective, the folder of "
                    + "--out does not exist"
        })
public final class ReportCommand extends RegtuneCommand {
    @Mixin
    SplitOptions split = new SplitOptions();

    @Mixin
    SparkConfOptions spark = new SparkConfOptions();

    @Option(names = "--results", paramLabel = "DIR", required = true,
            description = "The --out folder of 'regtune sweep', or its results folder: a path or a Hadoop URI "
                    + "(hdfs://..., s3a://... with the connector).")
    String results;

    @Option(names = "--out", paramLabel = "FILE", required = true,
            description = "The HTML file to write (replaced if it exists): a path or a Hadoop URI.")
    String out;

    @Option(names = "--run-id", paramLabel = "ID",
            description = "Report only this run's rows (default: every run in the folder).")
    String runId;

    @Option(names = "--objective", paramLabel = "OBJECTIVE", defaultValue = "time",
            description = "The objective of the knob plots and of the tuned configuration: time "
                    + "(est_time_cycles, the occupancy-aware estimated kernel time), latency "
                    + "(est_latency_cycles), spills (spill store + load + shared-memory spill bytes) or registers; "
                    + "also lex:M1,M2,... (the plots use M1) and weighted:M1=W1,... as 'regtune select' accepts "
                    + "them (default: ${DEFAULT-VALUE}).")
    String objective;

    @Override
    protected int run() throws IOException {
        Objective parsed;
        try {
            parsed = Objective.parse(objective);
        } catch (SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        ReportObjective plotted = ReportObjective.of(parsed);
        Location named = Arguments.location(out, "--out", spark.hadoop());
        Location target = named.absolute();
        Arguments.parentExists(named, "the report");
        if (target.isDirectory()) {
            throw new UsageException("'" + out + "' is a folder; --out names the HTML file to write");
        }
        Location from = Arguments.location(results, "--results", spark.hadoop());
        ReportContent content;
        try {
            ResultsFolder folder = ResultsFolder.locate(from);
            SparkSession session = SparkSessions.open("regtune report", Optional.empty(), spark.settings());
            ResultTable table = new ResultTableReader(session).read(from,
                    new ReadOptions(Optional.ofNullable(runId), Optional.empty(), Optional.empty()));
            Selection selection = Selector.select(table, parsed, split.train(), split.seed());
            content = SweepReport.build(session, folder, plotted, SelectionTables.facts(table, selection));
        } catch (ReportInputException | SelectionInputException e) {
            throw new UsageException(e.getMessage());
        }
        content.notes().forEach(this::note);
        String html = SweepReportPage.render(content);
        target.writeStringAtomically(html); // a reader never sees half a page
        out().println("report: " + out + " (" + content.summary().rows() + " rows, " + content.summary().kernels()
                + " kernels, " + content.summary().configurations() + " configurations, " + content.knobs().size()
                + " swept dimension" + (content.knobs().size() == 1 ? "" : "s") + ")");
        out().flush();
        return 0;
    }
}
