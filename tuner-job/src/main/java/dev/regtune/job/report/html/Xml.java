package dev.regtune.job.report.html;

/**
 * Escaping for text and attribute values of XML (and therefore of XHTML-style HTML and inline SVG).
 * Characters XML 1.0 does not allow (most control characters, unpaired surrogates, U+FFFE, U+FFFF)
 * become U+FFFD, so that any kernel name, however odd, yields a well-formed page.
 */
public final class Xml {
    private Xml() {
    }

    /** {@code s} escaped for element content: {@code & < >}. */
    public static String text(String s) {
        return escape(s, false);
    }

    /** {@code s} escaped for a double- or single-quoted attribute value: {@code & < > " '}. */
    public static String attr(String s) {
        return escape(s, true);
    }

    private static String escape(String s, boolean quotes) {
        StringBuilder b = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            String replacement = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> quotes ? "&quot;" : null;
                case '\'' -> quotes ? "&#39;" : null;
                default -> allowed(s, i) ? null : "\uFFFD";
            };
            if (replacement == null) {
                if (b != null) {
                    b.append(c);
                }
                continue;
            }
            if (b == null) {
                b = new StringBuilder(n + 16).append(s, 0, i);
            }
            b.append(replacement);
        }
        return b == null ? s : b.toString();
    }

    /** Whether the char at {@code i} may appear in XML 1.0 (a surrogate only as half of a pair). */
    private static boolean allowed(String s, int i) {
        char c = s.charAt(i);
        if (c == '\t' || c == '\n' || c == '\r') {
            return true;
        }
        if (c < 0x20 || c == 0xFFFE || c == 0xFFFF) {
            return false;
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
        }
        return true;
    }
}
