package dev.regtune.job.report.sweep;

import dev.regtune.job.report.Numbers;
import dev.regtune.job.select.ConfigInfo;
import dev.regtune.job.select.DefaultScores;
import dev.regtune.job.select.DefaultTimeBounds;
import dev.regtune.job.select.GlobalChoice;
import dev.regtune.job.select.KernelBest;
import dev.regtune.job.select.ResultTable;
import dev.regtune.job.select.Selection;
import dev.regtune.job.select.Selector;
import dev.regtune.job.select.SetScore;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Turns a {@link Selection} into the report's {@link SelectionFacts}: the runs and model version it
 * read, its notes, the tables under the header, the Pareto front, the default and the tuned
 * configuration. Formatting only; every figure is selection's.
 */
public final class SelectionTables {
    /** Most configurations listed as "best for the most kernels". */
    public static final int MOST_OFTEN_BEST = 5;
    /** Most kernels listed as gaining most over the default. */
    public static final int KERNELS_LISTED = 10;
    private static final int CHANGES_CHARS = 160;

    private SelectionTables() {
    }

    /** The facts of {@code selection}, made from {@code table}. */
    public static SelectionFacts facts(ResultTable table, Selection selection) {
        Map<String, String> descriptions = new TreeMap<>();
        for (ConfigInfo c : table.configs()) {
            descriptions.put(c.configId(), shorten(c.changes()));
        }
        OptionalInt d = table.defaultConfig();
        Optional<String> defaultId = d.isEmpty() ? Optional.empty()
                : Optional.of(table.configs().get(d.getAsInt()).configId());
        Optional<String> tunedId = selection.global().map(g -> g.config().configId());
        String absent = defaultId.isEmpty()
                ? "The results have no row of the default configuration (every knob at its default, no register "
                        + "budget, no launch bounds), so there is nothing to compare the tuned configuration with."
                : "No configuration was evaluated OK on every training kernel, so regtune select chose no tuned "
                        + "configuration to compare the default with.";
        List<TableView> tables = new ArrayList<>();
        if (!selection.kernels().isEmpty()) {
            tables.add(configurations(selection));
            kernels(selection).ifPresent(tables::add);
        }
        List<String> front = selection.pareto().points().stream().map(p -> p.config().configId()).toList();
        return new SelectionFacts(table.source().runIds(), table.source().modelVersions(),
                table.source().modelVersionsPresent(), table.notes(), tables, front, descriptions, defaultId, tunedId,
                absent);
    }

    /** The tuned and default configurations with their scores, then the configurations best for the most kernels. */
    static TableView configurations(Selection s) {
        Map<String, Integer> bestFor = new TreeMap<>();
        Map<String, ConfigInfo> configs = new TreeMap<>();
        for (KernelBest k : s.kernels()) {
            bestFor.merge(k.config().configId(), 1, Integer::sum);
            configs.put(k.config().configId(), k.config());
        }
        int solved = s.kernels().size();
        List<List<String>> rows = new ArrayList<>();
        if (s.global().isPresent()) {
            GlobalChoice g = s.global().get();
            rows.add(row("tuned (robust global)", g.config(), g.train(), g.test(),
                    bestFor.getOrDefault(g.config().configId(), 0), solved));
        }
        if (s.defaults().isPresent()) {
            DefaultScores d = s.defaults().get();
            rows.add(row("default", d.config(), d.train(), d.test(), bestFor.getOrDefault(d.config().configId(), 0),
                    solved));
        }
        List<Map.Entry<String, Integer>> often = new ArrayList<>(bestFor.entrySet());
        often.sort(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry::getKey));
        for (Map.Entry<String, Integer> e : often.subList(0, Math.min(MOST_OFTEN_BEST, often.size()))) {
            rows.add(List.of("best for " + e.getValue() + " of " + solved + " kernels", e.getKey(),
                    shorten(Objects.requireNonNull(configs.get(e.getKey())).changes()), "-", "-",
                    Integer.toString(e.getValue())));
        }
        String improvement = s.global().flatMap(g -> present(g.improvementTest()))
                .map(i -> " On the test kernels the tuned configuration is " + percent(i) + " better than the default "
                        + "(geometric mean over the kernels where both allocated).")
                .orElse("");
        return new TableView(List.of("role", "configuration", "changes from the defaults", "train score",
                "test score", "best for kernels"), rows, List.of(false, false, false, true, true, true),
                "Objective " + s.objective().text() + ". A score is the geometric mean over kernels of (value + 1) / "
                        + "(kernel's best + 1) on the first objective component, 1 meaning best on every kernel; "
                        + "the tuned configuration is chosen on " + s.split().train().size() + " training kernels and "
                        + "scored on " + s.split().test().size() + " held-out test kernel"
                        + (s.split().test().size() == 1 ? "" : "s") + " (regtune select's split, "
                        + "seed " + s.split().seed() + ")." + improvement);
    }

    /** The kernels whose best configuration gains most over the default, when the default was evaluated. */
    static Optional<TableView> kernels(Selection s) {
        record Gain(KernelBest best, double defaultValue, double ratio) {
        }
        List<Gain> gains = new ArrayList<>();
        for (KernelBest k : s.kernels()) {
            if (k.defaultEvaluation().isPresent() && k.defaultEvaluation().get().ok()) {
                double dv = s.objective().value(0, k.defaultEvaluation().get());
                double bv = k.objective().get(0);
                gains.add(new Gain(k, dv, (dv + 1) / (bv + 1)));
            }
        }
        if (gains.isEmpty()) {
            return Optional.empty();
        }
        gains.sort(Comparator.comparingDouble(Gain::ratio).reversed()
                .thenComparing(g -> g.best().kernel().kernelId()));
        List<List<String>> rows = new ArrayList<>();
        for (Gain g : gains.subList(0, Math.min(KERNELS_LISTED, gains.size()))) {
            KernelBest k = g.best();
            rows.add(List.of(k.kernel().label(), k.kernel().family(), k.config().configId(),
                    shorten(k.config().changes()), number(g.defaultValue()), number(k.objective().get(0)),
                    String.format(Locale.ROOT, "%.3f", g.ratio())));
        }
        String component = s.objective().componentNames().get(0);
        long tuned = gains.stream().filter(g -> !g.best().config().isDefault()).count();
        return Optional.of(new TableView(List.of("kernel", "family", "best configuration", "changes from the defaults",
                "default " + component, "best " + component, "(default + 1) / (best + 1)"), rows,
                List.of(false, false, false, false, true, true, true),
                "The " + rows.size() + " of " + gains.size() + " kernels with a default evaluation whose best "
                        + "configuration gains most over the default, on " + component + "; " + tuned + " of "
                        + gains.size() + " have a best configuration other than the default (one that beats it by at "
                        + "least " + Numbers.fixed(100 * Selector.MIN_GAIN, 1) + "%)."
                        + DefaultTimeBounds.of(s).map(b -> " " + capitalised(b.sentence()) + ".").orElse("")));
    }

    private static String capitalised(String sentence) {
        return sentence.isEmpty() ? sentence : Character.toUpperCase(sentence.charAt(0)) + sentence.substring(1);
    }

    private static List<String> row(String role, ConfigInfo c, SetScore train, SetScore test, int bestFor,
            int solved) {
        return List.of(role, c.configId(), shorten(c.changes()), score(train), score(test), Integer.toString(bestFor));
    }

    private static String score(SetScore s) {
        if (Double.isNaN(s.score())) {
            return "-";
        }
        String text = String.format(Locale.ROOT, "%.3f", s.score());
        return s.complete() ? text : text + " (" + s.scored() + " of " + s.kernels() + ")";
    }

    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) v)
                : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }

    private static Optional<Double> present(OptionalDouble d) {
        return d.isPresent() ? Optional.of(d.getAsDouble()) : Optional.empty();
    }

    private static String shorten(String text) {
        return text.length() <= CHANGES_CHARS ? text : text.substring(0, CHANGES_CHARS - 1) + "\u2026";
    }
}
