package dev.regtune.job.report.sweep;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What the report takes from selection ({@code dev.regtune.job.select}) rather than computing
 * itself: which rows were read (runs, model version), the best-configurations table, the Pareto
 * front, the tuned and the default configuration.
 *
 * @param runIds the runs read, sorted
 * @param modelVersions the model versions read, one per allocator family of one release
 * @param modelVersionsPresent every model version of those runs, oldest first
 * @param notes what reading and selection noticed, one sentence each
 * @param tables the short tables of the best configurations and of the kernels that gain most, empty when
 *     nothing was selected
 * @param front the {@code config_id}s on the Pareto front
 * @param descriptions what each configuration changes from the defaults, by {@code config_id}
 * @param defaultConfigId the default configuration, when the rows have it
 * @param tunedConfigId the robust global configuration, when one qualified
 * @param tunedAbsent why there is no comparison of default and tuned, when there is none
 */
public record SelectionFacts(List<String> runIds, List<String> modelVersions, List<String> modelVersionsPresent,
        List<String> notes, List<TableView> tables, List<String> front, Map<String, String> descriptions,
        Optional<String> defaultConfigId, Optional<String> tunedConfigId, String tunedAbsent) {
    public SelectionFacts {
        runIds = List.copyOf(runIds);
        modelVersions = List.copyOf(modelVersions);
        modelVersionsPresent = List.copyOf(modelVersionsPresent);
        notes = List.copyOf(notes);
        tables = List.copyOf(tables);
        front = List.copyOf(front);
        descriptions = java.util.Collections.unmodifiableMap(new TreeMap<>(descriptions));
    }

    /** The model versions read as one line, ", "-separated. */
    public String modelVersion() {
        return String.join(", ", modelVersions);
    }
}
