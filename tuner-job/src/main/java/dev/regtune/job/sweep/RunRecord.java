package dev.regtune.job.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.job.results.ResultSchema;
import java.io.IOException;
import dev.regtune.job.storage.Location;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON record of a run in {@code runs/RUN_ID.json}: what was swept ({@link RunIdentity}: kernels,
 * space and its hash, plan, seed, model and schema version), its progress (rows by status of the
 * chunks published so far, rewritten after each) and whether it completed. It holds no wall-clock
 * figures, so the same sweep writes the same record. Written to a temporary file and moved into
 * place, so a killed run never leaves half a record; a kill between a chunk's publication and the
 * record's update leaves the record one chunk behind the table, and the next sweep of the run
 * counts the table again before it goes on.
 */
final class RunRecord {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

    private RunRecord() {
    }

    /** The record at {@code file}, or empty when there is none. */
    static Optional<JsonNode> read(Location file) throws IOException {
        if (!file.isFile()) {
            return Optional.empty();
        }
        return Optional.of(JSON.readTree(file.readString()));
    }

    /**
     * Writes the record. {@code kernels.unreadable_files} lists the PTX files that could not be read
     * and the folders that could not be listed ({@code "folder": true}), each with the reason: they
     * have no rows, and this is where the run says so.
     */
    static void write(Location file, RunIdentity id, KernelCatalog kernels, long configurations, long evaluations,
            Map<String, Long> rowsByStatus, boolean complete) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("schema_version", ResultSchema.VERSION);
        root.put("run_id", id.runId());
        root.put("model_version", id.modelVersion());
        root.put("complete", complete);
        ObjectNode k = root.putObject("kernels");
        k.put("source", id.kernelsSource());
        k.put("arch", id.arch());
        k.put("count", kernels.size());
        k.put("fingerprint", id.kernelsFingerprint());
        if (!kernels.unreadable().isEmpty()) {
            ArrayNode files = k.putArray("unreadable_files");
            for (KernelCatalog.Unreadable u : kernels.unreadable()) {
                ObjectNode f = files.addObject().put("file", u.file()).put("reason", u.reason());
                if (u.folder()) {
                    f.put("folder", true);
                }
            }
        }
        ObjectNode s = root.putObject("space");
        s.put("name", id.spaceName());
        s.put("sha256", id.spaceSha256());
        root.put("plan", id.plan());
        root.put("seed", id.seed());
        root.put("configurations", configurations);
        root.put("evaluations", evaluations);
        ObjectNode rows = root.putObject("rows_by_status");
        new java.util.TreeMap<>(rowsByStatus).forEach(rows::put);
        file.parent().orElseThrow().createDirectories();
        String text = JSON.writeValueAsString(root) + "\n";
        FaultPoints.pass("record.before-move");
        file.writeStringAtomically(text);
    }
}
