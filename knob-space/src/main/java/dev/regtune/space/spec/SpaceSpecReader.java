package dev.regtune.space.spec;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.text.Suggestions;
import dev.regtune.space.Configuration;
import dev.regtune.space.Dimension;
import dev.regtune.space.Domain;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.Utf8Files;
import dev.regtune.space.Scale;
import dev.regtune.space.expr.Expr;
import dev.regtune.space.expr.ExpressionException;
import dev.regtune.space.expr.Expression;
import dev.regtune.space.expr.ExpressionParser;
import dev.regtune.space.expr.Type;
import dev.regtune.space.sample.Feasibility;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a JSON space spec (format in {@link dev.regtune.space.spec}) into a validated
 * {@link KnobSpace}. Every problem is a {@link SpaceSpecException} with one sentence naming the
 * knob, the offending value and, where the catalogue gives one, the valid range.
 */
public final class SpaceSpecReader {
    /** Most grid points a range may ask for. */
    public static final int MAX_POINTS = 10_000;

    private static final List<String> TOP_KEYS = List.of("name", "description", "archs", "maxrregcount",
            Configuration.LAUNCH_BOUNDS, ControlEntries.KEY, "knobs", "constraints");
    private static final List<String> KNOB_KEYS = List.of("knob", "min", "max", "step", "scale", "points", "values",
            "value", "when");
    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** One knob entry while its condition is still text. */
    private record KnobEntry(KnobDef knob, Domain domain, Optional<String> when) {
    }

    private SpaceSpecReader() {
    }

    /** Reads the spec file {@code file}; messages start with the file name. */
    public static KnobSpace read(Path file) {
        String text;
        try {
            text = Utf8Files.read(file);
        } catch (NoSuchFileException e) {
            throw new SpaceSpecException("space spec '" + file + "' does not exist");
        } catch (IOException e) {
            throw new SpaceSpecException("cannot read space spec '" + file + "': " + e.getMessage());
        }
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        try {
            return parse(text, name);
        } catch (SpaceSpecException e) {
            throw new SpaceSpecException(file + ": " + e.getMessage());
        }
    }

    /** Reads a spec from JSON text; {@code defaultName} names the space when the spec has no "name". */
    public static KnobSpace parse(String json, String defaultName) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new SpaceSpecException("invalid JSON" + where + ": " + jsonProblem(e));
        }
        if (root == null || root.isMissingNode()) {
            throw new SpaceSpecException("the space spec is empty");
        }
        if (!root.isObject()) {
            throw new SpaceSpecException("a space spec is a JSON object, not " + kind(root));
        }
        checkKeys(root, TOP_KEYS, "at the top level");
        String name = root.has("name") ? text(root.get("name"), "name") : defaultName;
        if (root.has("description")) {
            text(root.get("description"), "description");
        }

        List<Dimension> dims = new ArrayList<>();
        if (root.has("archs")) {
            dims.add(Dimension.arch(archs(root.get("archs"))));
        }
        if (root.has("maxrregcount")) {
            dims.add(Dimension.registerBudget(budgets(root.get("maxrregcount"))));
        }
        if (root.has(Configuration.LAUNCH_BOUNDS)) {
            dims.add(Dimension.launchBounds(launchBounds(root.get(Configuration.LAUNCH_BOUNDS))));
        }
        List<ControlEntries.Entry> controls = root.has(ControlEntries.KEY)
                ? ControlEntries.read(root.get(ControlEntries.KEY)) : List.of();
        int firstControl = dims.size();
        controls.forEach(c -> dims.add(c.dimension()));
        List<KnobEntry> entries = knobEntries(root.get("knobs"));
        if (dims.isEmpty() && entries.isEmpty()) {
            throw new SpaceSpecException("the space has no dimensions; give archs, maxrregcount, launch_bounds, "
                    + "ptxas or knobs");
        }
        int first = dims.size();
        for (KnobEntry e : entries) {
            dims.add(Dimension.knob(e.knob(), e.domain(), Optional.empty()));
        }
        Map<String, Integer> slots = new HashMap<>();
        for (int i = 0; i < dims.size(); i++) {
            slots.put(dims.get(i).name(), i);
        }
        for (int i = 0; i < controls.size(); i++) {
            ControlEntries.Entry c = controls.get(i);
            if (c.when().isPresent()) {
                String what = "ptxas control " + c.control().name() + ": condition '" + c.when().get() + "'";
                Expression e = expression(c.when().get(), what, dims, slots);
                dims.set(firstControl + i, Dimension.control(c.control(), c.values(), Optional.of(e)));
            }
        }
        for (int i = 0; i < entries.size(); i++) {
            KnobEntry e = entries.get(i);
            if (e.when().isPresent()) {
                String what = "knob " + e.knob().label() + ": condition '" + e.when().get() + "'";
                Expression c = expression(e.when().get(), what, dims, slots);
                dims.set(first + i, Dimension.knob(e.knob(), e.domain(), Optional.of(c)));
            }
        }
        List<Expression> constraints = new ArrayList<>();
        JsonNode cs = root.get("constraints");
        if (cs != null) {
            if (!cs.isArray()) {
                throw new SpaceSpecException("constraints must be an array of expressions, not " + kind(cs));
            }
            for (JsonNode c : cs) {
                if (!c.isTextual()) {
                    throw new SpaceSpecException("a constraint must be an expression in a string, not " + kind(c));
                }
                constraints.add(expression(c.asText(), "constraint '" + c.asText() + "'", dims, slots));
            }
        }
        KnobSpace space;
        try {
            space = new KnobSpace(name, dims, constraints);
        } catch (IllegalArgumentException e) {
            throw new SpaceSpecException(String.valueOf(e.getMessage()));
        }
        if (!Feasibility.hasFeasiblePoint(space)) {
            throw new SpaceSpecException("the space is unsatisfiable: none of its first " + Feasibility.TRIES
                    + " grid points and " + Feasibility.TRIES + " random points satisfies every constraint");
        }
        return space;
    }

    // ---- archs and budgets ----

    private static List<String> archs(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (JsonNode a : nonEmptyArray(node, "archs", "architecture names")) {
            if (!a.isTextual()) {
                throw new SpaceSpecException("archs: an architecture is a name such as \"sm_90\", not " + kind(a));
            }
            String canonical;
            try {
                canonical = ArchProfiles.of(a.asText().strip()).name();
            } catch (IllegalArgumentException e) {
                throw new SpaceSpecException("archs: unknown GPU architecture '" + a.asText() + "'; supported are "
                        + String.join(", ", ArchProfiles.names()) + " (and " + String.join(", ", ArchProfiles.suffixedNames())
                        + ", which have their base architecture's profile)");
            }
            if (names.contains(canonical)) {
                throw new SpaceSpecException("archs: " + canonical + " appears twice");
            }
            names.add(canonical);
        }
        return names;
    }

    private static List<String> launchBounds(JsonNode node) {
        List<String> bounds = new ArrayList<>();
        for (JsonNode b : nonEmptyArray(node, Configuration.LAUNCH_BOUNDS, "launch bounds")) {
            if (!b.isTextual()) {
                throw new SpaceSpecException("launch_bounds: launch bounds are text such as \"256x2\", not " + kind(b));
            }
            try {
                Configuration.parseLaunchBounds(b.asText());
            } catch (IllegalArgumentException e) {
                throw new SpaceSpecException("launch_bounds: " + e.getMessage());
            }
            String canonical = b.asText().strip();
            if (bounds.contains(canonical)) {
                throw new SpaceSpecException("launch_bounds: " + canonical + " appears twice");
            }
            bounds.add(canonical);
        }
        return bounds;
    }

    private static List<Integer> budgets(JsonNode node) {
        List<Integer> budgets = new ArrayList<>();
        for (JsonNode b : nonEmptyArray(node, "maxrregcount", "register budgets")) {
            if (!b.isNumber() || b.asDouble() != Math.rint(b.asDouble())) {
                throw new SpaceSpecException("maxrregcount: a register budget is an integer, not " + kind(b));
            }
            double v = b.asDouble();
            if (v < 0 || v > 255) {
                throw new SpaceSpecException("maxrregcount: " + b + " is outside the valid range [0, 255] "
                        + "(0 means no limit)");
            }
            if (budgets.contains((int) v)) {
                throw new SpaceSpecException("maxrregcount: " + (int) v + " appears twice");
            }
            budgets.add((int) v);
        }
        return budgets;
    }

    // ---- knobs ----

    private static List<KnobEntry> knobEntries(JsonNode node) {
        List<KnobEntry> entries = new ArrayList<>();
        if (node == null) {
            return entries;
        }
        if (!node.isArray()) {
            throw new SpaceSpecException("knobs must be an array of knob entries, not " + kind(node));
        }
        Set<KnobDef> seen = new LinkedHashSet<>();
        int index = 0;
        for (JsonNode e : node) {
            index++;
            if (!e.isObject()) {
                throw new SpaceSpecException("knob entry " + index + " must be an object such as {\"knob\": "
                        + "\"RegAllocNumNonSpillTrials\", \"min\": 1, \"max\": 8}, not " + kind(e));
            }
            KnobDef knob = knobOf(e, index);
            checkKeys(e, KNOB_KEYS, "in the entry of knob " + knob.label());
            if (!seen.add(knob)) {
                throw new SpaceSpecException("knob " + knob.label() + " appears twice in knobs");
            }
            Optional<String> when = Optional.empty();
            if (e.has("when")) {
                when = Optional.of(text(e.get("when"), "knob " + knob.label() + ": when"));
            }
            entries.add(new KnobEntry(knob, domain(knob, e), when));
        }
        return entries;
    }

    private static KnobDef knobOf(JsonNode e, int index) {
        JsonNode k = e.get("knob");
        if (k == null) {
            throw new SpaceSpecException("knob entry " + index + " has no \"knob\" naming the knob");
        }
        if (!k.isTextual() && !k.isIntegralNumber()) {
            throw new SpaceSpecException("knob entry " + index + ": \"knob\" is a knob name or seed number, not "
                    + kind(k));
        }
        try {
            return KnobCatalogue.require(k.asText());
        } catch (IllegalArgumentException ex) {
            throw new SpaceSpecException(String.valueOf(ex.getMessage()));
        }
    }

    private static Domain domain(KnobDef d, JsonNode e) {
        String who = "knob " + d.label();
        boolean range = e.has("min") || e.has("max");
        if (e.has("value")) {
            for (String other : List.of("min", "max", "values", "step", "scale", "points")) {
                if (e.has(other)) {
                    throw new SpaceSpecException(who + ": a fixed value takes no " + other);
                }
            }
            return new Domain.Fixed(value(d, e.get("value"), "value"));
        }
        if (e.has("values")) {
            for (String other : List.of("min", "max", "step", "scale", "points")) {
                if (e.has(other)) {
                    throw new SpaceSpecException(who + ": give either values or a range, not values and " + other);
                }
            }
            List<Double> values = new ArrayList<>();
            JsonNode vs = e.get("values");
            if (!vs.isArray() || vs.isEmpty()) {
                throw new SpaceSpecException(who + ": values must be a non-empty array, not " + kind(vs));
            }
            for (JsonNode v : vs) {
                double x = value(d, v, "value");
                if (values.contains(x)) {
                    throw new SpaceSpecException(who + ": value " + d.format(x) + " appears twice in values");
                }
                values.add(x);
            }
            return new Domain.Choice(values);
        }
        if (!range) {
            for (String other : List.of("step", "scale", "points")) {
                if (e.has(other)) {
                    throw new SpaceSpecException(who + ": " + other + " needs a range; give min and max too");
                }
            }
            if (d.type() == KnobType.BOOL) {
                return new Domain.Choice(List.of(0.0, 1.0));
            }
            if (d.type() == KnobType.CHOICE) {
                return new Domain.Choice(java.util.stream.IntStream.range(0, d.choices().size())
                        .mapToObj(i -> (double) i).toList());
            }
            throw new SpaceSpecException(who + " needs a domain: min and max, values or value");
        }
        if (d.type() == KnobType.BOOL) {
            throw new SpaceSpecException(who + " is true or false; give values, value or no domain, not a range");
        }
        if (d.type() == KnobType.CHOICE) {
            throw new SpaceSpecException(who + " is " + d.rangeText() + "; give values, value or no domain, not a "
                    + "range");
        }
        if (!e.has("min") || !e.has("max")) {
            throw new SpaceSpecException(who + ": a range needs both min and max");
        }
        double min = bound(d, e.get("min"), "min");
        double max = bound(d, e.get("max"), "max");
        if (min > max) {
            throw new SpaceSpecException(who + ": range min " + d.format(min) + " is greater than max "
                    + d.format(max) + ", so the range is empty");
        }
        Scale scale = Scale.LINEAR;
        if (e.has("scale")) {
            String s = text(e.get("scale"), who + ": scale");
            scale = switch (s) {
                case "linear" -> Scale.LINEAR;
                case "log" -> Scale.LOG;
                default -> throw new SpaceSpecException(who + ": scale must be linear or log, not '" + s + "'");
            };
        }
        if (scale == Scale.LOG && min <= 0) {
            throw new SpaceSpecException(who + ": a log scale needs min greater than 0, not " + d.format(min));
        }
        int points = 0;
        if (e.has("points")) {
            JsonNode p = e.get("points");
            if (!p.isIntegralNumber() || p.asLong() < 2 || p.asLong() > MAX_POINTS) {
                throw new SpaceSpecException(who + ": points must be an integer from 2 to " + MAX_POINTS + ", not "
                        + p);
            }
            points = p.asInt();
        }
        if (d.type() == KnobType.DOUBLE) {
            if (e.has("step")) {
                throw new SpaceSpecException(who + " is a real knob; give points, not step, to set its grid");
            }
            return new Domain.RealRange(min, max, scale, points);
        }
        long step = 1;
        if (e.has("step")) {
            JsonNode s = e.get("step");
            if (scale == Scale.LOG) {
                throw new SpaceSpecException(who + ": step and a log scale cannot be combined");
            }
            if (!s.isNumber() || s.asDouble() != Math.rint(s.asDouble())) {
                throw new SpaceSpecException(who + ": step must be a positive integer, not " + s);
            }
            if (s.asDouble() <= 0) {
                throw new SpaceSpecException(who + ": step must be positive, not " + s);
            }
            step = s.asLong();
        }
        return new Domain.IntRange((long) min, (long) max, step, scale, points);
    }

    /** A range bound: a number of the knob's type within its valid range. */
    private static double bound(KnobDef d, JsonNode node, String what) {
        String who = "knob " + d.label();
        if (!node.isNumber()) {
            throw new SpaceSpecException(who + ": range " + what + " must be a number, not " + kind(node));
        }
        double v = node.asDouble();
        if (d.type() == KnobType.INT && v != Math.rint(v)) {
            throw new SpaceSpecException(who + ": range " + what + " " + node + " is not an integer");
        }
        if (v < d.min() || v > d.max()) {
            throw new SpaceSpecException(who + ": range " + what + " " + formatted(d, v) + " is outside its valid "
                    + "range " + d.rangeText());
        }
        return v;
    }

    /** A value of a categorical or fixed domain. */
    private static double value(KnobDef d, JsonNode node, String what) {
        String who = "knob " + d.label();
        if (d.type() == KnobType.BOOL) {
            if (!node.isBoolean()) {
                throw new SpaceSpecException(who + " is true or false, so " + what + " " + node + " is not allowed");
            }
            return node.asBoolean() ? 1.0 : 0.0;
        }
        if (d.type() == KnobType.CHOICE) {
            if (!node.isTextual()) {
                throw new SpaceSpecException(who + " is " + d.rangeText() + ", named in quotes, so " + what + " "
                        + kind(node) + " is not allowed");
            }
            int index = d.choiceIndex(node.asText().strip());
            if (index < 0) {
                String hint = Suggestions.closest(node.asText(), d.choices(), Math.max(2, node.asText().length() / 3))
                        .map(n -> "; did you mean " + n + "?").orElse("");
                throw new SpaceSpecException(who + ": " + what + " '" + node.asText() + "' is not one of its choices, "
                        + String.join(", ", d.choices()) + hint);
            }
            return index;
        }
        if (!node.isNumber()) {
            throw new SpaceSpecException(who + ": " + what + " must be a number, not " + kind(node));
        }
        double v = node.asDouble();
        if (d.type() == KnobType.INT && v != Math.rint(v)) {
            throw new SpaceSpecException(who + ": " + what + " " + node + " is not an integer");
        }
        if (!d.accepts(v)) {
            throw new SpaceSpecException(who + ": " + what + " " + formatted(d, v) + " is outside its valid range "
                    + d.rangeText());
        }
        return v;
    }

    /** The value as the user would recognise it: integers without ".0" for integer knobs. */
    private static String formatted(KnobDef d, double v) {
        return d.type() == KnobType.INT && Math.abs(v) < 1e15 ? Long.toString((long) v) : d.format(v);
    }

    // ---- expressions ----

    private static Expression expression(String text, String what, List<Dimension> dims, Map<String, Integer> slots) {
        try {
            return ExpressionParser.parse(text, name -> variable(name, dims, slots));
        } catch (ExpressionException e) {
            throw new SpaceSpecException(what + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new SpaceSpecException(what + " " + e.getMessage());
        }
    }

    /** Resolves a name of an expression; the messages continue "condition '...' " or "constraint '...' ". */
    private static Expr.Variable variable(String name, List<Dimension> dims, Map<String, Integer> slots) {
        if (name.equals(Configuration.ARCH) || name.equals(Configuration.LAUNCH_BOUNDS)) {
            throw new IllegalArgumentException("names " + name + ", which expressions cannot read (only knobs, ptxas "
                    + "controls and " + Configuration.REGISTER_BUDGET + ")");
        }
        if (dev.regtune.space.controls.PtxasControls.isControlDimension(name)) {
            Integer slot = slots.get(name);
            if (slot == null) {
                throw new IllegalArgumentException("names ptxas control " + name + ", which is not a dimension of "
                        + "the space");
            }
            return new Expr.Variable(name, slot, Type.CHOICE, dims.get(slot).labels());
        }
        if (name.equals(Configuration.REGISTER_BUDGET)) {
            Integer slot = slots.get(name);
            if (slot == null) {
                throw new IllegalArgumentException("names " + name + ", which is not a dimension of the space");
            }
            return new Expr.Variable(name, slot, Type.NUMBER);
        }
        Optional<KnobDef> knob = KnobCatalogue.byName(name);
        if (knob.isEmpty()) {
            List<String> known = new ArrayList<>();
            dims.forEach(d -> known.add(d.name()));
            KnobCatalogue.all().forEach(d -> known.add(d.name()));
            String hint = Suggestions.closest(name, known, Math.max(3, name.length() / 3))
                    .map(n -> "; did you mean " + n + "?").orElse("; run 'regtune knobs' for the list");
            throw new IllegalArgumentException("names unknown knob '" + name + "'" + hint);
        }
        Integer slot = slots.get(knob.get().name());
        if (slot == null) {
            throw new IllegalArgumentException("names knob " + knob.get().label()
                    + ", which is not a dimension of the space");
        }
        return switch (knob.get().type()) {
            case BOOL -> new Expr.Variable(knob.get().name(), slot, Type.BOOLEAN);
            case INT, DOUBLE -> new Expr.Variable(knob.get().name(), slot, Type.NUMBER);
            case CHOICE -> new Expr.Variable(knob.get().name(), slot, Type.CHOICE, knob.get().choices());
        };
    }

    // ---- JSON helpers ----

    static void checkKeys(JsonNode object, List<String> allowed, String where) {
        Iterator<String> names = object.fieldNames();
        while (names.hasNext()) {
            String key = names.next();
            if (!allowed.contains(key)) {
                String hint = Suggestions.closest(key, allowed, Math.max(2, key.length() / 3))
                        .map(k -> "; did you mean " + k + "?")
                        .orElse("; expected " + String.join(", ", allowed));
                throw new SpaceSpecException("unknown key '" + key + "' " + where + hint);
            }
        }
    }

    private static Iterable<JsonNode> nonEmptyArray(JsonNode node, String key, String what) {
        if (!node.isArray() || node.isEmpty()) {
            throw new SpaceSpecException(key + " must be a non-empty array of " + what + ", not " + kind(node));
        }
        return node;
    }

    private static String text(JsonNode node, String what) {
        if (!node.isTextual()) {
            throw new SpaceSpecException(what + " must be a string, not " + kind(node));
        }
        return node.asText();
    }

    /** A JSON value in words, for messages: the value itself when short, else its kind. */
    static String kind(JsonNode node) {
        if (node.isArray()) {
            return node.isEmpty() ? "an empty array" : "an array";
        }
        if (node.isObject()) {
            return "an object";
        }
        String s = node.toString();
        return s.length() <= 40 ? s : s.substring(0, 37) + "...";
    }

    /** Jackson's message without its source excerpt, on one line. */
    private static String jsonProblem(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "unreadable input" : e.getOriginalMessage();
        m = m.replaceAll("\\s*\\(start marker at \\[Source: [^\\]]*\\]\\)", "")
                .replaceAll("\\[Source: [^\\]]*\\]", "")
                .replaceAll("\\s+", " ").strip();
        return m;
    }
}
