package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.job.allocate.JsonReportWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AllocateCommandTest {
    @TempDir
    Path dir;

    @Test
    void textOutputHasThePtxasShapeForEntriesAndFunctions() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", tiny.toString());

        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        List<String> lines = run.out().lines().toList();
        assertEquals(14, lines.size(), run.out());
        assertEquals("ptxas info    : Compiling function 'twice' for 'sm_90'", lines.get(0));
        assertEquals("ptxas info    : Function properties for twice", lines.get(1));
        assertTrue(lines.get(2).matches(
                "    \\d+ bytes stack frame, \\d+ bytes spill stores, \\d+ bytes spill loads"), lines.get(2));
        assertTrue(lines.get(3).matches(
                "ptxas info    : Used \\d+ registers, \\d+ uniform registers, \\d+ predicate registers"), lines.get(3));
        assertTrue(lines.get(4).matches("regtune info  : est latency \\d+ cycles, occupancy \\d\\.\\d{3} "
                + "\\(\\d+ warps/SM\\), \\d+ attempts, budget \\d+"), lines.get(4));
        assertTrue(lines.get(5).matches("regtune info  : est time \\d+ cycles, (issue|latency|memory)-bound "
                + "\\(issue \\d+, latency \\d+, memory \\d+ cycles\\)"), lines.get(5));
        assertEquals("regtune info  : allocation verified by the checker", lines.get(6));
        assertEquals("ptxas info    : Compiling entry function 'axpy' for 'sm_90'", lines.get(7));
        assertEquals("ptxas info    : Function properties for axpy", lines.get(8));
    }

    @Test
    void archAndMaxRegsReachTheAllocator() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", "--arch", "sm_100", "--max-regs", "32", tiny.toString());

        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().contains("Compiling entry function 'axpy' for 'sm_100'"), run.out());
        assertTrue(run.out().contains("budget 32"), run.out());
    }

    /** tiny.ptx is {@code .target sm_90}: ptxas does not compile it for sm_80, and neither does the model. */
    @Test
    void aTargetNewerThanTheArchitectureIsRefusedAsPtxasRefusesIt() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", "--arch", "sm_80", tiny.toString());

        assertEquals(0, run.exit(), "ALLOC_FAILED is a result, not a failure of the command: " + run.err());
        assertTrue(run.out().contains("ptxas info    : Compiling entry function 'axpy' for 'sm_80'\n"
                + "ptxas error   : SM version specified by .target is higher than default SM version assumed"), run.out());
        Cli.Run specific = Cli.run("allocate", "--verify", "--arch", "sm_90a", tiny.toString());
        assertEquals(0, specific.exit(), specific.err());
        assertTrue(specific.out().contains("Compiling entry function 'axpy' for 'sm_90'"), specific.out());
        assertTrue(specific.out().contains("allocation verified by the checker"), specific.out());
    }

    @Test
    void jsonHasOneObjectPerFunctionWithExactlyTheDocumentedKeysInOrder() throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", "--format", "json", tiny.toString());

        assertEquals(0, run.exit(), run.err());
        JsonNode array = new ObjectMapper().readTree(run.out());
        assertTrue(array.isArray());
        assertEquals(2, array.size());
        List<String> expected = List.of("file", "function", "arch", "status", "registers", "spill_store_bytes",
                "spill_load_bytes", "stack_frame_bytes", "smem_spill_bytes", "uniform_registers",
                "predicate_registers", "est_latency_cycles", "est_time_cycles", "time_bound", "occupancy", "attempts",
                "message");
        assertEquals(expected, JsonReportWriter.KEYS);
        for (JsonNode o : array) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            List<String> withStats = new ArrayList<>(expected);
            withStats.add("stats");
            assertEquals(withStats, keys);
            assertEquals("OK", o.get("status").asText());
            assertEquals("sm_90", o.get("arch").asText());
            assertEquals(tiny.toString(), o.get("file").asText());
            assertTrue(o.get("registers").isInt());
            assertTrue(o.get("occupancy").isNumber());
            assertTrue(o.get("est_time_cycles").asLong() > 0, o.toString());
            assertTrue(List.of("ISSUE", "LATENCY", "MEMORY").contains(o.get("time_bound").asText()), o.toString());
            assertTrue(o.get("message").isNull());
        }
        assertEquals("twice", array.get(0).get("function").asText());
        assertEquals("axpy", array.get(1).get("function").asText());
    }

    @Test
    void aBrokenFileIsOneParseErrorObjectAndTheOtherFilesAreStillAllocated() throws Exception {
        Path broken = Cli.resource("broken.ptx", dir);
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", "--format", "json", broken.toString(), tiny.toString());

        assertEquals(1, run.exit(), "a file that gave no results is a failure: " + run.err());
        JsonNode array = new ObjectMapper().readTree(run.out());
        assertEquals(3, array.size());
        JsonNode error = array.get(0);
        assertEquals("PARSE_ERROR", error.get("status").asText());
        assertTrue(error.get("function").isNull());
        assertTrue(error.get("registers").isNull());
        assertTrue(error.get("message").asText().startsWith(broken + ":8:"), error.get("message").asText());
        assertEquals("OK", array.get(1).get("status").asText());
        assertEquals("OK", array.get(2).get("status").asText());
    }

    @Test
    void inTextModeAParseErrorIsOneSentenceOnStderr() {
        Path broken = Cli.resource("broken.ptx", dir);
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", broken.toString(), tiny.toString());

        assertEquals(1, run.exit());
        assertEquals(2, run.errLines().length, run.err());
        assertTrue(run.errLines()[1].contains("1 of 2 files gave PARSE_ERROR or IO_ERROR"), run.err());
        assertTrue(run.err().startsWith("regtune: " + broken + ":8:"), run.err());
        assertTrue(run.out().contains("Compiling entry function 'axpy'"), run.out());
    }

    /** Issue 16: a folder with a binary file and a Latin-1 comment still gives one complete JSON document. */
    @Test
    void aFolderWithABinaryFileAndANonAsciiCommentIsReportedToTheEnd() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("mixed"));
        Path tiny = Cli.resource("tiny.ptx", folder);
        byte[] binary = new byte[256];
        for (int i = 0; i < binary.length; i++) {
            binary[i] = (byte) (i * 37 + 11);
        }
        Files.write(folder.resolve("garbage.ptx"), binary);
        ByteArrayOutputStream latin1 = new ByteArrayOutputStream();
        latin1.writeBytes("// caf\u00e9 au lait\n".getBytes(StandardCharsets.ISO_8859_1));
        latin1.writeBytes(Files.readAllBytes(tiny));
        Files.write(folder.resolve("latin1.ptx"), latin1.toByteArray());

        Cli.Run run = Cli.run("allocate", "--format", "json", folder.toString());

        assertEquals(1, run.exit(), run.err());
        JsonNode array = new ObjectMapper().readTree(run.out());
        List<String> statuses = new ArrayList<>();
        array.forEach(o -> statuses.add(o.get("file").asText().replace(folder + "/", "") + " "
                + o.get("status").asText()));
        assertEquals(List.of("garbage.ptx PARSE_ERROR", "latin1.ptx PARSE_ERROR", "tiny.ptx OK", "tiny.ptx OK"),
                statuses);
        assertEquals(folder.resolve("latin1.ptx") + ":1:7: Unexpected non-ASCII character (byte 0xE9) encountered "
                + "on line 1; PTX is ASCII, comments included", array.get(1).get("message").asText());
        assertTrue(run.err().contains("2 of 3 files gave PARSE_ERROR or IO_ERROR"), run.err());
    }

    @Test
    void anEmptyFileIsMissingItsVersionAsPtxasSays() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.ptx"), "// nothing but a comment\n");
        Cli.Run run = Cli.run("allocate", empty.toString());

        assertEquals(1, run.exit());
        assertEquals("regtune: " + empty + ":2:1: Missing .version directive at start of file.", run.errLines()[0]);
        assertEquals("", run.out());
    }

    @Test
    void unknownKnobIsAUsageErrorWithASuggestion() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--knob", "RegAllocThresholdForDiscardConflict=60", tiny.toString());

        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("did you mean RegAllocThresholdForDiscardConflicts"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void badKnobValueIsAUsageError() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--knob", "RegAllocThresholdForDiscardConflicts=lots", tiny.toString());

        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("expects an integer"), run.err());
    }

    @Test
    void knobByNumberIsAccepted() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--verify", "--knob", "684=80", "--knob", "RegAllocCoalescing=false", tiny.toString());

        assertEquals(0, run.exit(), run.err());
    }

    @Test
    void knobWithoutValueIsAUsageError() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--knob", "684", tiny.toString());

        assertEquals(2, run.exit());
        assertTrue(run.err().contains("NAME=VALUE"), run.err());
    }

    @Test
    void unknownArchIsAUsageError() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run run = Cli.run("allocate", "--arch", "sm_91", tiny.toString());

        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("sm_91"), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
    }

    @Test
    void missingFileIsAUsageError() {
        Cli.Run run = Cli.run("allocate", dir.resolve("absent.ptx").toString());

        assertEquals(2, run.exit());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("does not exist"), run.err());
    }

    @Test
    void unknownAllocatorAndOutOfRangeLimitAreUsageErrors() {
        Path tiny = Cli.resource("tiny.ptx", dir);
        assertEquals(2, Cli.run("allocate", "--allocator", "greedy", tiny.toString()).exit());
        assertEquals(2, Cli.run("allocate", "--max-regs", "256", tiny.toString()).exit());
        assertEquals(2, Cli.run("allocate", "--max-regs", "-1", tiny.toString()).exit());
    }

    @Test
    void verifyChecksEveryOkAllocation() throws Exception {
        Path tiny = Cli.resource("tiny.ptx", dir);
        Cli.Run text = Cli.run("allocate", "--verify", tiny.toString());
        assertEquals(0, text.exit(), text.err());
        assertEquals(2, text.out().lines().filter(l -> l.equals("regtune info  : allocation verified by the checker"))
                .count(), text.out());

        Cli.Run json = Cli.run("allocate", "--verify", "--format", "json", tiny.toString());
        assertEquals(0, json.exit(), json.err());
        for (JsonNode o : new ObjectMapper().readTree(json.out())) {
            assertTrue(o.get("message").isNull(), o.toString());
        }
    }

    @Test
    void verifyOnTheCorpusFindsNoViolation() {
        Path corpus = Path.of("../datasets/corpus/ptx/sm_90/elementwise.ptx");
        org.junit.jupiter.api.Assumptions.assumeTrue(corpus.toFile().isFile(), "corpus not present");
        Cli.Run run = Cli.run("allocate", "--verify", "--max-regs", "24", corpus.toString());
        assertEquals(0, run.exit(), run.err());
    }

    @Test
    void syntaxErrorsAreUsageErrors() {
        assertEquals(2, Cli.run("allocate").exit());
        assertEquals(2, Cli.run("allocate", "--format", "yaml", "x.ptx").exit());
        assertEquals(2, Cli.run("allocate", "--bogus", "x.ptx").exit());

        Cli.Run installed = Cli.runInstalled("allocate", "--max-reg", "3", "x.ptx");
        assertEquals(2, installed.exit());
        assertEquals(1, installed.errLines().length, installed.err());
        assertTrue(installed.err().contains("--max-regs"), installed.err());
        assertTrue(installed.err().contains("regtune allocate --help"), installed.err());
    }
}
