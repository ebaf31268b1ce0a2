package dev.regtune.job.sweep;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.job.results.ResultSchema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/**
 * The JSON record of a run in {@code runs/RUN_ID.json}: what was swept (kernels, space, plan,
 * seed, model and schema version) and, once the run completes, its rows by status. It holds no
 * wall-clock figures, so the same sweep writes the same record. Written to a temporary file and
 * moved into place, so a killed run never leaves half a record.
 */
final class RunRecord {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private RunRecord() {
    }

    static void write(Path file, SweepRequest request, String runId, String modelVersion, KernelCatalog kernels,
            int configurations, long evaluations, Map<String, Long> rowsByStatus, boolean complete) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema_version", ResultSchema.VERSION);
        root.put("run_id", runId);
        root.put("model_version", modelVersion);
        root.put("complete", complete);
        ObjectNode k = root.putObject("kernels");
        k.put("source", request.kernelsDescription());
        k.put("arch", request.arch().orElse(""));
        k.put("count", kernels.size());
        k.put("fingerprint", kernels.fingerprint());
        ObjectNode s = root.putObject("space");
        s.put("name", request.space().name());
        s.put("dimensions", request.space().dimensions());
        root.put("plan", request.plan().describe());
        root.put("seed", request.seed());
        root.put("configurations", configurations);
        root.put("evaluations", evaluations);
        ObjectNode rows = root.putObject("rows_by_status");
        new java.util.TreeMap<>(rowsByStatus).forEach(rows::put);
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, JSON.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
