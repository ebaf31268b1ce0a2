package dev.regtune.job.report.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a report page shows, computed beforehand: the page itself does no aggregation.
 *
 * @param title the page title
 * @param summary what was read
 * @param objective the objective of the knob plots and of the tuned configuration
 * @param notes remarks on the input (rows merged or left out, other model versions), one sentence each
 * @param tables the short tables of the best configurations (and kernels), shown under the header
 * @param knobs one effect per swept dimension
 * @param pareto the Pareto plot's data, empty when no configuration was OK on every kernel
 * @param comparison default against tuned, empty when either is missing
 * @param comparisonAbsent why {@code comparison} is empty (shown instead of the plot)
 * @param cliff the spill cliff
 * @param time the estimated kernel time against the register budget, per kernel
 * @param knobVerdicts what the sweep shows of each swept knob (changes results, no effect, untested)
 * @param versusPtxas the model's error against the real ptxas, where the runs have rows of both
 */
public record ReportContent(String title, RunSummary summary, ReportObjective objective, List<String> notes,
        List<TableView> tables, List<KnobEffect> knobs, Optional<ParetoView> pareto,
        Optional<DefaultVersusTuned> comparison, String comparisonAbsent, SpillCliff cliff, TimeCurves time,
        Map<String, InertKnobs.Verdict> knobVerdicts, Optional<ModelVersusPtxas> versusPtxas) {
    /** The content of a table without rows of the real ptxas. */
    public ReportContent(String title, RunSummary summary, ReportObjective objective, List<String> notes,
            List<TableView> tables, List<KnobEffect> knobs, Optional<ParetoView> pareto,
            Optional<DefaultVersusTuned> comparison, String comparisonAbsent, SpillCliff cliff, TimeCurves time,
            Map<String, InertKnobs.Verdict> knobVerdicts) {
        this(title, summary, objective, notes, tables, knobs, pareto, comparison, comparisonAbsent, cliff, time,
                knobVerdicts, Optional.empty());
    }

    public ReportContent {
        knobVerdicts = Collections.unmodifiableMap(new LinkedHashMap<>(knobVerdicts));
        notes = List.copyOf(notes);
        tables = List.copyOf(tables);
        knobs = List.copyOf(knobs);
    }
}
