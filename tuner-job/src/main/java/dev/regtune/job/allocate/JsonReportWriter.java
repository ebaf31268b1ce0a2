package dev.regtune.job.allocate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.CopyCoalescing;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes allocation reports as one JSON array, one object per function, with the keys in a fixed
 * order ({@link #KEYS}). Figures a report does not have (all of them for a {@code PARSE_ERROR})
 * are {@code null}. Where CICC's copy coalescer ran in front of the allocator, the object goes on
 * with {@link #COPY_COALESCING_KEYS}; elsewhere those keys are absent rather than zero, so "the
 * pass did not run" and "the pass merged nothing" stay apart.
 */
public final class JsonReportWriter {
    /** The keys of every object, in order. Scripts and notebooks rely on these names. */
    public static final List<String> KEYS = List.of("file", "function", "arch", "status", "registers",
            "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes", "smem_spill_bytes", "uniform_registers",
            "predicate_registers", "est_latency_cycles", "occupancy", "attempts", "message");
    /** The keys that follow {@link #KEYS} when CICC's copy coalescer ran, in order. */
    public static final List<String> COPY_COALESCING_KEYS = List.of("copies_seen", "copies_merged", "copies_left",
            "coalescing_passes");

    private final ObjectMapper mapper = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    public void write(List<FunctionReport> reports, Writer out) throws IOException {
        ArrayNode array = mapper.createArrayNode();
        for (FunctionReport report : reports) {
            array.add(toJson(report));
        }
        mapper.writeValue(out, array);
        out.write(System.lineSeparator());
        out.flush();
    }

    ObjectNode toJson(FunctionReport report) {
        ObjectNode o = mapper.createObjectNode();
        o.put("file", report.file());
        o.put("function", report.function());
        o.put("arch", report.arch());
        o.put("status", report.status().name());
        AllocationResult r = report.result();
        if (r == null) {
            for (String key : KEYS.subList(4, KEYS.size() - 1)) {
                o.putNull(key);
            }
        } else {
            o.put("registers", r.registers());
            o.put("spill_store_bytes", r.spillStoreBytes());
            o.put("spill_load_bytes", r.spillLoadBytes());
            o.put("stack_frame_bytes", r.stackFrameBytes());
            o.put("smem_spill_bytes", r.smemSpillBytes());
            o.put("uniform_registers", r.uniformRegisters());
            o.put("predicate_registers", r.predicateRegisters());
            o.put("est_latency_cycles", r.estLatencyCycles());
            o.put("occupancy", r.occupancy());
            o.put("attempts", r.attempts());
        }
        o.put("message", report.message());
        if (r != null && !r.copyCoalescing().equals(CopyCoalescing.NONE)) {
            CopyCoalescing c = r.copyCoalescing();
            o.put("copies_seen", c.copiesSeen());
            o.put("copies_merged", c.copiesMerged());
            o.put("copies_left", c.copiesLeft());
            o.put("coalescing_passes", c.passes());
        }
        return o;
    }
}
