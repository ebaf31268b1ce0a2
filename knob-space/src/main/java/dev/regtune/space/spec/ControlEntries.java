package dev.regtune.space.spec;

import com.fasterxml.jackson.databind.JsonNode;
import dev.regtune.core.text.Suggestions;
import dev.regtune.space.Dimension;
import dev.regtune.space.controls.ControlType;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code "ptxas"} list of a space spec: one dimension per public ptxas control
 * ({@link PtxasControls}), each over the values it lists, a range of an integer control, or, with no
 * domain, every value of a boolean, flag or choice control.
 *
 * <pre>
 * "ptxas": [
 *   {"control": "register-usage-level", "values": [0, 5, 10]},
 *   {"control": "opt-level", "min": 1, "max": 3},
 *   {"control": "Ofast-compile"},                 every choice: 0, min, mid, max
 *   {"control": "fmad", "value": true},
 *   {"control": "opt-level", "values": [1, 2, 3], "when": "ptxas_ofast_compile == '0'"}
 * ]
 * </pre>
 *
 * A control may be conditional ({@code when}), and conditions and constraints may read a control by
 * its dimension name as a choice among the values it lists ({@code ptxas_ofast_compile == 'max'}):
 * ptxas refuses some combinations outright (--Ofast-compile min or mid with an -O other than 1, max
 * with an -O other than 0, min with --allow-expensive-optimizations false).
 */
final class ControlEntries {
    static final String KEY = "ptxas";
    private static final List<String> ENTRY_KEYS = List.of("control", "values", "value", "min", "max", "step",
            "when");

    /**
     * One control entry while its condition is still text.
     *
     * @param control the control
     * @param values its values, canonical text, in spec order
     * @param when its condition, when it has one
     */
    record Entry(PtxasControl control, List<String> values, java.util.Optional<String> when) {
        Dimension dimension() {
            return Dimension.control(control, values, java.util.Optional.empty());
        }
    }

    private ControlEntries() {
    }

    /** The control entries of the {@code "ptxas"} list, in spec order. */
    static List<Entry> read(JsonNode node) {
        if (!node.isArray() || node.isEmpty()) {
            throw new SpaceSpecException(KEY + " must be a non-empty array of control entries such as "
                    + "{\"control\": \"register-usage-level\", \"values\": [0, 5, 10]}, not "
                    + SpaceSpecReader.kind(node));
        }
        List<Entry> entries = new ArrayList<>();
        List<PtxasControl> seen = new ArrayList<>();
        int index = 0;
        for (JsonNode e : node) {
            index++;
            if (!e.isObject()) {
                throw new SpaceSpecException(KEY + " entry " + index + " must be an object such as {\"control\": "
                        + "\"fmad\"}, not " + SpaceSpecReader.kind(e));
            }
            PtxasControl control = control(e, index);
            SpaceSpecReader.checkKeys(e, ENTRY_KEYS, "in the entry of ptxas control " + control.name());
            if (seen.contains(control)) {
                throw new SpaceSpecException("ptxas control " + control.name() + " appears twice in " + KEY);
            }
            seen.add(control);
            java.util.Optional<String> when = java.util.Optional.empty();
            if (e.has("when")) {
                if (!e.get("when").isTextual()) {
                    throw new SpaceSpecException("ptxas control " + control.name() + ": when must be a string, not "
                            + SpaceSpecReader.kind(e.get("when")));
                }
                when = java.util.Optional.of(e.get("when").asText());
            }
            entries.add(new Entry(control, values(control, e), when));
        }
        return entries;
    }

    private static PtxasControl control(JsonNode e, int index) {
        JsonNode c = e.get("control");
        if (c == null || !c.isTextual()) {
            throw new SpaceSpecException(KEY + " entry " + index + " needs \"control\" naming a ptxas option, such "
                    + "as \"register-usage-level\"");
        }
        String name = c.asText();
        PtxasControl control = PtxasControls.byName(name).orElseThrow(() -> {
            List<String> names = PtxasControls.all().stream().map(PtxasControl::name).toList();
            String hint = Suggestions.closest(name.replaceFirst("^-+", ""), names, Math.max(2, name.length() / 3))
                    .map(n -> "; did you mean " + n + "?").orElse("; the controls are " + String.join(", ", names));
            return new SpaceSpecException(KEY + " entry " + index + ": '" + name + "' is not a ptxas control RegTune "
                    + "knows" + hint);
        });
        switch (control.sweptAs()) {
            case REGISTER_BUDGET -> throw new SpaceSpecException("ptxas control " + control.name() + " is swept as "
                    + "the top-level \"maxrregcount\" dimension, which the model reads too; give it there");
            case LAUNCH_BOUNDS -> throw new SpaceSpecException("ptxas control " + control.name() + " is swept "
                    + "through the top-level \"launch_bounds\" dimension (\"256x2\" is --maxntid 256 --minnctapersm 2 "
                    + "--override-directive-values), which the model reads too; give it there");
            default -> {
                return control;
            }
        }
    }

    private static List<String> values(PtxasControl control, JsonNode e) {
        String who = "ptxas control " + control.name();
        if (e.has("value")) {
            for (String other : List.of("values", "min", "max", "step")) {
                if (e.has(other)) {
                    throw new SpaceSpecException(who + ": a fixed value takes no " + other);
                }
            }
            return List.of(value(control, e.get("value")));
        }
        if (e.has("values")) {
            for (String other : List.of("min", "max", "step")) {
                if (e.has(other)) {
                    throw new SpaceSpecException(who + ": give either values or a range, not values and " + other);
                }
            }
            JsonNode vs = e.get("values");
            if (!vs.isArray() || vs.isEmpty()) {
                throw new SpaceSpecException(who + ": values must be a non-empty array, not "
                        + SpaceSpecReader.kind(vs));
            }
            List<String> values = new ArrayList<>();
            for (JsonNode v : vs) {
                String x = value(control, v);
                if (values.contains(x)) {
                    throw new SpaceSpecException(who + ": value " + x + " appears twice in values");
                }
                values.add(x);
            }
            return values;
        }
        if (e.has("min") || e.has("max") || e.has("step")) {
            return range(control, e);
        }
        if (control.type() == ControlType.INT) {
            throw new SpaceSpecException(who + " needs a domain: min and max, values or value");
        }
        return control.values();
    }

    private static List<String> range(PtxasControl control, JsonNode e) {
        String who = "ptxas control " + control.name();
        if (control.type() != ControlType.INT) {
            throw new SpaceSpecException(who + " is " + control.rangeText() + "; give values, value or no domain, "
                    + "not a range");
        }
        if (!e.has("min") || !e.has("max")) {
            throw new SpaceSpecException(who + ": a range needs both min and max");
        }
        long min = Long.parseLong(value(control, e.get("min")));
        long max = Long.parseLong(value(control, e.get("max")));
        if (min > max) {
            throw new SpaceSpecException(who + ": range min " + min + " is greater than max " + max
                    + ", so the range is empty");
        }
        long step = 1;
        if (e.has("step")) {
            JsonNode s = e.get("step");
            if (!s.isIntegralNumber() || s.asLong() <= 0) {
                throw new SpaceSpecException(who + ": step must be a positive integer, not " + SpaceSpecReader.kind(s));
            }
            step = s.asLong();
        }
        List<String> values = new ArrayList<>();
        for (long v = min; v <= max; v += step) {
            values.add(Long.toString(v));
        }
        return values;
    }

    /** One value of the control as its canonical text; JSON numbers, booleans and strings are all accepted. */
    private static String value(PtxasControl control, JsonNode node) {
        String text;
        if (node.isBoolean() || node.isTextual()) {
            text = node.asText();
        } else if (node.isIntegralNumber()) {
            text = Long.toString(node.asLong());
        } else {
            text = node.toString();
        }
        return control.canonical(text).orElseThrow(() -> new SpaceSpecException("ptxas control " + control.name()
                + " is " + control.rangeText() + ", so " + SpaceSpecReader.kind(node) + " is not one of its values"));
    }
}
