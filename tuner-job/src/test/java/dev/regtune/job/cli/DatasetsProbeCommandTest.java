package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.core.lower.LoweringTable;
import dev.regtune.job.fidelity.PtxasRunner;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class DatasetsProbeCommandTest {
    private static final Path COMMITTED = Path.of("..").toAbsolutePath().normalize()
            .resolve("allocator-core/src/main/resources/dev/regtune/core/lower/lowering-table.csv");

    @TempDir
    Path dir;

    @Test
    void withoutPtxasItIsAUsageErrorOfOneSentence() {
        CommandLine cmd = new CommandLine(new RegtuneMain());
        DatasetsProbeCommand probe = cmd.getSubcommands().get("datasets").getSubcommands().get("probe").getCommand();
        probe.ptxasOnPath = Optional::empty;
        StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err, true));
        cmd.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(2, cmd.execute("datasets", "probe", "--out", dir.resolve("t.csv").toString()));
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(err.toString().contains("probing needs the real ptxas, which is not on the PATH"), err.toString());
        assertTrue(Files.notExists(dir.resolve("t.csv")));
    }

    @Test
    void usageErrorsNameWhatIsWrong() {
        Path out = dir.resolve("t.csv");
        Cli.Run unknown = Cli.run("datasets", "probe", "--construct", "frobnicate.f32", "--out", out.toString());
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().contains("no probe for construct 'frobnicate.f32'"), unknown.err());
        assertEquals(2, Cli.run("datasets", "probe", "--out", dir.resolve("no/such/t.csv").toString()).exit());
        assertEquals(2, Cli.run("datasets", "probe", "--jobs", "0", "--out", out.toString()).exit());
        assertEquals(2, Cli.run("datasets", "probe", "--ptxas", dir.resolve("nope").toString(), "--out",
                out.toString()).exit());
        assertTrue(Files.notExists(out));
    }

    @Test
    void aProbedRowIsTheCommittedOne() throws Exception {
        assumeTrue(PtxasRunner.onPath().isPresent(), "ptxas is not on the PATH; skipping the probe");
        assumeTrue(PtxasRunner.of(PtxasRunner.onPath().get()).version().equals("13.0.88"), "not ptxas 13.0.88");
        Path out = dir.resolve("t.csv");
        Cli.Run run = Cli.run("datasets", "probe", "--arch", "sm_90", "--construct", "rem.u32", "--out", out.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> lines = Files.readAllLines(out);
        assertEquals(LoweringTable.HEADER, lines.get(2));
        assertEquals(4, lines.size());
        assertTrue(Files.readAllLines(COMMITTED).contains(lines.get(3)), lines.get(3));
        LoweringTable.parse(Files.newBufferedReader(out), out.toString());
        try (var left = Files.list(dir)) {
            assertEquals(List.of(out), left.toList(), "no partial file is left");
        }
    }
}
