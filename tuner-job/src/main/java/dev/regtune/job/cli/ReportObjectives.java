package dev.regtune.job.cli;

import dev.regtune.job.report.sweep.ReportObjective;
import dev.regtune.job.report.sweep.ResultsFolder;
import dev.regtune.job.report.sweep.SelectionFacts;
import dev.regtune.job.report.sweep.SweepRows;
import dev.regtune.job.results.ResultColumns;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;

/** TEMPORARY until regtune select is merged: objective parsing and selection facts without selection. */
final class ReportObjectives {
    private ReportObjectives() {
    }

    static ReportObjective parse(String text) {
        return switch (text.strip()) {
            case "latency" -> new ReportObjective("latency", "latency",
                    functions.col(ResultColumns.EST_LATENCY_CYCLES));
            case "spills" -> new ReportObjective("spills", "spill bytes",
                    functions.col(ResultColumns.SPILL_STORE_BYTES).plus(functions.col(ResultColumns.SPILL_LOAD_BYTES))
                            .plus(functions.col(ResultColumns.SMEM_SPILL_BYTES)));
            case "registers" -> new ReportObjective("registers", "registers", functions.col(ResultColumns.REGISTERS));
            default -> throw new UsageException("--objective must be latency, spills or registers, not '" + text + "'");
        };
    }

    static SelectionFacts selection(SparkSession spark, ResultsFolder folder, Optional<String> runId,
            ReportObjective objective) {
        Dataset<Row> rows = SweepRows.ofRun(SweepRows.readAll(spark, folder), folder, runId);
        List<String> versions = SweepRows.modelVersions(rows);
        List<String> runs = runId.map(List::of).orElse(folder.runIds());
        return new SelectionFacts(runs, versions.get(versions.size() - 1), versions, List.of(), Optional.empty(),
                List.of(), Map.of(), Optional.empty(), Optional.empty(), "selection is not available yet");
    }
}
