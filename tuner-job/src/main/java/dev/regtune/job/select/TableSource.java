package dev.regtune.job.select;

import java.util.List;

/**
 * Where a result table came from: what provenance a selection and an exported profile carry.
 *
 * @param results the results folder as the user named it
 * @param runIds the runs whose rows were read, sorted
 * @param modelVersion the model version whose rows were read
 * @param modelVersionsPresent every model version present for those runs, sorted oldest first
 */
public record TableSource(String results, List<String> runIds, String modelVersion, List<String> modelVersionsPresent) {
    public TableSource {
        runIds = List.copyOf(runIds);
        modelVersionsPresent = List.copyOf(modelVersionsPresent);
    }

    /** The runs as one line, comma-separated. */
    public String runIdText() {
        return String.join(",", runIds);
    }
}
