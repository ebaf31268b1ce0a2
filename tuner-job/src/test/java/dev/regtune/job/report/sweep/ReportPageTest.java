package dev.regtune.job.report.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.report.html.XmlCheck;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The page from hand-made content, without Spark. */
class ReportPageTest {
    static final String NASTY = "k<script>&\"'";

    static ReportContent content(int families) {
        RunSummary summary = new RunSummary("out/sweep", List.of("run-1"), List.of("0.1.0"), List.of("0.0.9", "0.1.0"),
                List.of("sm_90"), List.of(new RunSummary.StatusCount(ResultStatus.OK, 90),
                        new RunSummary.StatusCount(ResultStatus.ALLOC_FAILED, 8),
                        new RunSummary.StatusCount(ResultStatus.PARSE_ERROR, 2),
                        new RunSummary.StatusCount(ResultStatus.ERROR, 0)), 100, 5, 20, families);
        ReportObjective objective = new ReportObjective("latency", "latency", functions.col("x"));
        List<KnobEffect> knobs = List.of(
                new KnobEffect("RegAllocSpillWeight", KnobEffect.Kind.NUMERIC, false, OptionalDouble.of(15), List.of(
                        new KnobEffect.Level(1, "1.0", 1.2, 1.1, 30), new KnobEffect.Level(15, "15.0", 1.05, 1.0, 30),
                        new KnobEffect.Level(1000, "1000.0", 1.3, 1.25, 30))),
                new KnobEffect("RegTuneFoldConstants", KnobEffect.Kind.BOOLEAN, false, OptionalDouble.of(1), List.of(
                        new KnobEffect.Level(0, "false", 1.1, 1.05, 45), new KnobEffect.Level(1, "true", 1.02, 1.0, 45))),
                new KnobEffect(ResultColumns.REGISTER_BUDGET, KnobEffect.Kind.NUMERIC, false, OptionalDouble.empty(),
                        List.of(new KnobEffect.Level(0, "none", 1.0, 1.0, 30),
                                new KnobEffect.Level(32, "32", 1.8, 1.5, 30),
                                new KnobEffect.Level(64, "64", 1.1, 1.0, 30))),
                new KnobEffect(ResultColumns.LAUNCH_BOUNDS, KnobEffect.Kind.CATEGORICAL, false, OptionalDouble.empty(),
                        List.of(new KnobEffect.Level(0, "kernel's own", 1.0, 1.0, 45),
                                new KnobEffect.Level(1, "256x2", 1.2, 1.1, 45))));
        List<ConfigurationFigures> candidates = List.of(
                new ConfigurationFigures("aaaa", 0, 5000, 60), new ConfigurationFigures("bbbb", 512, 4000, 40),
                new ConfigurationFigures("cccc", 4096, 3900, 32), new ConfigurationFigures("dddd", 600, 5200, 64));
        ParetoView pareto = new ParetoView(5, candidates, List.of("aaaa", "bbbb", "cccc"),
                Map.of("aaaa", "defaults", "bbbb", "register_budget=64", "cccc", NASTY, "dddd", "x=1"),
                Optional.of("aaaa"), Optional.of("bbbb"));
        List<DefaultVersusTuned.Family> fams = new ArrayList<>();
        List<SpillCliff.Series> series = new ArrayList<>();
        for (int f = 0; f < families; f++) {
            String name = f == 0 ? NASTY : "family_" + f;
            fams.add(new DefaultVersusTuned.Family(name, 1.2 + f / 100.0, 1.05, 2));
            series.add(new SpillCliff.Series(name, List.of(new SpillCliff.Step(32, 800, 32, 10, 2),
                    new SpillCliff.Step(64, 64, 60, 12, 0), new SpillCliff.Step(0, 0, 80 + f, 12, 0))));
        }
        DefaultVersusTuned comparison = new DefaultVersusTuned("aaaa", "bbbb", fams,
                new DefaultVersusTuned.Family("all kernels", 1.2, 1.05, 2 * families));
        TableView best = new TableView(List.of("role", "configuration", "changes", "score"),
                List.of(List.of("robust global", "bbbb", NASTY, "1.050")), List.of(false, false, false, true),
                "Scores are geometric means.");
        return new ReportContent("RegTune sweep report", summary, objective,
                List.of("2 duplicate evaluations were merged."), List.of(best), knobs, Optional.of(pareto),
                Optional.of(comparison), "", new SpillCliff(false, series),
                new TimeCurves(3, List.of(new TimeCurves.Curve("gemm (sm_90)", List.of(new TimeCurves.Point(32, 900, 0.9),
                        new TimeCurves.Point(64, 800, 0.8), new TimeCurves.Point(0, 1000, 1.0)), 64, 0.25)), 1),
                Map.of("RegAllocSmemSpilling", InertKnobs.Verdict.NO_EFFECT));
    }

    @Test
    void pageIsWellFormedWithEverySectionAndAxisLabel() {
        String html = SweepReportPage.render(content(9));
        Document doc = XmlCheck.parse(html);
        List<String> ids = new ArrayList<>();
        NodeList h2 = doc.getElementsByTagName("h2");
        for (int i = 0; i < h2.getLength(); i++) {
            ids.add(((Element) h2.item(i)).getAttribute("id"));
        }
        assertEquals(List.of("best", "knobs", "pareto", "tuned", "spill-cliff", "time"), ids);
        NodeList svgs = doc.getElementsByTagName("svg");
        // 4 knob plots, 1 Pareto, 1 comparison, 2 groups of families x (spill, registers, failures), 1 time curve
        assertEquals(4 + 1 + 1 + 2 * 3 + 1, svgs.getLength());
        assertTrue(html.contains("No effect: RegAllocSmemSpilling changes nothing in this sweep"), "the inert knob");
        assertTrue(html.contains("gemm (sm_90): best 64, 25% faster"), "the time curve's legend");
        for (String label : List.of("RegAllocSpillWeight (knob value) (log scale)",
                "(latency + 1) / (kernel's best + 1)", "register budget (registers per thread; none = no limit)",
                "geometric-mean estimated latency (cycles)", "total spill bytes over 5 kernels (bytes)",
                "mean spill bytes per kernel (bytes)", "mean registers per thread (registers)",
                "rows ALLOC_FAILED (% of rows)", "kernel family (kernels compared)", "none")) {
            assertTrue(html.contains(label.replace("'", "&#39;")) || html.contains(label), label);
        }
    }

    @Test
    void namesAreEscapedAndNothingIsFetched() {
        String html = SweepReportPage.render(content(2));
        assertFalse(html.contains("<script"), "a kernel name is text, never markup");
        assertTrue(html.contains("k&lt;script&gt;&amp;"), html);
        assertFalse(html.contains("http"), "no URL, not even a namespace");
        assertFalse(html.contains("src="));
        assertFalse(html.contains("@import") || html.contains("url("));
    }

    @Test
    void samContentSameBytes() {
        assertEquals(SweepReportPage.render(content(3)), SweepReportPage.render(content(3)));
    }
}
