package dev.regtune.job.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regtune.job.storage.Location;
import java.io.IOException;
import java.util.Optional;

/**
 * The kernels a run swept, as its record ({@code runs/RUN_ID.json}) names them: the {@code --kernels}
 * it was given and its architecture filter. {@code select --confirm} reads the kernels' PTX from
 * there again.
 *
 * @param source the kernels as the sweep was given them: a manifest, a PTX file or folder, a URI
 * @param arch the {@code --arch} filter, or empty for every architecture
 */
public record RecordedKernels(String source, String arch) {
    /**
     * The kernels of the record at {@code record}; empty when there is no record or it names no kernels.
     *
     * @throws IOException when the record cannot be read or is not JSON
     */
    public static Optional<RecordedKernels> read(Location record) throws IOException {
        Optional<JsonNode> root = RunRecord.read(record);
        if (root.isEmpty()) {
            return Optional.empty();
        }
        JsonNode kernels = root.get().path("kernels");
        String source = kernels.path("source").asText("");
        return source.isEmpty() ? Optional.empty()
                : Optional.of(new RecordedKernels(source, kernels.path("arch").asText("")));
    }
}
