package dev.regtune.job.allocate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStats;
import dev.regtune.core.alloc.Estimates;
import dev.regtune.core.alloc.KernelTime;
import dev.regtune.core.alloc.RegisterUsage;
import dev.regtune.core.alloc.SpillUsage;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.alloc.WarpWork;
import dev.regtune.core.ir.FunctionKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportWritersTest {
    private static AllocationResult result(String fn, AllocationStatus status, String message, int smem) {
        return result(fn, status, message, smem, CopyCoalescing.NONE);
    }

    /** A latency-bound time: 64 work warps x 12345 cycles / 48 warps, above the issue and memory bounds. */
    private static final KernelTime TIME = new KernelTime(16460, KernelTime.Bound.LATENCY, 4000.4, 16460.0, 9600.0);

    private static AllocationResult result(String fn, AllocationStatus status, String message, int smem,
            CopyCoalescing coalescing) {
        return result(fn, status, message, smem, coalescing, TIME);
    }

    private static AllocationResult result(String fn, AllocationStatus status, String message, int smem,
            CopyCoalescing coalescing, KernelTime time) {
        return new AllocationResult(fn, "sm_90", status, message, new RegisterUsage(38, 12, 3, 255),
                new SpillUsage(16, 24, 40, smem), new Estimates(12345L, 0.75, 48, WarpWork.NONE, time),
                new AllocationStats(1, coalescing.copiesMerged(), 0, 0, 0, 0, 0, 0), coalescing, null, null);
    }

    private static JsonNode json(FunctionReport report) throws Exception {
        StringWriter json = new StringWriter();
        new JsonReportWriter().write(List.of(report), json);
        return new ObjectMapper().readTree(json.toString()).get(0);
    }

    private static List<String> keys(JsonNode o) {
        List<String> keys = new ArrayList<>();
        o.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static String text(FunctionReport report) {
        StringWriter s = new StringWriter();
        new TextReportWriter(new PrintWriter(s)).write(report);
        return s.toString();
    }

    @Test
    void okEntryInThePtxasShape() {
        String text = text(FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0), null));
        assertEquals(String.join(System.lineSeparator(),
                "ptxas info    : Compiling entry function 'k' for 'sm_90'",
                "ptxas info    : Function properties for k",
                "    40 bytes stack frame, 16 bytes spill stores, 24 bytes spill loads",
                "ptxas info    : Used 38 registers, 12 uniform registers, 3 predicate registers",
                "regtune info  : est latency 12345 cycles, occupancy 0.750 (48 warps/SM), 1 attempts, budget 255",
                "regtune info  : est time 16460 cycles, latency-bound (issue 4000, latency 16460, memory 9600 cycles)",
                ""), text);
    }

    @Test
    void theEstimatedTimeAndItsBoundAreInTheJson() throws Exception {
        JsonNode o = json(FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0), null));
        assertEquals(16460, o.get("est_time_cycles").asLong());
        assertEquals("LATENCY", o.get("time_bound").asText());
        List<String> keys = keys(o);
        assertEquals(keys.indexOf("est_latency_cycles") + 1, keys.indexOf("est_time_cycles"), keys.toString());
        assertEquals(keys.indexOf("est_time_cycles") + 1, keys.indexOf("time_bound"), keys.toString());
    }

    @Test
    void aKernelWithNoBlockOnAnSmHasNoEstimatedTime() throws Exception {
        FunctionReport report = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0, CopyCoalescing.NONE, KernelTime.NONE), null);
        assertEquals("regtune info  : est time none (no block fits on an SM)", text(report).lines().toList().get(5));
        JsonNode o = json(report);
        assertTrue(o.get("est_time_cycles").isNull());
        assertTrue(o.get("time_bound").isNull());
    }

    @Test
    void deviceFunctionAndSharedMemorySpill() {
        String text = text(FunctionReport.allocated("k.ptx", FunctionKind.FUNC,
                result("f", AllocationStatus.OK, "", 64), null));
        assertEquals("ptxas info    : Compiling function 'f' for 'sm_90'", text.lines().findFirst().orElseThrow());
        assertEquals("regtune info  : est latency 12345 cycles, occupancy 0.750 (48 warps/SM), 1 attempts, budget 255, "
                + "64 bytes shared-memory spill", text.lines().toList().get(4));
    }

    @Test
    void allocationFailurePrintsPtxasMessage() throws Exception {
        String message = AllocationResult.failureMessage(24);
        FunctionReport report = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.ALLOC_FAILED, message, 0), null);
        assertEquals(List.of("ptxas info    : Compiling entry function 'k' for 'sm_90'",
                "ptxas error   : " + message), text(report).lines().toList());

        StringWriter json = new StringWriter();
        new JsonReportWriter().write(List.of(report), json);
        JsonNode o = new ObjectMapper().readTree(json.toString()).get(0);
        assertEquals("ALLOC_FAILED", o.get("status").asText());
        assertEquals(message, o.get("message").asText());
    }

    @Test
    void copyCoalescerCountsFollowTheInfoLineAndTheJsonKeys() throws Exception {
        FunctionReport report = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0, new CopyCoalescing(12, 9, 3, 2)), null);
        List<String> lines = text(report).lines().toList();
        assertEquals(7, lines.size(), String.join("\n", lines));
        assertEquals("regtune info  : copy coalescer: 12 copies seen, 9 merged, 3 left, 2 passes", lines.get(6));

        JsonNode o = json(report);
        List<String> expected = new ArrayList<>(JsonReportWriter.KEYS);
        expected.addAll(List.of("copies_seen", "copies_merged", "copies_left", "coalescing_passes", "stats"));
        assertEquals(expected, keys(o));
        assertEquals(List.of(12, 9, 3, 2), List.of(o.get("copies_seen").asInt(), o.get("copies_merged").asInt(),
                o.get("copies_left").asInt(), o.get("coalescing_passes").asInt()));
    }

    @Test
    void aCoalescerThatRanAndMergedNothingIsReportedAndOneThatDidNotRunIsNot() throws Exception {
        FunctionReport ranIdle = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0, new CopyCoalescing(0, 0, 0, 1)), null);
        assertTrue(text(ranIdle).contains("regtune info  : copy coalescer: 0 copies seen, 0 merged, 0 left, 1 pass"
                + System.lineSeparator()), text(ranIdle));
        assertEquals(0, json(ranIdle).get("copies_seen").asInt());

        FunctionReport notRun = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.OK, "", 0), null);
        assertFalse(text(notRun).contains("copy coalescer"), text(notRun));
        List<String> expected = new ArrayList<>(JsonReportWriter.KEYS);
        expected.add("stats");
        assertEquals(expected, keys(json(notRun)));
    }

    @Test
    void aFailedAllocationStillReportsWhatTheCoalescerDidBeforeIt() throws Exception {
        String message = AllocationResult.failureMessage(24);
        FunctionReport report = FunctionReport.allocated("k.ptx", FunctionKind.ENTRY,
                result("k", AllocationStatus.ALLOC_FAILED, message, 0, new CopyCoalescing(5, 2, 3, 1)), null);
        assertEquals(List.of("ptxas info    : Compiling entry function 'k' for 'sm_90'", "ptxas error   : " + message,
                "regtune info  : copy coalescer: 5 copies seen, 2 merged, 3 left, 1 pass"), text(report).lines().toList());
        JsonNode o = json(report);
        assertEquals("ALLOC_FAILED", o.get("status").asText());
        assertEquals(3, o.get("copies_left").asInt());
    }
}
