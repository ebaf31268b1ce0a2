package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.report.html.XmlCheck;
import dev.regtune.job.report.sweep.ReportFixture;
import dev.regtune.job.results.ResultColumns;
import dev.regtune.job.results.ResultSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class ReportCommandTest {
    /** The fixture's run 1 (all kernels) and run 2 (the stencil family only, one name needing escapes). */
    @TempDir
    static Path sweep;
    static SparkSession spark;

    @BeforeAll
    static void writeResults() {
        spark = ReportFixture.session("report command test");
        ReportFixture.write(spark, sweep, "run-1");
        ReportFixture.write(spark, sweep, "run-2", k -> k.family().equals("stencil"));
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void writesOneSelfContainedPageWithEveryPlot(@TempDir Path tmp) throws Exception {
        Path page = tmp.resolve("report.html");
        Cli.Run run = Cli.run("report", "--results", sweep.toString(), "--out", page.toString(), "--run-id", "run-1",
                "--objective", "latency");
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("report: "), run.out());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        Document doc = XmlCheck.parse(html);
        List<String> sections = new ArrayList<>();
        NodeList h2 = doc.getElementsByTagName("h2");
        for (int i = 0; i < h2.getLength(); i++) {
            sections.add(((Element) h2.item(i)).getAttribute("id"));
        }
        assertEquals(List.of("best", "knobs", "pareto", "tuned", "spill-cliff", "time"), sections);
        assertTrue(html.contains("kernels run fastest, by the estimated kernel time"), "the trade-off section");
        NodeList svgs = doc.getElementsByTagName("svg");
        for (int i = 0; i < svgs.getLength(); i++) {
            assertEquals("svg", XmlCheck.parse(XmlCheckSource.outer(html, i)).getDocumentElement().getTagName());
        }
        for (String label : List.of("RegAllocSpillWeight (knob value)", "(latency + 1) / (kernel's best + 1)",
                "register budget (registers per thread; none = no limit)", ">none<",
                "geometric-mean estimated latency (cycles)", "mean spill bytes per kernel (bytes)",
                "mean registers per thread (registers)", "rows ALLOC_FAILED (% of rows)", "run-1", "0.1.0-test")) {
            assertTrue(html.contains(label), label);
        }
        assertFalse(html.contains("http"));
        assertFalse(html.contains("src="));
        assertFalse(html.contains("<script"));
        // what selection found: the tuned and default configurations, the front, the kernels that gain most
        for (String selected : List.of("tuned (robust global)", "<td>default</td>", "Pareto front", ">tuned<",
                ">default<", "Latency of the default and the tuned configuration", "stencil_&lt;9pt&gt;&amp;")) {
            assertTrue(html.contains(selected), selected);
        }
    }

    @Test
    void kernelNamesAreEscaped(@TempDir Path tmp) throws Exception {
        Path page = tmp.resolve("stencil.html");
        Cli.Run run = Cli.run("report", "--results", sweep.resolve("results").toString(), "--out", page.toString(),
                "--run-id", "run-2", "--objective", "spills");
        assertEquals(0, run.exit(), run.err());
        String html = Files.readString(page, StandardCharsets.UTF_8);
        XmlCheck.parse(html);
        assertTrue(html.contains("stencil_&lt;9pt&gt;&amp;&quot;wide&quot;")
                || html.contains("stencil_&lt;9pt&gt;&amp;\"wide\""), "one family: a series per kernel, by name");
        assertTrue(html.contains("(spill bytes + 1) / (kernel's best + 1)"), "the objective's label");
    }

    @Test
    void sameResultsGiveTheSameBytes(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a.html");
        Path b = tmp.resolve("b.html");
        assertEquals(0, Cli.run("report", "--results", sweep.toString(), "--out", a.toString()).exit());
        assertEquals(0, Cli.run("report", "--results", sweep.toString(), "--out", b.toString()).exit());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    @Test
    void badInputIsAUsageErrorInOneSentence(@TempDir Path tmp) throws Exception {
        Path page = tmp.resolve("r.html");
        assertUsageError(Cli.run("report", "--results", tmp.resolve("missing").toString(), "--out", page.toString()),
                "does not exist");
        Path empty = tmp.resolve("empty");
        spark.createDataFrame(List.<Row>of(), ResultSchema.schema()).write()
                .partitionBy(ResultColumns.RUN_ID, ResultColumns.ARCH).parquet(empty.resolve("results").toString());
        assertUsageError(Cli.run("report", "--results", empty.toString(), "--out", page.toString()),
                "no result table");
        assertUsageError(Cli.run("report", "--results", sweep.toString(), "--out", page.toString(), "--run-id", "x"),
                "run-1, run-2");
        assertUsageError(Cli.run("report", "--results", sweep.toString(), "--out", page.toString(), "--objective",
                "speed"), "speed");
        assertUsageError(Cli.run("report", "--results", sweep.toString(), "--out",
                tmp.resolve("no/such/folder/r.html").toString()), "does not exist");
        assertFalse(Files.exists(page), "no page after a usage error");
    }

    private static void assertUsageError(Cli.Run run, String mentions) {
        assertEquals(2, run.exit(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("regtune: ") && run.err().contains(mentions), run.err());
    }

    /** The i-th {@code <svg>...</svg>} of a page, as text. */
    static final class XmlCheckSource {
        static String outer(String html, int index) {
            int from = 0;
            for (int i = 0; i <= index; i++) {
                from = html.indexOf("<svg", from + (i == 0 ? 0 : 1));
            }
            int to = html.indexOf("</svg>", from) + "</svg>".length();
            return html.substring(from, to);
        }
    }
}
