package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.select.ResultFixture;
import dev.regtune.job.select.SavedSelection;
import dev.regtune.job.select.SelectionJson;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import dev.regtune.space.profile.Scores;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code regtune select} and {@code regtune export} on a hand-made result table written with Spark. */
class SelectExportCommandTest {
    private static SparkSession spark;

    @TempDir
    static Path sweep;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeResults() {
        spark = SparkSessions.open("regtune select tests", Optional.of("local[2]"));
        ResultFixture.standard().writeParquet(spark, sweep);
    }

    @Test
    void selectPrintsASummaryAndExportRoundTripsInEveryFormat() throws Exception {
        Path file = dir.resolve("sel.json");
        Cli.Run run = Cli.run("select", "--results", sweep.toString(), "--objective", "latency", "--seed", "1",
                "--out", file.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals("", run.err());
        String out = run.out();
        assertTrue(out.startsWith("results: " + sweep + " (run run-1, model 0.1.0, sm_90): 20 evaluations of 5 "
                + "kernels x 4 configurations (15 OK, 1 ALLOC_FAILED, 4 PARSE_ERROR)"), out);
        assertTrue(out.contains("objective: latency (lower is better; est_latency_cycles)"), out);
        assertTrue(out.contains("best configuration per kernel (4 kernels):"), out);
        assertTrue(out.contains("1 kernel without any OK evaluation (left out of the split and the front): eps "
                + "(sm_90)"), out);
        assertTrue(out.contains("split (seed 1, train 0.70): 3 training and 1 test kernels"), out);
        assertTrue(out.contains("global configuration "), out);
        assertTrue(out.contains("default configuration " + ResultFixture.D.id() + ":"), out);
        assertTrue(out.contains("pareto front (total spill bytes, geometric-mean latency, mean registers): 2 of 3 "
                + "configurations evaluated OK on all 4 kernels"), out);
        assertTrue(out.endsWith("selection: " + file + "\n"), out);

        SavedSelection saved = SelectionJson.read(file);
        SavedSelection.Choice global = saved.global().orElseThrow();
        for (String format : List.of("json", "knobs", "csv")) {
            Path profile = dir.resolve("global." + format);
            Cli.Run export = Cli.run("export", "--selection", file.toString(), "--format", format, "--out",
                    profile.toString());
            assertEquals(0, export.exit(), export.err());
            assertTrue(export.out().startsWith("profile: the global configuration " + global.configId()
                    + " for sm_90"), export.out());
            KnobProfile p = ProfileFormat.named(format).read(profile);
            assertEquals(global.configuration().knobs(), p.knobs(), format);
            assertEquals(global.configuration().registerBudget(), p.maxrregcount(), format);
            assertEquals("sm_90", p.arch());
            assertEquals("latency", p.objective());
            assertEquals("run-1", p.provenance().runId());
            assertEquals("0.1.0", p.provenance().modelVersion());
            assertEquals(sweep.toString(), p.provenance().corpus());
            assertEquals(3, p.train().kernels());
            assertEquals(1, p.test().kernels());
            assertTrue(p.train().figures().containsKey(Scores.OBJECTIVE), p.train().toString());
            assertTrue(p.train().figures().containsKey(Scores.REGRET), p.train().toString());
            assertTrue(p.train().figures().containsKey(Scores.DEFAULT_OBJECTIVE), p.train().toString());
            assertTrue(p.train().figures().containsKey(Scores.IMPROVEMENT), p.train().toString());
        }
    }

    @Test
    void oneKernelsBestIsExportedWithItsFiguresAndANoteAboutLaunchBounds() throws Exception {
        Path file = dir.resolve("sel.json");
        assertEquals(0, Cli.run("select", "--results", sweep.resolve("results").toString(), "--objective", "latency",
                "--out", file.toString()).exit());
        for (String format : List.of("json", "knobs", "csv")) {
            Path profile = dir.resolve("alpha." + format);
            // the format from the extension
            Cli.Run export = Cli.run("export", "--selection", file.toString(), "--kernel", "alpha", "--out",
                    profile.toString());
            assertEquals(0, export.exit(), export.err());
            assertEquals(List.of("regtune: note: the configuration also imposes launch bounds 256x2, which a profile "
                    + "cannot hold; apply them as __launch_bounds__ in the kernel source"), List.of(export.errLines()));
            KnobProfile p = ProfileFormat.readFile(profile);
            // alpha's fastest is c3: RegAllocSmemSpilling=true at 50 cycles, against 100 for the default
            assertEquals(ResultFixture.C3.knobs(), p.knobs(), format);
            assertEquals(0, p.maxrregcount());
            assertEquals(List.of(KnobCatalogue.SMEM_SPILLING), p.changedKnobs());
            assertEquals(1, p.train().kernels());
            assertEquals(50.0, p.train().figures().get(Scores.OBJECTIVE));
            assertEquals(100.0, p.train().figures().get(Scores.DEFAULT_OBJECTIVE));
            assertEquals(101.0 / 51 - 1, p.train().figures().get(Scores.IMPROVEMENT), 1e-12);
            assertEquals(Scores.NONE, p.test());
        }
        Cli.Run byId = Cli.run("export", "--selection", file.toString(), "--kernel", ResultFixture.BETA.id(),
                "--format", "json", "--out", dir.resolve("beta.json").toString());
        assertEquals(0, byId.exit(), byId.err());
        assertEquals(64, ProfileFormat.JSON.read(dir.resolve("beta.json")).maxrregcount());
    }

    @Test
    void theDefaultSelectionFileGoesNextToTheResultsFolder() {
        Cli.Run run = Cli.run("select", "--results", sweep.resolve("results").toString(), "--rows", "2");
        assertEquals(0, run.exit(), run.err());
        assertTrue(Files.isRegularFile(sweep.resolve("selection.json")));
        assertFalse(Files.exists(sweep.resolve("results/selection.json")));
        assertTrue(run.out().contains("best configuration per kernel (4 kernels, the first 2 by name):"), run.out());
        assertTrue(run.out().contains("(2 more in the selection file)"), run.out());
    }

    @Test
    void aSparseSweepStillSelectsAndSaysWhatEachCandidateFailed() throws Exception {
        Path results = dir.resolve("sparse");
        new ResultFixture().ok(ResultFixture.ALPHA, ResultFixture.C1, 10, 0, 32)
                .ok(ResultFixture.BETA, ResultFixture.C2, 10, 0, 32)
                .ok(ResultFixture.GAMMA, ResultFixture.C3, 10, 0, 32).writeParquet(spark, results);
        Cli.Run run = Cli.run("select", "--results", results.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.err().isBlank(), run.err());
        assertTrue(run.out().contains("objective: time"), run.out());
        assertTrue(run.out().contains("chosen among 2 configurations (0 OK on every training kernel)"), run.out());
        assertTrue(run.out().contains("counts as 10 x its best"), run.out());
        assertTrue(run.out().contains("default configuration (" + ResultFixture.D.id() + "): absent from the table"),
                run.out());
        Cli.Run export = Cli.run("export", "--selection", results.resolve("selection.json").toString(), "--out",
                dir.resolve("p.json").toString());
        assertEquals(0, export.exit(), export.err());
    }

    @Test
    void badInputIsAUsageErrorOfOneSentence() throws Exception {
        Path missing = dir.resolve("missing");
        assertUsage("regtune: results folder '" + missing + "' does not exist.", "select", "--results",
                missing.toString());
        Files.createDirectories(dir.resolve("empty/results"));
        assertUsage("regtune: folder '" + dir.resolve("empty") + "' holds no results (no Parquet file in it or in its "
                + "results folder); expected the --out folder of 'regtune sweep'.", "select", "--results",
                dir.resolve("empty").toString());
        assertUsage("regtune: there are no results of run 'nope' in '" + sweep + "'; runs present: run-1.", "select",
                "--results", sweep.toString(), "--run-id", "nope", "--out", dir.resolve("x.json").toString());
        assertUsage("regtune: unknown objective 'latncy'; did you mean latency?", "select", "--results",
                sweep.toString(), "--objective", "latncy");
        assertUsage("regtune: --train must be a fraction above 0 and at most 1, not 1.5.", "select", "--results",
                sweep.toString(), "--train", "1.5");

        Path sel = dir.resolve("sel.json");
        assertUsage("regtune: selection file '" + sel + "' does not exist.", "export", "--selection", sel.toString(),
                "--out", dir.resolve("p.json").toString());
        Files.writeString(sel, "{\"format\": \"something-else\"}");
        assertUsage("regtune: '" + sel + "' is not a selection file (its \"format\" is not \"regtune-selection\"); "
                + "expected the output of 'regtune select'.", "export", "--selection", sel.toString(), "--out",
                dir.resolve("p.json").toString());
        assertUsage("regtune: unknown profile format 'yaml'; expected json, knobs or csv.", "export", "--selection",
                sel.toString(), "--format", "yaml", "--out", dir.resolve("p.yaml").toString());

        Path good = dir.resolve("good.json");
        assertEquals(0, Cli.run("select", "--results", sweep.toString(), "--out", good.toString()).exit());
        assertUsage("regtune: the selection has no kernel 'alpah'; did you mean alpha?", "export", "--selection",
                good.toString(), "--kernel", "alpah", "--out", dir.resolve("p.json").toString());
        assertUsage("regtune: kernel eps (sm_90, k4eps) has no configuration evaluated OK, so no best configuration "
                + "to export.", "export", "--selection", good.toString(), "--kernel", "eps", "--out",
                dir.resolve("p.json").toString());
        assertUsage("regtune: the selection has no sm_80 kernels; its architectures are sm_90.", "export",
                "--selection", good.toString(), "--arch", "sm_80", "--out", dir.resolve("p.json").toString());
    }

    private static void assertUsage(String message, String... args) {
        Cli.Run run = Cli.run(args);
        assertEquals(2, run.exit(), run.err());
        assertEquals(List.of(message), List.of(run.errLines()));
        assertEquals("", run.out());
    }
}
