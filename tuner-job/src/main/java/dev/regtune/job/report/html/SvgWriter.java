package dev.regtune.job.report.html;

/**
 * Writes SVG elements into a buffer: attribute values and text escaped, numbers rounded to a tenth
 * (coordinates in pixels need no more, and rounding keeps output stable across tiny floating-point
 * differences).
 */
final class SvgWriter {
    private final StringBuilder b = new StringBuilder(8192);

    /** {@code <tag a="v" ...>}; {@code attrs} are name, value pairs. */
    SvgWriter open(String tag, String... attrs) {
        start(tag, attrs);
        b.append(">\n");
        return this;
    }

    SvgWriter close(String tag) {
        b.append("</").append(tag).append(">\n");
        return this;
    }

    /** {@code <tag a="v" .../>}. */
    SvgWriter empty(String tag, String... attrs) {
        start(tag, attrs);
        b.append("/>\n");
        return this;
    }

    /** {@code <tag ...>text</tag>} with the text escaped. */
    SvgWriter element(String tag, String text, String... attrs) {
        start(tag, attrs);
        b.append('>').append(Xml.text(text)).append("</").append(tag).append(">\n");
        return this;
    }

    /** An element whose only child is a {@code <title>} (a tooltip in browsers). */
    SvgWriter withTooltip(String tag, String tooltip, String... attrs) {
        start(tag, attrs);
        b.append("><title>").append(Xml.text(tooltip)).append("</title></").append(tag).append(">\n");
        return this;
    }

    private void start(String tag, String... attrs) {
        if (attrs.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs");
        }
        b.append('<').append(tag);
        for (int i = 0; i < attrs.length; i += 2) {
            b.append(' ').append(attrs[i]).append("=\"").append(Xml.attr(attrs[i + 1])).append('"');
        }
    }

    @Override
    public String toString() {
        return b.toString();
    }

    /** A coordinate or length: at most one decimal, no trailing ".0", never "-0". */
    static String n(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("not a finite coordinate: " + v);
        }
        long tenths = Math.round(v * 10);
        if (tenths % 10 == 0) {
            return Long.toString(tenths / 10);
        }
        String sign = tenths < 0 ? "-" : "";
        long abs = Math.abs(tenths);
        return sign + (abs / 10) + "." + (abs % 10);
    }

    /** Width of {@code text} in pixels at {@code size}, roughly (no font metrics offline; sans-serif averages). */
    static double textWidth(String text, double size) {
        return text.codePointCount(0, text.length()) * size * 0.58;
    }

    /** {@code text} cut to {@code max} characters with an ellipsis. */
    static String shorten(String text, int max) {
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max - 1)) + "\u2026";
    }
}
