package dev.regtune.job.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

class SvgPrimitivesTest {
    @Test
    void escapesMarkupQuotesAndCharactersXmlForbids() {
        assertEquals("a &amp; b &lt;c&gt; \"d\"", Xml.text("a & b <c> \"d\""));
        assertEquals("&lt;x y=&quot;1&quot; z=&#39;2&#39;&gt;", Xml.attr("<x y=\"1\" z='2'>"));
        assertEquals("bell\uFFFDnul\uFFFD", Xml.text("bell\u0007nul\u0000"));
        assertEquals("pair \uD83D\uDE00 lone \uFFFD", Xml.text("pair \uD83D\uDE00 lone \uD83D"));
        String plain = "kernel_42";
        assertTrue(plain == Xml.text(plain), "nothing to escape: the same string");
    }

    @Test
    void linearTicksAreNiceNumbersCoveringTheData() {
        LinearScale s = LinearScale.covering(3, 97, 6);
        assertEquals(0, s.min());
        assertEquals(100, s.max());
        assertEquals(20, s.step());
        assertEquals(List.of("0", "20", "40", "60", "80", "100"), s.ticks().stream().map(Tick::label).toList());

        LinearScale small = LinearScale.covering(0.98, 1.13, 6);
        assertEquals(List.of("0.95", "1", "1.05", "1.1", "1.15"), small.ticks().stream().map(Tick::label).toList());

        LinearScale big = LinearScale.covering(12_000, 61_000, 6);
        assertEquals("10k", big.ticks().get(0).label());
        assertEquals("70k", big.ticks().get(big.ticks().size() - 1).label());

        LinearScale single = LinearScale.covering(5, 5, 6);
        assertTrue(single.min() < 5 && single.max() > 5);
        LinearScale zero = LinearScale.covering(0, 0, 6);
        assertEquals(0, zero.min());
        assertEquals(1, zero.max());
    }

    @Test
    void valuesSpanningDecadesGetALogScale() {
        Scale s = Scales.forValues(new double[] {1, 10, 1000, 1_000_000}, false);
        LogScale log = assertInstanceOf(LogScale.class, s);
        assertEquals(1, log.min());
        assertEquals(1_000_000, log.max());
        assertEquals(List.of("1", "10", "100", "1k", "10k", "100k", "1M"),
                log.ticks().stream().map(Tick::label).toList());
        assertEquals(0.5, log.fraction(1000), 1e-12);

        LogScale withZero = assertInstanceOf(LogScale.class, Scales.forValues(new double[] {0, 8, 40_000}, true));
        assertEquals(0, withZero.min());
        assertEquals(0, withZero.fraction(0), 1e-12);
        assertEquals("0", withZero.ticks().get(0).label());

        assertInstanceOf(LinearScale.class, Scales.forValues(new double[] {1.0, 1.4, 2.2}, false));
        assertInstanceOf(LinearScale.class, Scales.forValues(new double[] {-5, 500}, false));
        assertTrue(new Axis("spill bytes (bytes)", withZero).displayLabel().endsWith("(log scale)"));
    }

    @Test
    void labelsAreShortAndLocaleIndependent() {
        assertEquals("0", TickLabels.compact(0));
        assertEquals("1.5k", TickLabels.compact(1500));
        assertEquals("12k", TickLabels.compact(12_000));
        assertEquals("3.2M", TickLabels.compact(3_200_000));
        assertEquals("0.125", TickLabels.compact(0.125));
        assertEquals("-42", TickLabels.compact(-42));
        assertEquals("0", TickLabels.linear(-1e-17, 0.2, 1));
    }

    @Test
    void xyChartIsWellFormedSvgWithLabelledAxesLegendAndTooltips() {
        Axis x = new Axis("register budget (registers per thread)", Scales.linear(24, 255, false));
        Axis y = new Axis("spill bytes (bytes)", Scales.forValues(new double[] {0, 8, 4096}, true));
        String svg = new XYChart("Spills <&> \"budget\"", x, y)
                .line(new XYChart.Line("family <a&b>", Palette.categorical(0),
                        List.of(new XYChart.Point(24, 4096), new XYChart.Point(64, 128), new XYChart.Point(255, 0)),
                        false))
                .line(new XYChart.Line("median", Palette.categorical(1), List.of(new XYChart.Point(24, 2000)), true))
                .dots(List.of(new XYChart.Dot(100, 10, 4, Palette.sequential(0.3), true, "config 'x' <y>")))
                .reference(1, "kernel's best")
                .verticalReference(50, "default")
                .annotate(100, 10, "tuned")
                .colourBar(new ColourBar("mean registers per thread", 24, 96))
                .toSvg();
        Document doc = XmlCheck.parse(svg);
        assertEquals("svg", doc.getDocumentElement().getTagName());
        String text = doc.getDocumentElement().getTextContent();
        assertTrue(text.contains("register budget (registers per thread)"), text);
        assertTrue(text.contains("spill bytes (bytes) (log scale)"), text);
        assertTrue(text.contains("family <a&b>"), text);
        assertTrue(text.contains("config 'x' <y>"), text);
        assertTrue(svg.contains("family &lt;a&amp;b&gt;"), svg);
        NodeList polylines = doc.getElementsByTagName("polyline");
        assertEquals(1, polylines.getLength(), "a one-point line draws only its marker");
        assertFalse(svg.contains("NaN") || svg.contains("Infinity"), svg);
    }

    @Test
    void barChartSlantsLongCategoriesAndMarksMissingValues() {
        List<String> names = List.of("a_rather_long_family_name_that_needs_shortening", "b", "c");
        String svg = new BarChart("Default against tuned", "kernel family", "ratio", names)
                .series(new BarChart.Series("default", "#999999", new double[] {1.2, Double.NaN, 1.05}))
                .series(new BarChart.Series("tuned", Palette.categorical(0), new double[] {1.01, 1.0, 1.0}))
                .baseline(1, "kernel's best")
                .valueLabels(true)
                .toSvg();
        Document doc = XmlCheck.parse(svg);
        assertTrue(svg.contains("rotate(-35"), "long names are slanted");
        assertTrue(svg.contains("\u2026"), "and shortened");
        assertTrue(doc.getDocumentElement().getTextContent().contains(names.get(0)), "with the full name as tooltip");
        assertTrue(svg.contains(">n/a<"), svg);
        assertEquals(5 + 2, doc.getElementsByTagName("rect").getLength() - 1, "five bars and two legend swatches "
                + "besides the plot frame");
    }

    @Test
    void sameCallsGiveTheSameBytes() {
        String a = chart();
        String b = chart();
        assertEquals(a, b);
    }

    private static String chart() {
        Axis x = new Axis("x (cycles)", Scales.forValues(new double[] {1, 1e5}, false));
        Axis y = new Axis("y (bytes)", Scales.linear(0, 1 / 3.0, true));
        return new XYChart("t", x, y).line(new XYChart.Line("s", "#000000",
                List.of(new XYChart.Point(1, 0.1), new XYChart.Point(77.7, 1 / 3.0)), false)).toSvg();
    }

    @Test
    void pageIsWellFormedAndSelfContained() {
        String svg = new BarChart("b", "c", "v", List.of("x")).series(new BarChart.Series("s", "#000000",
                new double[] {2})).toSvg();
        String html = new HtmlPage("Report <1>")
                .h1("Report <1>")
                .facts(List.<String[]>of(new String[] {"run", "r&d"}))
                .contents(List.<String[]>of(new String[] {"s", "Section"}))
                .h2("s", "Section")
                .table(List.of("kernel", "rows"), List.of(List.of("<script>alert(1)</script>", "3")), false, true)
                .figure(svg, "caption & more")
                .render();
        Document doc = XmlCheck.parse(html);
        assertEquals("html", doc.getDocumentElement().getTagName());
        assertFalse(html.contains("<script"), html);
        assertFalse(html.contains("http"), html);
        assertFalse(html.contains("src="), html);
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html);
    }
}
