package dev.regtune.job.allocate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.alloc.AllocationResult;
import dev.regtune.core.alloc.AllocationStatus;
import dev.regtune.core.alloc.CopyCoalescing;
import dev.regtune.core.ir.FunctionKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportWritersTest {
    private static AllocationResult result(String fn, AllocationStatus status, String message, int smem) {
        return new AllocationResult(fn, "sm_90", status, 38, 16, 24, 40, smem, 12, 3, 12345L, 0.75, 48, 255, 1, 0,
                CopyCoalescing.NONE, message, null);
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
                ""), text);
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
}
