package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpaceCommandTest {
    private static final String QUICKSTART = "../spaces/quickstart.json";
    private static final String CORE = "../spaces/ptxas-core.json";
    private static final String FULL = "../spaces/full.json";

    @TempDir
    Path dir;

    @Test
    void validateSummarisesEveryExampleSpec() {
        for (String spec : List.of(QUICKSTART, CORE, FULL)) {
            Cli.Run run = Cli.run("space", "validate", spec);
            assertEquals(0, run.exit(), run.err());
            assertEquals("", run.err());
            assertTrue(run.out().lines().anyMatch(l -> l.startsWith("grid: ")), run.out());
        }
        Cli.Run run = Cli.run("space", "validate", QUICKSTART);
        assertEquals(List.of(
                "space quickstart: 2 dimensions (0 conditional), 0 constraints",
                "dimension                      domain                        when",
                "maxrregcount                   {0, 128, 96, 64, 48, 40, 32}  -",
                "RegTuneScheduleRegisterTarget  {32, 64, 96}                  -",
                "grid: 21 points before conditions and constraints"), run.out().lines().map(String::stripTrailing)
                .toList());
        Cli.Run full = Cli.run("space", "validate", FULL);
        assertTrue(full.out().contains("RegAllocSmemSpilling == false && RegTuneUniformPolicy > 0"), full.out());
        assertTrue(full.out().contains("constraint: RegAllocBudgetCoeffA <= RegAllocBudgetCoeffB"), full.out());
    }

    @Test
    void anInvalidSpecIsAUsageErrorOfOneSentence() throws Exception {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"knobs\": [{\"knob\": 684, \"min\": 0, \"max\": 2000000}]}");
        for (String command : List.of("validate", "sample")) {
            Cli.Run run = Cli.run("space", command, bad.toString(), "-n", "3");
            if (command.equals("validate")) {
                run = Cli.run("space", command, bad.toString());
            }
            assertEquals(2, run.exit());
            assertEquals("", run.out());
            assertEquals(List.of("regtune: " + bad + ": knob RegAllocThresholdForDiscardConflicts (684): range max "
                    + "2000000 is outside its valid range [0, 1000000]."), List.of(run.errLines()));
        }
        Cli.Run missing = Cli.run("space", "validate", dir.resolve("none.json").toString());
        assertEquals(2, missing.exit());
        assertEquals(1, missing.errLines().length);
    }

    @Test
    void sampleCsvHasAHeaderOfEveryDimensionAndEmptyCellsForInactiveKnobs() {
        Cli.Run run = Cli.run("space", "sample", FULL, "--sampler", "sobol", "-n", "200", "--seed", "4");
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(201, lines.size());
        String[] header = lines.get(0).split(",", -1);
        assertEquals(129, header.length); // arch, maxrregcount and the 127 knobs of spaces/full.json
        assertEquals("arch", header[0]);
        assertEquals("maxrregcount", header[1]);
        int allocator = List.of(header).indexOf("allocator");
        int coalescing = List.of(header).indexOf("RegAllocCoalescing");
        int depth = List.of(header).indexOf("RegAllocCoalesceMaxDepth");
        int briggs = 0;
        for (String row : lines.subList(1, lines.size())) {
            String[] cells = row.split(",", -1);
            assertEquals(header.length, cells.length, row);
            assertEquals(cells[coalescing].equals("true"), !cells[depth].isEmpty(), row);
            if (cells[allocator].equals("briggs")) {
                briggs++;
                assertTrue(cells[coalescing].isEmpty(), "briggs has no fat-point coalescing: " + row);
            }
        }
        assertTrue(briggs > 0, "both families are sampled");
        assertEquals(200, new HashSet<>(lines.subList(1, lines.size())).size());
        assertEquals(run.out(), Cli.run("space", "sample", FULL, "--sampler", "sobol", "-n", "200", "--seed", "4").out());
    }

    @Test
    void sampleJsonlIsOneTypedObjectPerLine() throws Exception {
        Cli.Run run = Cli.run("space", "sample", CORE, "--sampler", "lhs", "-n", "50", "--format", "jsonl");
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(50, lines.size());
        ObjectMapper json = new ObjectMapper();
        for (String line : lines) {
            JsonNode o = json.readTree(line);
            assertTrue(o.get("arch").isTextual(), line);
            assertTrue(o.get("maxrregcount").isInt(), line);
            assertTrue(o.get("RegAllocNoRetargetPrefs").isBoolean(), line);
            assertTrue(o.get("RegAllocBudgetCoeffA").asDouble() <= o.get("RegAllocBudgetCoeffB").asDouble(), line);
        }
    }

    @Test
    void gridPrintsTheWholeGridWithoutN() {
        Cli.Run run = Cli.run("space", "sample", QUICKSTART, "--sampler", "grid");
        assertEquals(0, run.exit(), run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(22, lines.size());
        assertEquals("maxrregcount,RegTuneScheduleRegisterTarget", lines.get(0));
        assertEquals("0,32", lines.get(1));
        assertEquals("32,96", lines.get(21));
    }

    @Test
    void aSmallSpaceEndsEarlyWithANote() {
        Cli.Run run = Cli.run("space", "sample", QUICKSTART, "--sampler", "random", "-n", "100");
        assertEquals(0, run.exit(), run.err());
        assertEquals(22, run.out().lines().count());
        assertEquals(List.of("regtune: note: random found only 21 distinct configurations satisfying the constraints, "
                + "fewer than the 100 asked for"), List.of(run.errLines()));
    }

    @Test
    void usageErrors() {
        Cli.Run noN = Cli.run("space", "sample", QUICKSTART, "--sampler", "sobol");
        assertEquals(2, noN.exit());
        assertEquals(List.of("regtune: --sampler sobol needs -n N, the number of configurations."),
                List.of(noN.errLines()));
        Cli.Run zero = Cli.run("space", "sample", QUICKSTART, "-n", "0");
        assertEquals(2, zero.exit());
        assertEquals(List.of("regtune: -n must be at least 1, not 0."), List.of(zero.errLines()));
        Cli.Run badSampler = Cli.runInstalled("space", "sample", QUICKSTART, "--sampler", "halton", "-n", "3");
        assertEquals(2, badSampler.exit());
        assertEquals(1, badSampler.errLines().length, badSampler.err());
    }
}
