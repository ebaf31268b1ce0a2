package dev.regtune.job.report.html;

import java.util.List;

/**
 * A self-contained HTML page written as well-formed XML (every element closed, only the five XML
 * entities, no namespace declarations), so that the page and each SVG in it parse with an XML
 * parser as well as in a browser. Styles are inline in the head; there is no script and nothing
 * is fetched: no fonts, images, style sheets or links to other sites.
 *
 * <p>Content is appended in order; every text argument is escaped here, while {@link #raw(String)}
 * takes markup this package produced (charts).
 */
public final class HtmlPage {
    private static final String CSS = String.join("\n",
            "body{font-family:sans-serif;margin:1.5em auto;max-width:1000px;padding:0 1em;color:#222;"
                    + "line-height:1.4}",
            "h1{font-size:1.6em;margin-bottom:0.2em}",
            "h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ccc;padding-bottom:0.2em}",
            "h3{font-size:1.05em;margin-top:1.4em}",
            "table{border-collapse:collapse;margin:0.6em 0;font-size:0.9em}",
            "th,td{border:1px solid #ccc;padding:0.2em 0.6em;text-align:left;vertical-align:top}",
            "th{background:#f2f2f2}",
            "td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}",
            "figure{margin:1em 0}",
            "figcaption{font-size:0.88em;color:#444;max-width:720px}",
            "svg.chart{display:block;max-width:100%;height:auto}",
            "code{font-family:monospace;font-size:0.95em}",
            "p.note{color:#444;font-size:0.92em}",
            "dl.facts{display:grid;grid-template-columns:max-content auto;gap:0.1em 1em}",
            "dl.facts dt{font-weight:bold}",
            "dl.facts dd{margin:0}");

    private final StringBuilder body = new StringBuilder(64 * 1024);
    private final String title;

    public HtmlPage(String title) {
        this.title = title;
    }

    public HtmlPage h1(String text) {
        return element("h1", text);
    }

    /** A section heading with an {@code id} to link to within the page. */
    public HtmlPage h2(String id, String text) {
        body.append("<h2 id=\"").append(Xml.attr(id)).append("\">").append(Xml.text(text)).append("</h2>\n");
        return this;
    }

    public HtmlPage h3(String text) {
        return element("h3", text);
    }

    public HtmlPage paragraph(String text) {
        return element("p", text);
    }

    /** A paragraph in the muted style of remarks (what was left out, how to read a plot). */
    public HtmlPage note(String text) {
        body.append("<p class=\"note\">").append(Xml.text(text)).append("</p>\n");
        return this;
    }

    /** A list of links to the sections of the page ({@code #id} fragments only). */
    public HtmlPage contents(List<String[]> idAndTitle) {
        body.append("<ul>\n");
        for (String[] e : idAndTitle) {
            body.append("<li><a href=\"#").append(Xml.attr(e[0])).append("\">").append(Xml.text(e[1]))
                    .append("</a></li>\n");
        }
        body.append("</ul>\n");
        return this;
    }

    /** Term / description pairs. */
    public HtmlPage facts(List<String[]> termAndDescription) {
        body.append("<dl class=\"facts\">\n");
        for (String[] f : termAndDescription) {
            body.append("<dt>").append(Xml.text(f[0])).append("</dt><dd>").append(Xml.text(f[1])).append("</dd>\n");
        }
        body.append("</dl>\n");
        return this;
    }

    /**
     * A table; {@code numeric} marks right-aligned columns.
     *
     * @param rows cells in header order; null shows as "-"
     */
    public HtmlPage table(List<String> header, List<List<String>> rows, boolean... numeric) {
        body.append("<table>\n<thead><tr>");
        for (int c = 0; c < header.size(); c++) {
            body.append(cell("th", header.get(c), c < numeric.length && numeric[c]));
        }
        body.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            body.append("<tr>");
            for (int c = 0; c < row.size(); c++) {
                body.append(cell("td", row.get(c), c < numeric.length && numeric[c]));
            }
            body.append("</tr>\n");
        }
        body.append("</tbody>\n</table>\n");
        return this;
    }

    /** A chart with a caption under it. */
    public HtmlPage figure(String svg, String caption) {
        body.append("<figure>\n").append(svg);
        if (caption != null && !caption.isEmpty()) {
            body.append("<figcaption>").append(Xml.text(caption)).append("</figcaption>\n");
        }
        body.append("</figure>\n");
        return this;
    }

    /** Markup from this package (a chart), appended as is. */
    public HtmlPage raw(String markup) {
        body.append(markup);
        return this;
    }

    /** The whole page. */
    public String render() {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                + "<title>" + Xml.text(title) + "</title>\n<style>\n" + CSS + "\n</style>\n</head>\n<body>\n"
                + body + "</body>\n</html>\n";
    }

    private HtmlPage element(String tag, String text) {
        body.append('<').append(tag).append('>').append(Xml.text(text)).append("</").append(tag).append(">\n");
        return this;
    }

    private static String cell(String tag, String text, boolean numeric) {
        String open = numeric ? "<" + tag + " class=\"num\">" : "<" + tag + ">";
        return open + Xml.text(text == null ? "-" : text) + "</" + tag + ">";
    }
}
