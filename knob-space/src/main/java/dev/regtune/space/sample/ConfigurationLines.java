package dev.regtune.space.sample;

import dev.regtune.core.knobs.KnobType;
import dev.regtune.space.Configuration;
import dev.regtune.space.Dimension;
import dev.regtune.space.KnobSpace;

/**
 * One configuration per line, for streaming output. CSV: a header of every dimension name of the
 * space, in space order, then one row per configuration with an empty cell for an inactive
 * dimension. JSONL: one object per line, keys in space order, inactive dimensions omitted; the
 * architecture, the launch bounds and a choice knob's choice name are strings, booleans are
 * {@code true}/{@code false}, the rest are numbers.
 */
public final class ConfigurationLines {
    private ConfigurationLines() {
    }

    /** The CSV header: every dimension name. */
    public static String csvHeader(KnobSpace space) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < space.dimensions(); i++) {
            sb.append(i == 0 ? "" : ",").append(csvCell(space.dimensionName(i)));
        }
        return sb.toString();
    }

    /** One CSV row of {@code c}, cells in the order of {@link #csvHeader}. */
    public static String csvRow(KnobSpace space, Configuration c) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < space.dimensions(); i++) {
            String v = c.get(space.dimensionName(i));
            sb.append(i == 0 ? "" : ",").append(v == null ? "" : csvCell(v));
        }
        return sb.toString();
    }

    /** One JSON object of {@code c} on one line. */
    public static String jsonLine(KnobSpace space, Configuration c) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < space.dimensions(); i++) {
            String name = space.dimensionName(i);
            String v = c.get(name);
            if (v == null) {
                continue;
            }
            sb.append(sb.length() == 1 ? "" : ",").append(jsonString(name)).append(':');
            sb.append(isText(space.dimension(i)) ? jsonString(v) : v);
        }
        return sb.append('}').toString();
    }

    /** Whether a dimension's values are names rather than numbers or booleans. */
    private static boolean isText(Dimension d) {
        return !d.labels().isEmpty() || d.knob().map(k -> k.type() == KnobType.CHOICE).orElse(false);
    }

    private static String csvCell(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    private static String jsonString(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (ch < 0x20) {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
