package dev.regtune.job.ptxas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.job.fidelity.PtxasVerboseParser;
import dev.regtune.job.results.ResultStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One ptxas process per evaluation: figures read from {@code -v}, failures with ptxas's own message,
 * timeouts killed with their children, nothing left in the temporary folder, and outcomes cached by
 * content so the same input is compiled once. A counting fake ptxas everywhere, the real one where it
 * is installed.
 */
class PtxasEvaluatorTest {
    private static final Path BLACK_SCHOLES = Path.of("../datasets/corpus/ptx/sm_90/black_scholes.ptx");
    private static final String PTX = "// a module the fake ptxas never reads\n";

    @TempDir
    Path dir;

    private static PtxasCommand command(String executable, int budget, Map<String, String> controls) {
        return new PtxasCommand(executable, "sm_90", "k", budget, null, new TreeMap<>(controls), "kernels.ptx");
    }

    @Test
    void theCommandLineCarriesBudgetLaunchBoundsAndControlsInCatalogueOrder() {
        PtxasCommand c = new PtxasCommand("/usr/local/bin/ptxas", "sm_90", "saxpy", 64, "256x2",
                new TreeMap<>(Map.of("ptxas_fmad", "false", "ptxas_register_usage_level", "3",
                        "ptxas_extensible_whole_program", "false")), "saxpy.ptx");
        assertEquals("/usr/local/bin/ptxas -v -arch=sm_90 -maxrregcount 64 --maxntid 256 --minnctapersm 2 "
                + "--override-directive-values --register-usage-level 3 --fmad false -e saxpy -o /dev/null "
                + "'corpus dir/saxpy.ptx'", c.display("corpus dir/saxpy.ptx"));
    }

    @Test
    void figuresComeFromVerboseOutputAndTheCacheCompilesEachInputOnce() throws IOException {
        Path ptxas = FakePtxas.install(dir);
        PtxasEvaluator e = new PtxasEvaluator(ptxas.toString(), "13.0.88", 60_000, dir.resolve("cache").toString());
        PtxasEvaluator.Evaluation first = e.evaluate(command(ptxas.toString(), 32, Map.of()), PTX, "in/kernels.ptx");
        assertEquals(new PtxasOutcome(ResultStatus.OK, "", 40, 4, 4, 8, 1024, first.outcome().compileMillis()),
                first.outcome());
        assertFalse(first.cached());
        assertEquals(ptxas + " -v -arch=sm_90 -maxrregcount 32 -e k -o /dev/null in/kernels.ptx", first.command());
        PtxasEvaluator.Evaluation again = e.evaluate(command(ptxas.toString(), 32, Map.of()), PTX, "in/kernels.ptx");
        assertTrue(again.cached());
        assertEquals(first.outcome(), again.outcome());
        assertEquals(1, FakePtxas.compiles(dir), "the same content is compiled once");
        e.evaluate(command(ptxas.toString(), 32, Map.of()), PTX + "// changed\n", "in/kernels.ptx");
        e.evaluate(command(ptxas.toString(), 40, Map.of()), PTX, "in/kernels.ptx");
        new PtxasEvaluator(ptxas.toString(), "13.0.89", 60_000, dir.resolve("cache").toString())
                .evaluate(command(ptxas.toString(), 32, Map.of()), PTX, "in/kernels.ptx");
        assertEquals(4, FakePtxas.compiles(dir), "other text, budget or ptxas version: compiled again");
    }

    @Test
    void aFailureCarriesPtxasOwnMessageAndIsCached() throws IOException {
        Path ptxas = FakePtxas.install(dir);
        PtxasEvaluator e = new PtxasEvaluator(ptxas.toString(), "13.0.88", 60_000, dir.resolve("cache").toString());
        PtxasCommand c = command(ptxas.toString(), 0, Map.of("ptxas_fmad", "true"));
        PtxasOutcome o = e.evaluate(c, PTX, "kernels.ptx").outcome();
        assertEquals(ResultStatus.ERROR, o.status());
        assertEquals("ptxas error   : Invalid value for fmad in kernels.ptx", o.message());
        assertFalse(o.compiled());
        assertTrue(e.evaluate(c, PTX, "kernels.ptx").cached());
        assertEquals(1, FakePtxas.compiles(dir));
    }

    @Test
    void aTimeoutKillsPtxasAndItsChildrenAndLeavesNoFile() throws IOException {
        Path ptxas = FakePtxas.install(dir);
        List<String> tmpBefore = regtuneTempFolders();
        PtxasEvaluator e = new PtxasEvaluator(ptxas.toString(), "13.0.88", 500, dir.resolve("cache").toString());
        PtxasCommand c = command(ptxas.toString(), 0, Map.of("ptxas_fmad", "false"));
        PtxasOutcome o = e.evaluate(c, PTX, "kernels.ptx").outcome();
        assertEquals(ResultStatus.TIMEOUT, o.status());
        assertEquals("ptxas did not finish within 0.5 s (--ptxas-timeout) and was killed", o.message());
        assertFalse(FakePtxas.sleeperAlive(), "the child of the killed ptxas is gone too");
        assertEquals(tmpBefore, regtuneTempFolders(), "no temporary folder is left behind");
        assertFalse(e.evaluate(c, PTX, "kernels.ptx").cached(), "a timeout is not cached: it is tried again");
        assertEquals(2, FakePtxas.compiles(dir));
    }

    @Test
    void theRealPtxasGivesWhatPtxasDashVGivesByHand() throws IOException {
        Path ptxas = PtxasRunner.onPath().orElse(null);
        assumeTrue(ptxas != null, "ptxas is not on the PATH; skipping the comparison with the real ptxas");
        assumeTrue(Files.isRegularFile(BLACK_SCHOLES), "the bundled corpus is not present");
        String version = PtxasInstallation.probe(ptxas).version();
        String text = Files.readString(BLACK_SCHOLES, StandardCharsets.UTF_8);
        PtxasEvaluator e = new PtxasEvaluator(ptxas.toString(), version, 120_000, null);
        PtxasCommand c = new PtxasCommand(ptxas.toString(), "sm_90", "black_scholes_x2", 32, null,
                new TreeMap<>(Map.of("ptxas_register_usage_level", "0", "ptxas_ofast_compile", "max")),
                "black_scholes.ptx");
        PtxasEvaluator.Evaluation ev = e.evaluate(c, text, BLACK_SCHOLES.toString());
        assertEquals(ResultStatus.OK, ev.outcome().status(), ev.outcome().message());

        List<String> byHand = Arrays.asList(ev.command().split(" "));
        Process p = new ProcessBuilder(byHand).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        PtxasMeasurement m = PtxasVerboseParser.parse(out).stream().filter(PtxasMeasurement::entry).findFirst()
                .orElseThrow();
        assertEquals(m.registers(), ev.outcome().registers());
        assertEquals(m.spillStoreBytes(), ev.outcome().spillStoreBytes());
        assertEquals(m.spillLoadBytes(), ev.outcome().spillLoadBytes());
        assertEquals(m.stackFrameBytes(), ev.outcome().stackFrameBytes());
        assertTrue(ev.outcome().registers() <= 32, "-maxrregcount 32 binds: " + ev.outcome());
    }

    @Test
    void theRealPtxasRefusalIsAnAllocFailedOrErrorRowWithItsMessage() throws IOException {
        Path ptxas = PtxasRunner.onPath().orElse(null);
        assumeTrue(ptxas != null, "ptxas is not on the PATH; skipping the real ptxas's failure");
        PtxasEvaluator e = new PtxasEvaluator(ptxas.toString(), "13.0.88", 120_000, null);
        PtxasCommand c = new PtxasCommand(ptxas.toString(), "sm_90", "missing", 0, null, new TreeMap<>(), "bad.ptx");
        PtxasOutcome o = e.evaluate(c, ".version 8.0\n.target sm_90\n.address_size 64\n"
                + ".visible .entry missing() { ret; \n", "bad.ptx").outcome();
        assertEquals(ResultStatus.ERROR, o.status());
        assertTrue(o.message().startsWith("ptxas bad.ptx, line "), o.message());
    }

    /**
     * The folders ptxas runs in ({@code PtxasProcess}) under the shared temporary folder. Only
     * folders: another process on the machine (a fidelity run's {@code regtune-ptxas*.log}) may
     * create and delete files with the same prefix while the test runs.
     */
    private static List<String> regtuneTempFolders() throws IOException {
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("regtune-ptxas")).sorted().toList();
        }
    }
}
