package dev.regtune.job.select;

import dev.regtune.core.text.Suggestions;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The objective grammar of {@code --objective}:
 * <pre>
 *   time | latency | spills | registers
 *   lex:METRIC[,METRIC...]                 metrics in priority order, each at most once
 *   weighted:METRIC=WEIGHT[,METRIC=WEIGHT...]   weights finite and at least 0, one above 0
 * </pre>
 * Words are case-insensitive; {@code spill}, {@code register} and {@code regs} are accepted for
 * {@code spills} and {@code registers}; white space around words is ignored. Every error is one
 * sentence naming what was expected.
 */
final class ObjectiveParser {
    /** What an objective looks like, for error messages. */
    static final String EXPECTED = "time, latency, spills, registers, lex:METRIC,... (e.g. lex:spills,latency,registers) "
            + "or weighted:METRIC=WEIGHT,... (e.g. weighted:latency=1,spills=0.5)";

    private ObjectiveParser() {
    }

    static Objective parse(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            throw new SelectionInputException("the objective is empty; expected " + EXPECTED);
        }
        int colon = t.indexOf(':');
        if (colon < 0) {
            return Metric.named(t).<Objective>map(Objective.Single::new).orElseThrow(() -> unknown(t));
        }
        String kind = t.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String body = t.substring(colon + 1);
        return switch (kind) {
            case "lex" -> lexicographic(t, body);
            case "weighted" -> weighted(t, body);
            default -> throw new SelectionInputException("unknown objective kind '" + t.substring(0, colon).strip()
                    + "' in '" + t + "'; " + Suggestions.closest(kind, List.of("lex", "weighted"), 2)
                            .map(s -> "did you mean " + s + ":?")
                            .orElse("expected lex: or weighted: before the metrics"));
        };
    }

    private static Objective lexicographic(String whole, String body) {
        List<Metric> order = new ArrayList<>();
        for (String word : terms(whole, body, "lex:spills,latency,registers")) {
            Metric m = metric(whole, word);
            if (order.contains(m)) {
                throw new SelectionInputException("metric " + m.word() + " appears twice in '" + whole
                        + "'; list each metric at most once");
            }
            order.add(m);
        }
        return new Objective.Lexicographic(order);
    }

    private static Objective weighted(String whole, String body) {
        Map<Metric, Double> weights = new EnumMap<>(Metric.class);
        for (String term : terms(whole, body, "weighted:latency=1,spills=0.5")) {
            int eq = term.indexOf('=');
            if (eq < 0) {
                throw new SelectionInputException("term '" + term + "' of '" + whole + "' is not METRIC=WEIGHT "
                        + "(e.g. weighted:latency=1,spills=0.5)");
            }
            Metric m = metric(whole, term.substring(0, eq));
            String w = term.substring(eq + 1).strip();
            double weight;
            try {
                weight = Double.parseDouble(w);
            } catch (NumberFormatException e) {
                weight = Double.NaN;
            }
            if (!Double.isFinite(weight) || weight < 0 || w.isEmpty()) {
                throw new SelectionInputException("the weight of " + m.word() + " in '" + whole + "' is '" + w
                        + "'; expected a finite number of at least 0");
            }
            if (weights.containsKey(m)) {
                throw new SelectionInputException("metric " + m.word() + " appears twice in '" + whole
                        + "'; give each metric one weight");
            }
            weights.put(m, weight == 0.0 ? 0.0 : weight);
        }
        if (weights.values().stream().noneMatch(w -> w > 0)) {
            throw new SelectionInputException("every weight in '" + whole + "' is 0; at least one must be above 0");
        }
        return new Objective.Weighted(weights);
    }

    private static List<String> terms(String whole, String body, String example) {
        List<String> out = new ArrayList<>();
        for (String term : body.split(",", -1)) {
            String s = term.strip();
            if (s.isEmpty()) {
                throw new SelectionInputException("'" + whole + "' has an empty metric; expected a comma-separated "
                        + "list such as " + example);
            }
            out.add(s);
        }
        return out;
    }

    private static Metric metric(String whole, String word) {
        return Metric.named(word).orElseThrow(() -> new SelectionInputException("unknown metric '" + word.strip()
                + "' in '" + whole + "'; " + suggestion(word).orElse("expected " + Metric.choices())));
    }

    private static SelectionInputException unknown(String t) {
        return new SelectionInputException("unknown objective '" + t + "'; "
                + suggestion(t).orElse("expected " + EXPECTED));
    }

    private static Optional<String> suggestion(String word) {
        List<String> words = List.of("time", "latency", "spills", "registers");
        return Suggestions.closest(word, words, 3).map(s -> "did you mean " + s + "?");
    }

    /** A weight as text: "1", "0.5", "2.5E-4". */
    static String formatWeight(double w) {
        if (w == Math.rint(w) && Math.abs(w) < 1e15) {
            return Long.toString((long) w);
        }
        return Double.toString(w);
    }
}
