package dev.regtune.job.fidelity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Weights of the five terms of {@link CalibrationLoss}, as {@code regtune calibrate --objective}
 * gives them: {@code loss} (every term weight 1, the documented loss), one term's name (that term
 * alone), or {@code NAME=W,NAME=W,...} (the terms named, the others 0). Term names:
 * {@code mape}, {@code spearman}, {@code within10}, {@code f1}, {@code bytes}.
 *
 * @param weights one per term, in {@link #TERMS} order, each finite and at least 0, not all 0
 */
public record LossWeights(List<Double> weights) {
    /** The term names, in {@link CalibrationLoss#terms} order. */
    public static final List<String> TERMS = List.of("mape", "spearman", "within10", "f1", "bytes");

    /** The documented loss: every term with weight 1. */
    public static final LossWeights ALL = new LossWeights(List.of(1.0, 1.0, 1.0, 1.0, 1.0));

    public LossWeights {
        weights = List.copyOf(weights);
        if (weights.size() != TERMS.size()) {
            throw new IllegalArgumentException("the loss has " + TERMS.size() + " terms, not " + weights.size());
        }
        if (weights.stream().anyMatch(w -> !Double.isFinite(w) || w < 0)
                || weights.stream().allMatch(w -> w == 0)) {
            throw new IllegalArgumentException("the weights of the loss must be finite, at least 0 and not all 0");
        }
    }

    /** The weight of term {@code i}. */
    public double weight(int i) {
        return weights.get(i);
    }

    /**
     * Reads an objective.
     *
     * @throws IllegalArgumentException in one sentence saying what was expected
     */
    public static LossWeights parse(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("loss")) {
            return ALL;
        }
        List<Double> w = new ArrayList<>(List.of(0.0, 0.0, 0.0, 0.0, 0.0));
        for (String part : t.split(",")) {
            String p = part.strip();
            int eq = p.indexOf('=');
            String name = eq < 0 ? p : p.substring(0, eq).strip();
            int i = TERMS.indexOf(name);
            if (i < 0) {
                throw new IllegalArgumentException("objective '" + text + "': '" + name + "' is not a term of the loss; "
                        + "expected loss, or terms of " + String.join(", ", TERMS) + " with optional =WEIGHT");
            }
            double weight;
            try {
                weight = eq < 0 ? 1.0 : Double.parseDouble(p.substring(eq + 1).strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("objective '" + text + "': the weight of " + name
                        + " should be a number, not '" + p.substring(eq + 1).strip() + "'");
            }
            w.set(i, weight);
        }
        try {
            return new LossWeights(w);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("objective '" + text + "': " + e.getMessage());
        }
    }

    /** As {@link #parse} reads it: "loss" for {@link #ALL}, else "mape=1.0,f1=0.5" (terms with a weight). */
    @Override
    public String toString() {
        if (equals(ALL)) {
            return "loss";
        }
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < TERMS.size(); i++) {
            if (weights.get(i) != 0) {
                parts.add(TERMS.get(i) + "=" + weights.get(i));
            }
        }
        return String.join(",", parts);
    }
}
