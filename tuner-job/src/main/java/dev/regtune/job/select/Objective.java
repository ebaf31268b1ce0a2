package dev.regtune.job.select;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What selection minimises, as a key of one or more components compared in order (lower is
 * better). A single metric and a weighted sum have one component; a lexicographic objective has
 * one per metric, the first deciding unless two keys tie on it.
 *
 * <p>Only {@link Evaluation#ok() OK} evaluations have an objective value; the others are
 * infeasible and never best. All values are at least 0.
 */
public sealed interface Objective permits Objective.Single, Objective.Lexicographic, Objective.Weighted {

    /**
     * Parses an objective: {@code time}, {@code latency}, {@code spills}, {@code registers},
     * {@code lex:M1,M2,...} or {@code weighted:M1=W1,M2=W2,...}.
     *
     * @throws SelectionInputException with one sentence saying what was expected
     */
    static Objective parse(String text) {
        return ObjectiveParser.parse(text);
    }

    /** The objective as the command line spells it, in a canonical form. */
    String text();

    /** The names of the components of the key, in comparison order. */
    List<String> componentNames();

    /** The number of components of the key. */
    default int components() {
        return componentNames().size();
    }

    /** Component {@code component} of the key of an evaluation (meaningful for OK evaluations). */
    double value(int component, Evaluation e);

    /** The metrics the key reads. */
    List<Metric> metrics();

    /**
     * Whether an OK evaluation has every metric the key reads; one that does not (a row without
     * {@code est_time_cycles} under the time objective) is infeasible like a failed one.
     */
    default boolean defined(Evaluation e) {
        return metrics().stream().allMatch(m -> m.defined(e));
    }

    /** One metric. */
    record Single(Metric metric) implements Objective {
        @Override
        public String text() {
            return metric.word();
        }

        @Override
        public List<String> componentNames() {
            return List.of(metric.word());
        }

        @Override
        public double value(int component, Evaluation e) {
            return metric.of(e);
        }

        @Override
        public List<Metric> metrics() {
            return List.of(metric);
        }
    }

    /** Metrics in priority order: the second decides only between keys equal in the first, and so on. */
    record Lexicographic(List<Metric> order) implements Objective {
        public Lexicographic {
            order = List.copyOf(order);
        }

        @Override
        public String text() {
            return "lex:" + order.stream().map(Metric::word).collect(Collectors.joining(","));
        }

        @Override
        public List<String> componentNames() {
            return order.stream().map(Metric::word).toList();
        }

        @Override
        public double value(int component, Evaluation e) {
            return order.get(component).of(e);
        }

        @Override
        public List<Metric> metrics() {
            return order;
        }
    }

    /** A weighted sum of metrics; weights are finite and at least 0, at least one above 0. */
    record Weighted(Map<Metric, Double> weights) implements Objective {
        public Weighted {
            weights = Collections.unmodifiableMap(new EnumMap<>(weights));
        }

        @Override
        public String text() {
            return "weighted:" + weights.entrySet().stream()
                    .map(e -> e.getKey().word() + "=" + ObjectiveParser.formatWeight(e.getValue()))
                    .collect(Collectors.joining(","));
        }

        @Override
        public List<String> componentNames() {
            return List.of("weighted");
        }

        @Override
        public double value(int component, Evaluation e) {
            double sum = 0.0;
            for (Map.Entry<Metric, Double> w : weights.entrySet()) {
                sum += w.getValue() * w.getKey().of(e);
            }
            return sum;
        }

        @Override
        public List<Metric> metrics() {
            return weights.entrySet().stream().filter(w -> w.getValue() > 0).map(Map.Entry::getKey).toList();
        }
    }
}
