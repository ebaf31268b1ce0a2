package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.job.fidelity.PtxasVerboseParser;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.job.sweep.ResultStore;
import dev.regtune.job.sweep.SweepFixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real ptxas end to end: every row of a {@code --evaluator ptxas} sweep has the registers and
 * spill bytes its recorded command line gives when run by hand, {@code select} ranks those rows,
 * and the ptxas line {@code export --format nvcc} writes reproduces the selected kernel's registers.
 * Skipped where ptxas is not installed.
 */
class PtxasSelectExportTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void sweptRowsEqualPtxasByHandAndTheExportedFlagsReproduceTheSelection() throws Exception {
        Path ptxas = PtxasRunner.onPath().orElse(null);
        assumeTrue(ptxas != null, "ptxas is not on the PATH; skipping the real ptxas end to end");
        assumeTrue(Files.isDirectory(SweepFixtures.CORPUS_SM90), "the bundled corpus is not present");
        Path kernels = Files.createDirectories(dir.resolve("kernels"));
        for (String f : List.of("black_scholes.ptx", "transpose.ptx")) {
            Files.copy(SweepFixtures.CORPUS_SM90.resolve(f), kernels.resolve(f));
        }
        Path space = dir.resolve("space.json");
        Files.writeString(space, "{\"maxrregcount\": [0, 32], \"ptxas\": [{\"control\": \"register-usage-level\", "
                + "\"values\": [0, 10]}, {\"control\": \"Ofast-compile\", \"values\": [\"0\", \"max\"]}]}",
                StandardCharsets.UTF_8);
        Path out = dir.resolve("out");
        Cli.Run sweep = Cli.run("sweep", "--master", "local[2]", "--kernels", kernels.toString(), "--space",
                space.toString(), "--out", out.toString(), "--evaluator", "ptxas");
        assertEquals(0, sweep.exit(), sweep.err());

        try (SparkSessions.Session s = SparkSessions.session("ptxas end to end", Optional.of("local[2]"))) {
            List<Row> rows = new ResultStore(out).read(s.spark()).select(ResultColumns.PTXAS_COMMAND,
                    ResultColumns.STATUS, ResultColumns.REGISTERS, ResultColumns.SPILL_STORE_BYTES,
                    ResultColumns.SPILL_LOAD_BYTES, ResultColumns.STACK_FRAME_BYTES, ResultColumns.KERNEL_NAME)
                    .collectAsList();
            assertEquals(16, rows.size());
            for (Row r : rows) {
                assertEquals("OK", r.getString(1), r.getString(0));
                PtxasMeasurement m = byHand(r.getString(0), r.getString(6));
                assertEquals(List.of(m.registers(), m.spillStoreBytes(), m.spillLoadBytes(), m.stackFrameBytes()),
                        List.of(r.getInt(2), r.getInt(3), r.getInt(4), r.getInt(5)), r.getString(0));
            }
        }

        Path selection = dir.resolve("selection.json");
        Cli.Run select = Cli.run("select", "--results", out.toString(), "--objective", "lex:spills,registers",
                "--out", selection.toString());
        assertEquals(0, select.exit(), select.err());
        assertTrue(select.err().contains("16 OK rows of the real ptxas have no estimated time or latency"),
                select.err());
        assertTrue(!select.err().contains("schema version 1"), "ptxas rows are not old model rows: " + select.err());
        JsonNode kernel = null;
        for (JsonNode k : new ObjectMapper().readTree(selection.toFile()).path("kernels")) {
            if (k.path("kernel_name").asText().equals("black_scholes_x2")) {
                kernel = k;
            }
        }
        assertTrue(kernel != null && kernel.path("registers").isInt(), String.valueOf(kernel));
        int selected = kernel.path("registers").asInt();

        Path flags = dir.resolve("flags.txt");
        Cli.Run export = Cli.run("export", "--selection", selection.toString(), "--format", "nvcc", "--kernel",
                "black_scholes_x2", "--out", flags.toString());
        assertEquals(0, export.exit(), export.err());
        List<String> lines = Files.readAllLines(flags, StandardCharsets.UTF_8);
        String ptxasLine = lines.stream().filter(l -> l.startsWith("ptxas ")).findFirst().orElseThrow();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("nvcc -arch=sm_90")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("black_scholes_x2") && l.contains("__launch_bounds__(256, ")),
                lines.toString());
        List<String> words = new ArrayList<>(Arrays.asList(ptxasLine.split(" ")));
        words.set(0, ptxas.toString());
        words.addAll(words.size() - 1, List.of("-o", "/dev/null"));
        PtxasMeasurement m = byHand(String.join(" ", words), "black_scholes_x2");
        assertEquals(selected, m.registers(), ptxasLine);
        assertEquals(0, m.spillStoreBytes() + m.spillLoadBytes(), "lex:spills chose a configuration without spills");
    }

    /** Runs a recorded command line (plain words, no quoting needed here) and reads the entry's figures. */
    private static PtxasMeasurement byHand(String command, String entry) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command.split(" ")).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
        return PtxasVerboseParser.parse(output).stream().filter(x -> x.entry() && x.function().equals(entry))
                .findFirst().orElseThrow(() -> new AssertionError(command + ": " + output));
    }
}
