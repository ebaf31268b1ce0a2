package dev.regtune.job.select;

import java.util.List;

/**
 * Where a result table came from: what provenance a selection and an exported profile carry.
 *
 * @param results the results folder as the user named it
 * @param runIds the runs whose rows were read, sorted
 * @param modelVersions the model versions whose rows were read: one release, one version per
 *     allocator family its rows name ({@code briggs/0.2.0}, {@code fatpoint/0.2.0}), sorted
 * @param modelVersionsPresent every model version present for those runs, sorted oldest first
 */
public record TableSource(String results, List<String> runIds, List<String> modelVersions,
        List<String> modelVersionsPresent) {
    public TableSource {
        runIds = List.copyOf(runIds);
        modelVersions = List.copyOf(modelVersions);
        modelVersionsPresent = List.copyOf(modelVersionsPresent);
    }

    /** The model versions read as one line, ", "-separated. */
    public String modelVersion() {
        return String.join(", ", modelVersions);
    }

    /** The runs as one line, comma-separated. */
    public String runIdText() {
        return String.join(",", runIds);
    }
}
