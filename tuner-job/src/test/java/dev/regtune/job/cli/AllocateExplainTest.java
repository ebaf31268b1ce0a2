package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.allocate.JsonReportWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code allocate --explain}: the decisions of each stage, in text and JSON, without changing results. */
class AllocateExplainTest {
    private static final String GEMM = Path.of("..", "datasets", "corpus", "ptx", "sm_90", "gemm_tile.ptx").toString();

    @Test
    void textExplainsEachFunctionAndEndsInWhy() {
        Cli.Run run = Cli.run("allocate", "--verify", "--max-regs", "32", "--explain", GEMM);
        assertEquals(0, run.exit(), run.err());
        String out = run.out();
        assertTrue(out.contains("regtune explain: sgemm_tile_4x4"), out);
        assertTrue(out.contains("budget 32 registers (-maxrregcount 32); 2 reserved, so 30 GPR slots"), out);
        assertTrue(out.contains("attempt 0 (NOSPILL): needs "), out);
        assertTrue(out.contains("spill guidance, target 30"), out);
        assertTrue(out.contains("why 32 registers: the highest GPR slot used ends at 30, plus 2 reserved; the budget "
                + "was 32 (-maxrregcount 32); to stay within it "), out);
        assertTrue(out.contains("regtune info  : allocation verified by the checker"), out);
    }

    @Test
    void explainingChangesNoFigureAndJsonCarriesEventsAndStats() throws Exception {
        ObjectMapper json = new ObjectMapper();
        Cli.Run plain = Cli.run("allocate", "--format", "json", "--max-regs", "32", GEMM);
        Cli.Run explained = Cli.run("allocate", "--format", "json", "--max-regs", "32", "--explain", GEMM);
        assertEquals(0, plain.exit(), plain.err());
        assertEquals(0, explained.exit(), explained.err());
        JsonNode a = json.readTree(plain.out());
        JsonNode b = json.readTree(explained.out());
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            JsonNode x = a.get(i);
            JsonNode y = b.get(i);
            assertFalse(x.has("explain"));
            for (String key : JsonReportWriter.KEYS) {
                assertEquals(x.get(key), y.get(key), key);
            }
            assertEquals(x.get("stats"), y.get("stats"));
            List<String> statKeys = new ArrayList<>();
            x.get("stats").fieldNames().forEachRemaining(statKeys::add);
            assertEquals(JsonReportWriter.STATS_KEYS, statKeys);
            JsonNode events = y.get("explain").get("events");
            assertEquals("StageStarted", events.get(0).get("event").asText());
            int attempts = 0;
            for (JsonNode e : events) {
                attempts += e.get("event").asText().equals("AttemptMade") ? 1 : 0;
            }
            assertEquals(x.get("attempts").asInt(), attempts, "one AttemptMade event per attempt");
            assertTrue(y.get("explain").get("why").asText().startsWith("why " + x.get("registers").asInt()
                    + " registers"));
        }
    }
}
