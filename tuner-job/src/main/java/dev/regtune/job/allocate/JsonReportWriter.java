package dev.regtune.job.allocate;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStats;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.explain.AllocationEvent;
import dev.regtune.core.explain.ExplanationText;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes allocation reports as one JSON array, one object per function, with the keys in a fixed
 * order ({@link #KEYS}). Figures a report does not have (all of them for a {@code PARSE_ERROR} or
 * {@code IO_ERROR}, the estimated time and its bound when no block fits on an SM) are {@code null}.
 * Where CICC's copy coalescer ran in front of the allocator, the object goes on
 * with {@link #COPY_COALESCING_KEYS}; elsewhere those keys are absent rather than zero, so "the
 * pass did not run" and "the pass merged nothing" stay apart.
 */
public final class JsonReportWriter {
    /** The keys of every object, in order. Scripts and notebooks rely on these names. */
    public static final List<String> KEYS = List.of("file", "function", "arch", "status", "registers",
            "spill_store_bytes", "spill_load_bytes", "stack_frame_bytes", "smem_spill_bytes", "uniform_registers",
            "predicate_registers", "est_latency_cycles", "est_time_cycles", "time_bound", "occupancy", "attempts",
            "message");
    /** The keys that follow {@link #KEYS} when CICC's copy coalescer ran, in order. */
    public static final List<String> COPY_COALESCING_KEYS = List.of("copies_seen", "copies_merged", "copies_left",
            "coalescing_passes");

    /** The keys of the {@code stats} object every allocated function has, in order. */
    public static final List<String> STATS_KEYS = List.of("attempts", "coalesced_copies", "spilled_values",
            "guidance_picks", "forced_spills", "discarded_slots", "fallbacks", "uniform_values");

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
            o.put("spill_store_bytes", r.spills().storeBytes());
            o.put("spill_load_bytes", r.spills().loadBytes());
            o.put("stack_frame_bytes", r.spills().stackFrameBytes());
            o.put("smem_spill_bytes", r.spills().smemBytes());
            o.put("uniform_registers", r.usage().uniform());
            o.put("predicate_registers", r.usage().predicates());
            o.put("est_latency_cycles", r.estimates().latencyCycles());
            KernelTime t = r.estimates().time();
            if (t.known()) {
                o.put("est_time_cycles", t.cycles());
                o.put("time_bound", t.bound().name());
            } else {
                o.putNull("est_time_cycles");
                o.putNull("time_bound");
            }
            o.put("occupancy", r.estimates().occupancy());
            o.put("attempts", r.stats().attempts());
        }
        o.put("message", report.message());
        if (r != null && !r.copyCoalescing().equals(CopyCoalescing.NONE)) {
            CopyCoalescing c = r.copyCoalescing();
            o.put("copies_seen", c.copiesSeen());
            o.put("copies_merged", c.copiesMerged());
            o.put("copies_left", c.copiesLeft());
            o.put("coalescing_passes", c.passes());
        }
        if (r != null) {
            o.set("stats", stats(r.stats()));
        }
        if (r != null && !report.explanation().isEmpty()) { // only an allocation has decisions
            ObjectNode explain = o.putObject("explain");
            ArrayNode events = explain.putArray("events");
            for (AllocationEvent e : report.explanation()) {
                ObjectNode event = events.addObject();
                event.put("event", e.getClass().getSimpleName());
                event.setAll((ObjectNode) mapper.valueToTree(e));
            }
            List<String> lines = ExplanationText.render(r, report.explanation());
            explain.put("why", lines.get(lines.size() - 1));
        }
        return o;
    }

    /** The allocator's counters, under the keys {@link #STATS_KEYS} names. */
    private ObjectNode stats(AllocationStats s) {
        ObjectNode o = mapper.createObjectNode();
        o.put("attempts", s.attempts());
        o.put("coalesced_copies", s.coalescedCopies());
        o.put("spilled_values", s.spilledValues());
        o.put("guidance_picks", s.guidancePicks());
        o.put("forced_spills", s.forcedSpills());
        o.put("discarded_slots", s.discardedSlots());
        o.put("fallbacks", s.fallbacks());
        o.put("uniform_values", s.uniformValues());
        return o;
    }
}
