package dev.regtune.job.report.sweep;

import static org.apache.spark.sql.functions.col;

import dev.regtune.job.results.ResultColumns;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;

/**
 * Computes a report's {@link ReportContent}: reads the rows selection read (same runs, same model
 * version, one row per kernel and configuration), keeps them cached while the aggregations of the
 * plots run, and combines them with what selection found; where the same runs also hold rows of the
 * real ptxas, the model's error against them ({@link ModelVersusPtxas}).
 */
public final class SweepReport {
    /** The page's title. */
    public static final String TITLE = "RegTune sweep report";

    private SweepReport() {
    }

    /**
     * @param folder where the result table is
     * @param selection what selection found in the same table under the same objective
     */
    public static ReportContent build(SparkSession spark, ResultsFolder folder, ReportObjective objective,
            SelectionFacts selection) {
        Dataset<Row> all = SweepRows.readAll(spark, folder);
        Dataset<Row> ofRuns = all.filter(col(ResultColumns.RUN_ID).isin(selection.runIds().toArray()));
        Dataset<Row> rows = SweepRows.ofModelVersions(ofRuns, selection.modelVersions());
        rows = SweepRows.onePerEvaluation(rows).persist(StorageLevel.MEMORY_AND_DISK());
        try {
            RunSummary summary = RunSummary.of(rows, folder.named(), selection.modelVersions(),
                    selection.modelVersionsPresent());
            ConfigurationFigures.Candidates candidates = ConfigurationFigures.of(rows);
            Optional<ParetoView> pareto = candidates.configurations().isEmpty() ? Optional.empty()
                    : Optional.of(new ParetoView(candidates.kernels(), candidates.configurations(), selection.front(),
                            selection.descriptions(), selection.defaultConfigId(), selection.tunedConfigId()));
            Optional<DefaultVersusTuned> comparison = Optional.empty();
            if (selection.defaultConfigId().isPresent() && selection.tunedConfigId().isPresent()) {
                comparison = Optional.of(DefaultVersusTuned.of(rows, selection.defaultConfigId().get(),
                        selection.tunedConfigId().get()));
            }
            return new ReportContent(TITLE, summary, objective, selection.notes(), selection.tables(),
                    KnobEffects.of(rows, objective), pareto, comparison, selection.tunedAbsent(), SpillCliff.of(rows),
                    TimeCurves.of(rows), InertKnobs.of(rows), ModelVersusPtxas.of(ofRuns, selection.modelVersions()));
        } finally {
            rows.unpersist();
        }
    }
}
