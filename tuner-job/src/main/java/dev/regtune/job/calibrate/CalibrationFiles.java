package dev.regtune.job.calibrate;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.job.fidelity.BreakdownFiles;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.ProfileFormat;
import dev.regtune.space.profile.Provenance;
import dev.regtune.space.profile.Scores;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * What a calibration writes into its {@code --out} folder; the same inputs give the same bytes.
 *
 * <ul>
 *   <li>{@code profile.json}: the final configuration as a knob profile (the JSON format of
 *       {@code regtune export}), with the objective ({@code calibration:loss} or
 *       {@code calibration:mape=1.0,...}), the provenance (corpora, a run id naming strategy, budget,
 *       folds, split and seed, the model version) and the scores: {@code train} the final
 *       configuration's figures on every kernel, with the default's loss; {@code test} the
 *       cross-validated (held-out) figures, the default's loss on the same kernels, the folds and
 *       each fold's held-out loss ({@link #figures}).</li>
 *   <li>{@code configurations.csv}: one row per configuration: its index, name, the knobs the space
 *       varies, its loss and figures on every kernel (empty when halving did not evaluate it on all
 *       of them), its loss on each fold's training kernels and which folds chose it.</li>
 *   <li>{@code folds.csv}: one row per fold: its groups, kernels, the chosen configuration, and the
 *       default's and the choice's training and held-out losses.</li>
 *   <li>{@code sensitivity.csv}: {@link Sensitivity}'s indices (empty for halving, bayes and nsga2,
 *       whose configurations do not sample the space evenly).</li>
 *   <li>{@code front.csv} (nsga2 only): the final search's Pareto front over the terms the objective
 *       weighs: each configuration's index, name, whether it was chosen (the lowest weighted loss),
 *       the knobs the space varies, its terms (0 is perfect) and its weighted loss.</li>
 *   <li>{@code fidelity/}: {@code regtune fidelity --report-dir}'s files for the final configuration
 *       alone, per corpus; {@code fidelity --profile profile.json --report-dir R} on the same
 *       corpora, architectures and budgets writes the same {@code groups.csv}.</li>
 * </ul>
 */
public final class CalibrationFiles {
    /** The columns of {@code configurations.csv} before the knobs. */
    static final List<String> CONFIG_COLUMNS = List.of("config", "name", "chosen_by");
    /** The figure columns of {@code configurations.csv}, after the knobs. */
    static final List<String> FIGURE_COLUMNS = List.of("loss", "spearman", "mape_percent", "within_10_percent",
            "spill_f1", "spill_within_2x_percent");

    private CalibrationFiles() {
    }

    /**
     * The figures of a profile's score set.
     *
     * @param f the figures
     * @param loss their loss under the objective
     */
    static Map<String, Double> figures(GroupFigures f, double loss) {
        Map<String, Double> m = new TreeMap<>();
        m.put(Scores.OBJECTIVE, loss);
        put(m, "spearman", f.spearman());
        put(m, "mape_percent", f.mapePercent());
        put(m, "within_10_percent", 100 * f.shareWithin10());
        put(m, "spill_f1", f.spills().f1());
        put(m, "spill_within_2x_percent", 100 * f.shareSpillWithin2x());
        return m;
    }

    private static void put(Map<String, Double> m, String name, double v) {
        if (Double.isFinite(v)) {
            m.put(name, v);
        }
    }

    /** The profile of the final configuration. */
    public static KnobProfile profile(Calibration.Result r, LossWeights weights, String arch, Provenance provenance) {
        Candidate chosen = r.candidates().get(r.chosen());
        GroupFigures train = r.chosenFigures();
        double trainLoss = CalibrationLoss.of(train, weights);
        Map<String, Double> trainFigures = figures(train, trainLoss);
        trainFigures.put(Scores.DEFAULT_OBJECTIVE, CalibrationLoss.of(r.defaultFigures(), weights));
        double testLoss = CalibrationLoss.of(r.crossValidated(), weights);
        Map<String, Double> testFigures = figures(r.crossValidated(), testLoss);
        testFigures.put(Scores.DEFAULT_OBJECTIVE, CalibrationLoss.of(r.defaultFigures(), weights));
        testFigures.put("folds", (double) r.folds().size());
        for (Calibration.Fold f : r.folds()) {
            testFigures.put("fold" + f.fold() + "_objective", CalibrationLoss.of(f.heldOut(), weights));
        }
        return KnobProfile.of(arch, 0, "calibration:" + weights, chosen.knobs()).withProvenance(provenance)
                .withScores(Scores.of(train.entries(), trainFigures),
                        Scores.of(r.crossValidated().entries(), testFigures));
    }

    /** Writes every file into {@code dir}, which must exist. */
    public static void write(Path dir, Calibration.Result r, KnobProfile profile, List<KnobDef> spaceKnobs,
            List<Sensitivity.Index> sensitivity, LossWeights weights, List<String> corpora) throws IOException {
        ProfileFormat.JSON.write(profile, dir.resolve("profile.json"));
        writeConfigurations(dir.resolve("configurations.csv"), r, spaceKnobs, weights);
        writeFolds(dir.resolve("folds.csv"), r, weights);
        writeSensitivity(dir.resolve("sensitivity.csv"), sensitivity);
        if (!r.front().isEmpty()) {
            writeFront(dir.resolve("front.csv"), r, spaceKnobs, weights);
        }
        Path fidelity = dir.resolve("fidelity");
        Files.createDirectories(fidelity);
        String allocator = KnobCatalogue.ALLOCATOR.format(profile.knobs().get(KnobCatalogue.ALLOCATOR));
        List<BreakdownFiles.Section> sections = new ArrayList<>();
        for (int c = 0; c < corpora.size(); c++) {
            sections.add(new BreakdownFiles.Section(corpora.get(c), List.of(allocator), r.finalOutcomes().get(c)));
        }
        new BreakdownFiles().write(fidelity, sections, null);
    }

    private static CSVPrinter printer(Writer w, List<String> columns) throws IOException {
        return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(columns.toArray(String[]::new))
                .setRecordSeparator('\n').build());
    }

    private static String number(double v) {
        return Double.isFinite(v) ? Double.toString(v) : "";
    }

    private static void writeConfigurations(Path file, Calibration.Result r, List<KnobDef> knobs,
            LossWeights weights) throws IOException {
        List<String> columns = new ArrayList<>(CONFIG_COLUMNS);
        knobs.forEach(k -> columns.add(k.name()));
        columns.addAll(FIGURE_COLUMNS);
        for (Calibration.Fold f : r.folds()) {
            columns.add("fold" + f.fold() + "_train_loss");
        }
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter out = printer(w, columns)) {
            for (int c = 0; c < r.candidates().size(); c++) {
                Candidate cand = r.candidates().get(c);
                List<String> row = new ArrayList<>(List.of(Integer.toString(c), cand.name(), chosenBy(r, c)));
                for (KnobDef k : knobs) {
                    row.add(k.format(cand.knobs().get(k)));
                }
                GroupFigures f = r.figures().get(c);
                if (f == null) {
                    for (int i = 0; i < FIGURE_COLUMNS.size(); i++) {
                        row.add("");
                    }
                } else {
                    row.add(number(CalibrationLoss.of(f, weights)));
                    row.add(number(f.spearman()));
                    row.add(number(f.mapePercent()));
                    row.add(number(100 * f.shareWithin10()));
                    row.add(number(f.spills().f1()));
                    row.add(number(100 * f.shareSpillWithin2x()));
                }
                for (Calibration.Fold fold : r.folds()) {
                    Double l = fold.trainingLosses().get(c);
                    row.add(l == null ? "" : number(l));
                }
                out.printRecord(row);
            }
        }
    }

    /** "fold0 fold3 final", the folds (and the final choice) that chose configuration {@code c}. */
    static String chosenBy(Calibration.Result r, int c) {
        List<String> by = new ArrayList<>();
        r.folds().stream().filter(f -> f.chosen() == c).forEach(f -> by.add("fold" + f.fold()));
        if (r.chosen() == c) {
            by.add("final");
        }
        return String.join(" ", by);
    }

    private static void writeFolds(Path file, Calibration.Result r, LossWeights weights) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter out = printer(w, List.of("fold", "groups", "kernels", "chosen", "default_train_loss",
                        "chosen_train_loss", "default_test_loss", "chosen_test_loss"))) {
            for (Calibration.Fold f : r.folds()) {
                out.printRecord(f.fold(), String.join(" ", f.groups()), f.kernels(),
                        r.candidates().get(f.chosen()).name(), number(f.trainingLosses().getOrDefault(0, Double.NaN)),
                        number(f.trainingLosses().getOrDefault(f.chosen(), Double.NaN)),
                        number(CalibrationLoss.of(f.defaultHeldOut(), weights)),
                        number(CalibrationLoss.of(f.heldOut(), weights)));
            }
        }
    }

    private static void writeFront(Path file, Calibration.Result r, List<KnobDef> knobs, LossWeights weights)
            throws IOException {
        List<String> columns = new ArrayList<>(List.of("config", "name", "chosen"));
        knobs.forEach(k -> columns.add(k.name()));
        List<Integer> terms = new ArrayList<>();
        for (int i = 0; i < LossWeights.TERMS.size(); i++) {
            if (weights.weight(i) > 0) {
                terms.add(i);
                columns.add(LossWeights.TERMS.get(i));
            }
        }
        columns.add("loss");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter out = printer(w, columns)) {
            for (int c : r.front()) {
                Candidate cand = r.candidates().get(c);
                List<String> row = new ArrayList<>(List.of(Integer.toString(c), cand.name(),
                        Boolean.toString(c == r.chosen())));
                for (KnobDef k : knobs) {
                    row.add(k.format(cand.knobs().get(k)));
                }
                GroupFigures f = Objects.requireNonNull(r.figures().get(c), "a front configuration has figures");
                double[] v = CalibrationLoss.terms(f);
                terms.forEach(i -> row.add(number(v[i])));
                row.add(number(CalibrationLoss.of(f, weights)));
                out.printRecord(row);
            }
        }
    }

    private static void writeSensitivity(Path file, List<Sensitivity.Index> indices) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
                CSVPrinter out = printer(w, List.of("kind", "knob", "first_order_index", "configurations", "kernels",
                        "loss_min", "loss_max"))) {
            for (Sensitivity.Index i : indices) {
                out.printRecord(i.kind(), i.knob(), number(i.index()), i.configurations(), i.kernels(),
                        number(i.lossMin()), number(i.lossMax()));
            }
        }
    }
}
