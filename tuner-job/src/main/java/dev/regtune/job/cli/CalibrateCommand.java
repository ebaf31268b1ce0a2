package dev.regtune.job.cli;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.calibrate.Calibration;
import dev.regtune.job.calibrate.CalibrationFiles;
import dev.regtune.job.calibrate.Candidates;
import dev.regtune.job.calibrate.CaseSlots;
import dev.regtune.job.calibrate.EvaluationPlan;
import dev.regtune.job.calibrate.KernelFiles;
import dev.regtune.job.calibrate.LocalModelEvaluator;
import dev.regtune.job.calibrate.ModelEvaluator;
import dev.regtune.job.calibrate.PtxasReference;
import dev.regtune.job.calibrate.ReferenceRows;
import dev.regtune.job.calibrate.Sensitivity;
import dev.regtune.job.calibrate.SparkModelEvaluator;
import dev.regtune.job.calibrate.SplitBy;
import dev.regtune.job.fidelity.CalibrationLoss;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.EntryTraits;
import dev.regtune.job.fidelity.FidelityBreakdown;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.fidelity.LossWeights;
import dev.regtune.job.fidelity.ReferenceCorpus;
import dev.regtune.job.fidelity.ReferenceCsv;
import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.job.ptxas.PtxasInstallation;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.job.spark.SparkSessions;
import dev.regtune.space.Dimension;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.Provenance;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** {@code regtune calibrate}: search model knobs to match ptxas on a body of kernels, cross-validated. */
@Command(name = "calibrate",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Fit the model to ptxas: draw model configurations from a knob space (--space, --strategy, --budget), "
                    + "allocate every kernel of the reference corpora under each at every architecture and budget "
                    + "(a Spark job, local mode unless --master names a cluster), and choose the configuration with "
                    + "the lowest loss against the ptxas measurements: register MAPE/100 + (1 - Spearman) + (1 - "
                    + "share within 10%%) + (1 - spill F1) + (1 - share of spill bytes within 2x), the figures of "
                    + "'regtune fidelity', pooled over corpora and architectures; --objective weights its terms.",
            "Validation is honest: the kernels' repositories (or families, or kernels: --split-by) are dealt into "
                    + "--folds folds; each fold's configuration is chosen on the other folds' kernels only and scored "
                    + "on its own. The summary puts the default's and the calibrated configuration's figures side by "
                    + "side, on the training kernels (the final configuration, chosen on every kernel) and held out "
                    + "(each kernel predicted by the configuration its fold chose without it).",
            "--out DIR gets profile.json (the final configuration as a knob profile, with its loss, the folds and "
                    + "the provenance; 'regtune fidelity --profile DIR/profile.json' on the same corpora, --arch and "
                    + "--budgets reproduces its figures exactly), configurations.csv (every configuration's knobs, "
                    + "loss and figures), folds.csv, sensitivity.csv (which knobs move the loss, per kind of kernel) "
                    + "and fidelity/ (fidelity --report-dir's files for the final configuration); with nsga2, "
                    + "front.csv (the final search's Pareto front); when the ground truth is measured by --ptxas or "
                    + "read from a --kernels manifest, ptxas-reference.csv (that truth, for --reference)."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the calibration ran and its files were written",
            "1:no kernel had both a model and a ptxas result",
            "2:usage error: no corpus, an unreadable space or reference, fewer groups than folds, a bad objective, "
                    + "--ptxas missing or not runnable"
        })
public final class CalibrateCommand extends RegtuneCommand {

    @Option(names = "--corpus", paramLabel = "DIR",
            description = "A reference corpus (repeatable): corpus-real's layout (manifest.csv, ptxas.csv, ptx/) or "
                    + "the bundled corpus's (ptxas-reference.csv, ptx/ARCH/), as for 'regtune fidelity --corpus'.")
    List<Path> corpora = new ArrayList<>();

    @Option(names = "--kernels", paramLabel = "FOLDER|PTX|MANIFEST",
            description = "PTX files or folders of them, or a corpus manifest (.csv, the format of "
                    + "datasets/corpus/manifest.csv, as 'sweep --kernels' takes), repeatable, with or instead of "
                    + "--corpus. A file's architecture is the name of its folder (else every --arch), a manifest "
                    + "row's its arch column; its repository is its folder below the one given (for a manifest, "
                    + "below the folder its file column is relative to), architecture folders left out. The ground "
                    + "truth is --reference, else what --ptxas measures, else a manifest's own ptxas columns.")
    List<Path> kernels = new ArrayList<>();

    @Option(names = "--reference", paramLabel = "CSV",
            description = "The ptxas measurements of the --kernels files, in the format of "
                    + "datasets/corpus/ptxas-reference.csv.")
    Path reference;

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "Measure the --kernels files with this ptxas instead of reading --reference: every entry "
                    + "at every --arch and --budgets, 'ptxas -v -arch=ARCH [-maxrregcount N] -e ENTRY', cached by "
                    + "content as the sweep's ptxas evaluator caches (--ptxas-cache); the figures are written to "
                    + "OUT/ptxas-reference.csv, which --reference reads back without ptxas.")
    Path ptxas;

    @Option(names = "--ptxas-cache", paramLabel = "DIR",
            description = "Where --ptxas keeps its outcomes by content hash, shared with 'sweep --evaluator ptxas' "
                    + "if given the same folder (default: OUT/ptxas-cache).")
    Path ptxasCache;

    @Option(names = "--space", paramLabel = "SPEC", required = true,
            description = "The knob space configurations are drawn from (e.g. spaces/calibration.json).")
    Path spaceFile;

    @Option(names = "--strategy", paramLabel = "STRATEGY", defaultValue = "sobol",
            description = "random or sobol (every configuration on every training kernel), halving (Sobol "
                    + "points raced by successive halving over files, eta 3), bayes (a tree-structured Parzen "
                    + "estimator proposing one configuration at a time from the losses seen so far) or nsga2 "
                    + "(NSGA-II over the terms --objective weighs, at least two; the Pareto front is printed and "
                    + "written to front.csv, and its configuration with the lowest weighted loss is chosen). bayes "
                    + "and nsga2 search each fold on its training kernels only (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--budget", paramLabel = "N", defaultValue = "16",
            description = "Configurations drawn from the space besides the default; for bayes and nsga2, "
                    + "configurations each search evaluates on all its training kernels (one search per fold "
                    + "and one for the final choice) (default: ${DEFAULT-VALUE}).")
    int budget;

    @Option(names = "--folds", paramLabel = "K", defaultValue = "5",
            description = "Folds of the cross-validation, at least 2 (default: ${DEFAULT-VALUE}).")
    int folds;

    @Option(names = "--split-by", paramLabel = "WHAT", defaultValue = "repository",
            description = "What a fold holds out together: repository, family (a PTX file, whatever its "
                    + "architecture folder) or kernel (default: ${DEFAULT-VALUE}).")
    String splitBy;

    @Option(names = "--objective", paramLabel = "OBJECTIVE", defaultValue = "loss",
            description = "loss (the five terms, weight 1 each), one term (mape, spearman, within10, f1, bytes) or "
                    + "weighted terms, e.g. mape=2,f1=1 (terms not named weigh 0) (default: ${DEFAULT-VALUE}).")
    String objective;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the sampler and of halving's file order (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--arch", paramLabel = "ARCH", split = ",", defaultValue = "sm_80,sm_90",
            description = "Architectures to compare, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> archs = new ArrayList<>();

    @Option(names = "--budgets", paramLabel = "N", split = ",", defaultValue = "0,128,64,40,32,24",
            description = "Register budgets of the reference to compare (-maxrregcount; 0 = none), comma-separated "
                    + "(default: ${DEFAULT-VALUE}).")
    List<Integer> budgets = new ArrayList<>();

    @Mixin
    KnobOptions knobOptions = new KnobOptions();

    @Option(names = "--out", paramLabel = "DIR", required = true,
            description = "The folder to write profile.json, configurations.csv, folds.csv, sensitivity.csv and "
                    + "fidelity/ into (created if missing).")
    Path out;

    @Option(names = "--master", paramLabel = "MASTER",
            description = "Spark master: local[*], local[N] or spark://HOST:PORT (default: spark-submit's, else "
                    + SparkSessions.DEFAULT_MASTER + "); the corpora must be readable at the same paths on every "
                    + "executor.")
    String master;

    @Option(names = "--in-process",
            description = "Evaluate in this JVM's thread without Spark (small runs and tests).")
    boolean inProcess;

    /** Most sensitivity rows printed per kind. */
    static final int SENSITIVITY_ROWS = 6;

    @Override
    protected int run() throws IOException {
        if (corpora.isEmpty() && kernels.isEmpty()) {
            throw new UsageException("name the kernels to calibrate on: --corpus DIR, or --kernels with --reference");
        }
        if (reference != null && ptxas != null) {
            throw new UsageException("give the ground truth once: --reference CSV or --ptxas PATH, not both");
        }
        if (ptxas != null && kernels.isEmpty()) {
            throw new UsageException("--ptxas measures the --kernels files; name them (a --corpus has its own "
                    + "measurements)");
        }
        if (reference == null && ptxas == null && kernels.stream().anyMatch(k -> !KernelFiles.isManifest(k))) {
            throw new UsageException("--kernels with PTX files or folders needs their ptxas measurements: "
                    + "--reference CSV, or --ptxas PATH to measure them now");
        }
        if (budget < 1 || folds < 2) {
            throw new UsageException("--budget must be at least 1 and --folds at least 2");
        }
        Calibration.Strategy strat;
        SplitBy split;
        LossWeights weights;
        try {
            strat = Calibration.Strategy.valueOf(strategy.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--strategy expects random, sobol, halving, bayes or nsga2, not '" + strategy
                    + "'");
        }
        try {
            split = SplitBy.named(splitBy);
            weights = LossWeights.parse(objective);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (strat == Calibration.Strategy.NSGA2 && Calibration.objectiveTerms(weights) < 2) {
            throw new UsageException("--strategy nsga2 trades terms of the loss off against each other, so "
                    + "--objective must weigh two terms at least (e.g. loss, or mape=1,f1=1,bytes=1), not '"
                    + objective + "'");
        }
        KnobSpace space = SpaceValidateCommand.load(Arguments.readableFile(spaceFile, "space spec"));
        Knobs base = knobOptions.knobs();
        List<ArchProfile> archProfiles = archProfiles();
        List<Integer> budgetList = budgets();
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new UsageException("--out '" + out + "' is not a folder");
        }
        List<ReferenceCorpus> references = references(archProfiles, budgetList);
        CaseSlots slots = CaseSlots.of(references, archProfiles, budgetList, this::note);
        List<Candidate> candidates;
        try {
            candidates = strat.adaptive() ? List.of(Candidate.of("default", base, base))
                    : Candidates.draw(space, base, strat == Calibration.Strategy.RANDOM ? "random" : "sobol", budget,
                            seed);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--space '" + spaceFile + "': " + e.getMessage());
        }
        EvaluationPlan plan = new EvaluationPlan(slots.files(), budgetList, candidates.stream()
                .map(Candidate::knobs).toList());
        Calibration.Request request = new Calibration.Request(candidates, split, folds, strat, weights, seed,
                space, budget);
        int kernelCount = 0;
        for (int c = 0; c < references.size(); c++) {
            kernelCount += slots.kernels(c).size();
        }
        String configurations = strat.adaptive()
                ? String.format(Locale.ROOT, "the default and %d configurations per search of space '%s' by %s", budget,
                        space.name(), strat == Calibration.Strategy.BAYES ? "a tree-structured Parzen estimator"
                                : "NSGA-II over " + Calibration.objectiveTermNames(weights))
                : String.format(Locale.ROOT, "%d configurations (the default and %d %s points of space '%s')",
                        candidates.size(), candidates.size() - 1,
                        strat == Calibration.Strategy.RANDOM ? "random" : "Sobol", space.name());
        out().printf(Locale.ROOT, "calibrate: %d kernel outcomes (entry x arch) of %s on %s, budgets %s; %s; %d "
                        + "folds by %s; objective %s%n",
                kernelCount, String.join(", ", slots.corpusNames()),
                archProfiles.stream().map(ArchProfile::name).collect(Collectors.joining(", ")),
                budgetList.stream().map(String::valueOf).collect(Collectors.joining(",")), configurations, folds,
                split.cliName(), weights);
        out().flush();
        Calibration.Result result;
        long evaluations;
        if (inProcess) {
            Calibration calibration = new Calibration(slots, plan, new LocalModelEvaluator(), request, this::note);
            result = runChecked(calibration);
            evaluations = calibration.evaluations();
        } else {
            try (SparkSessions.Session session = SparkSessions.session("regtune calibrate",
                    Optional.ofNullable(master))) {
                ModelEvaluator evaluator = new SparkModelEvaluator(session.spark());
                Calibration calibration = new Calibration(slots, plan, evaluator, request, this::note);
                result = runChecked(calibration);
                evaluations = calibration.evaluations();
            }
        }
        if (result.defaultFigures().registerPairs() == 0 && result.defaultFigures().spills().total() == 0) {
            error("no kernel had both a model and a ptxas result, so there is nothing to calibrate against");
            return EXIT_FAILURE;
        }
        List<KnobDef> spaceKnobs = space.dimensionList().stream().map(Dimension::knob).flatMap(Optional::stream)
                .distinct().toList();
        // halving scores few configurations on every kernel, and bayes and nsga2 crowd theirs where the loss
        // is low: first-order indices need the space sampled evenly
        List<Sensitivity.Index> sensitivity = strat == Calibration.Strategy.HALVING || strat.adaptive() ? List.of()
                : Sensitivity.of(result.candidates(), result.outcomesOf(), spaceKnobs,
                        f -> CalibrationLoss.of(f, weights));
        String arch = archProfiles.get(archProfiles.size() - 1).name();
        Provenance provenance = new Provenance(String.join("+", corpusSources(references)),
                "calibrate-" + strat.name().toLowerCase(Locale.ROOT) + "-" + space.name() + "-n" + budget + "-k"
                        + folds + "-" + split.cliName() + "-s" + seed,
                ModelVersion.of(result.candidates().get(result.chosen()).knobs()));
        KnobProfile profile = CalibrationFiles.profile(result, weights, arch, provenance);
        Files.createDirectories(out);
        CalibrationFiles.write(out, result, profile, spaceKnobs, sensitivity, weights, slots.corpusNames());
        print(result, weights, slots.corpusNames(), sensitivity, evaluations, strat);
        return 0;
    }

    private Calibration.Result runChecked(Calibration calibration) {
        try {
            return calibration.run();
        } catch (IllegalArgumentException e) {
            throw new UsageException("--folds " + folds + ": " + e.getMessage() + (splitBy.strip().equalsIgnoreCase(
                    "repository") ? " (the bundled corpus is one repository: --split-by family folds it by file)" : ""));
        }
    }

    private static List<String> corpusSources(List<ReferenceCorpus> references) {
        return references.stream().map(ReferenceCorpus::name).toList();
    }

    private void print(Calibration.Result r, LossWeights weights, List<String> corpora,
            List<Sensitivity.Index> sensitivity, long evaluations, Calibration.Strategy strat) {
        PrintWriter o = out();
        o.println();
        o.println("folds (loss on the other folds' kernels = train, on the fold's own = test):");
        TextTable folds = new TextTable("fold", "groups", "kernels", "chosen", "train default", "train chosen",
                "test default", "test chosen").rightAligned(1, 2, 4, 5, 6, 7);
        for (Calibration.Fold f : r.folds()) {
            folds.add(f.fold(), f.groups().size(), f.kernels(), r.candidates().get(f.chosen()).name(),
                    loss(f.trainingLosses().get(0)), loss(f.trainingLosses().get(f.chosen())),
                    loss(CalibrationLoss.of(f.defaultHeldOut(), weights)), loss(CalibrationLoss.of(f.heldOut(), weights)));
        }
        folds.print(o);
        o.println();
        Candidate chosen = r.candidates().get(r.chosen());
        o.println("default vs calibrated, every corpus and architecture pooled:");
        TextTable t = new TextTable("set", "configuration", "kernels", "spearman", "MAPE", "within 10%", "spill F1",
                "bytes within 2x", "loss").rightAligned(2, 3, 4, 5, 6, 7, 8);
        row(t, "train", "default", r.defaultFigures(), weights);
        row(t, "train", "calibrated " + chosen.name(), r.chosenFigures(), weights);
        row(t, "test", "default", r.defaultFigures(), weights);
        row(t, "test", "calibrated (each fold's)", r.crossValidated(), weights);
        t.print(o);
        o.println("train: every kernel, the final configuration chosen on all of them (the profile's fit); test: "
                + "every kernel predicted by the configuration chosen without its fold (the figures to quote; the "
                + "default is chosen on nothing, so its test figures are its train figures).");
        o.println();
        o.println("calibrated configuration " + chosen.name() + ": " + chosen.changes());
        if (!r.front().isEmpty()) {
            printFront(r, weights);
        }
        o.println();
        o.println("the calibrated configuration per corpus and architecture ('regtune fidelity --profile' prints "
                + "these as its 'all' rows):");
        TextTable per = new TextTable("corpus", "arch", "configuration", "kernels", "spearman", "MAPE", "within 10%",
                "spill F1", "bytes within 2x", "loss").rightAligned(3, 4, 5, 6, 7, 8, 9);
        for (int c = 0; c < corpora.size(); c++) {
            List<FidelityBreakdown.Group> def = FidelityBreakdown.groups(r.defaultOutcomes().get(c));
            List<FidelityBreakdown.Group> cal = FidelityBreakdown.groups(r.finalOutcomes().get(c));
            for (int g = 0; g < cal.size(); g++) {
                if (!cal.get(g).dimension().equals("all")) {
                    continue;
                }
                String arch = cal.get(g).arch();
                perRow(per, corpora.get(c), arch, "default", GroupFigures.model(def.get(g).outcomes(), 0, "d"), weights);
                if (r.chosen() != 0) { // the default chosen: one row, not the same figures twice
                    perRow(per, corpora.get(c), arch, chosen.name(), GroupFigures.model(cal.get(g).outcomes(), 0, "c"),
                            weights);
                }
            }
        }
        per.print(o);
        if (strat.adaptive()) {
            o.println();
            o.println("no sensitivity for " + strat.name().toLowerCase(Locale.ROOT) + ": its configurations crowd "
                    + "where the loss is low, and first-order indices need the space sampled evenly (use sobol)");
        }
        if (!sensitivity.isEmpty()) {
            o.println();
            o.println("sensitivity of the loss (first-order index: share of its variance over the "
                    + sensitivity.get(0).configurations() + " configurations explained by the knob alone; "
                    + "the largest " + SENSITIVITY_ROWS + " per kind):");
            TextTable s = new TextTable("kind", "kernels", "knob", "index", "loss range").rightAligned(1, 3);
            for (String kind : sensitivity.stream().map(Sensitivity.Index::kind).distinct().toList()) {
                sensitivity.stream().filter(i -> i.kind().equals(kind))
                        .sorted(Comparator.comparingDouble((Sensitivity.Index i) -> Double.isNaN(i.index()) ? -1
                                : -i.index()).thenComparing(Sensitivity.Index::knob))
                        .limit(SENSITIVITY_ROWS)
                        .forEach(i -> s.add(kind, i.kernels(), i.knob(), Numbers.fixed(i.index(), 2),
                                Numbers.fixed(i.lossMin(), 3) + " .. " + Numbers.fixed(i.lossMax(), 3)));
            }
            s.print(o);
        }
        o.println();
        o.printf(Locale.ROOT, "%d (file, configuration) evaluations; wrote %s (profile.json, configurations.csv, "
                + "folds.csv, sensitivity.csv, %sfidelity/)%n", evaluations, out, r.front().isEmpty() ? ""
                : "front.csv, ");
        o.flush();
    }

    /** The final choice's Pareto front: each configuration's terms, its weighted loss and which one was chosen. */
    private void printFront(Calibration.Result r, LossWeights weights) {
        PrintWriter o = out();
        o.println();
        o.println("Pareto front of the final search over " + Calibration.objectiveTermNames(weights) + " (every "
                + "kernel; lower is better; * = chosen by the weighted loss, exported as profile.json):");
        List<String> header = new ArrayList<>(List.of("", "configuration"));
        List<Integer> terms = new ArrayList<>();
        for (int i = 0; i < LossWeights.TERMS.size(); i++) {
            if (weights.weight(i) > 0) {
                terms.add(i);
                header.add(LossWeights.TERMS.get(i));
            }
        }
        header.add("loss");
        header.add("changes");
        int[] right = new int[terms.size() + 1];
        for (int i = 0; i < right.length; i++) {
            right[i] = i + 2;
        }
        TextTable t = new TextTable(header.toArray(String[]::new)).rightAligned(right);
        for (int c : r.front()) {
            GroupFigures f = Objects.requireNonNull(r.figures().get(c), "a front configuration has figures");
            double[] v = CalibrationLoss.terms(f);
            List<Object> row = new ArrayList<>(List.of(c == r.chosen() ? "*" : "", r.candidates().get(c).name()));
            terms.forEach(i -> row.add(Numbers.fixed(v[i], 3)));
            row.add(Numbers.fixed(CalibrationLoss.of(f, weights), 3));
            row.add(r.candidates().get(c).changes());
            t.add(row.toArray());
        }
        t.print(o);
    }

    private static String loss(@Nullable Double l) {
        return l == null ? "-" : Numbers.fixed(l, 3);
    }

    private static void row(TextTable t, String set, String config, GroupFigures f, LossWeights w) {
        t.add(set, config, f.entries(), Numbers.fixed(f.spearman(), 3), mape(f), Numbers.percent(f.shareWithin10()),
                Numbers.fixed(f.spills().f1(), 3), Numbers.percent(f.shareSpillWithin2x()),
                Numbers.fixed(CalibrationLoss.of(f, w), 3));
    }

    private static void perRow(TextTable t, String corpus, String arch, String config, GroupFigures f, LossWeights w) {
        t.add(corpus, arch, config, f.entries(), Numbers.fixed(f.spearman(), 3), mape(f),
                Numbers.percent(f.shareWithin10()), Numbers.fixed(f.spills().f1(), 3),
                Numbers.percent(f.shareSpillWithin2x()), Numbers.fixed(CalibrationLoss.of(f, w), 3));
    }

    private static String mape(GroupFigures f) {
        return Numbers.fixed(f.mapePercent(), 1) + (Double.isNaN(f.mapePercent()) ? "" : "%");
    }

    private List<ReferenceCorpus> references(List<ArchProfile> wanted, List<Integer> budgetList) throws IOException {
        List<ReferenceCorpus> list = new ArrayList<>();
        for (Path dir : corpora) {
            if (!Files.isDirectory(dir)) {
                throw new UsageException("--corpus '" + dir + "' is not a folder");
            }
            try {
                list.add(ReferenceCorpus.load(dir));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        if (kernels.isEmpty()) {
            return list;
        }
        List<KernelFiles> listed = new ArrayList<>();
        for (Path k : kernels) {
            listed.add(KernelFiles.isManifest(k) ? manifestFiles(k, wanted) : folderFiles(k, wanted));
        }
        ReferenceCsv truth;
        if (reference != null) {
            try {
                truth = ReferenceCsv.load(Arguments.readableFile(reference, "reference"));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        } else {
            List<ReferenceRows.Row> rows = new ArrayList<>();
            if (ptxas != null) {
                rows.addAll(measure(listed, budgetList));
            } else {
                listed.forEach(l -> rows.addAll(l.manifestReference(budgetList)));
            }
            Files.createDirectories(out);
            truth = ReferenceRows.write(out.resolve(ReferenceRows.FILE_NAME), rows);
        }
        for (KernelFiles l : listed) {
            ReferenceCorpus corpus = l.corpus(truth);
            if (corpus.kernels().isEmpty()) {
                note("--kernels '" + l.dir() + "': no kernel has a ptxas figure without a budget in "
                        + truth.description());
            }
            list.add(corpus);
        }
        return list;
    }

    /** The --ptxas reference: every kernel of the listed files at every budget, through the sweep's evaluator. */
    private List<ReferenceRows.Row> measure(List<KernelFiles> listed, List<Integer> budgetList) throws IOException {
        Path executable = PtxasExecutable.resolve(ptxas, Optional::empty, "--ptxas");
        PtxasInstallation installed;
        try {
            installed = PtxasInstallation.probe(executable);
        } catch (IOException e) {
            throw new UsageException("--ptxas cannot use " + executable + ": " + e.getMessage());
        }
        Path cache = ptxasCache != null ? ptxasCache : out.resolve("ptxas-cache");
        PtxasEvaluator evaluator = new PtxasEvaluator(executable.toString(), installed.version(),
                Math.round(EvaluatorOptions.DEFAULT_TIMEOUT_SECONDS * 1000), cache.toAbsolutePath().toString());
        List<KernelFiles.File> files = listed.stream().flatMap(l -> l.files().stream()).toList();
        PtxasReference.Measured m = PtxasReference.measure(files, budgetList, evaluator,
                Runtime.getRuntime().availableProcessors(), this::note);
        out().printf(Locale.ROOT, "reference: %s measured %d (entry, arch, budget): %d compiled now, %d from the "
                        + "cache %s, %d without figures; written to %s%n", installed.describe(),
                m.compiled() + m.cached(), m.compiled(), m.cached(), cache, m.refused(),
                out.resolve(ReferenceRows.FILE_NAME));
        out().flush();
        return m.rows();
    }

    /** A --kernels manifest's files. */
    private KernelFiles manifestFiles(Path csv, List<ArchProfile> wanted) throws IOException {
        Arguments.readableFile(csv, "manifest");
        KernelFiles files;
        try {
            files = KernelFiles.manifest(csv, wanted);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        if (files.files().isEmpty()) {
            throw new UsageException("--kernels '" + csv + "' lists no kernel for " + wanted.stream()
                    .map(ArchProfile::name).collect(Collectors.joining(",")));
        }
        return files;
    }

    /**
     * The PTX files of one --kernels folder or file: a file's architecture is its folder's name, else
     * every --arch; its repository its folder below the argument without architecture folders (the
     * argument's own name for files directly in it).
     */
    private KernelFiles folderFiles(Path arg, List<ArchProfile> wanted) {
        if (!Files.exists(arg)) {
            throw new UsageException("--kernels '" + arg + "' does not exist");
        }
        boolean folder = Files.isDirectory(arg);
        Path root = folder ? arg : Objects.requireNonNull(arg.toAbsolutePath().getParent(), "a file has a folder");
        String name = arg.toAbsolutePath().normalize().getFileName().toString();
        List<KernelFiles.File> files = new ArrayList<>();
        for (Path file : Arguments.ptxFiles(List.of(arg),
                u -> note("left out a folder that cannot be listed: " + Arguments.sentence(u)))) {
            Path parent = file.toAbsolutePath().normalize().getParent();
            String folderName = parent == null || parent.getFileName() == null ? "" : parent.getFileName().toString();
            List<ArchProfile> archsOfFile = ArchProfiles.names().contains(folderName)
                    ? wanted.stream().filter(a -> a.name().equals(folderName)).toList() : wanted;
            if (archsOfFile.isEmpty()) {
                continue;
            }
            Map<String, EntryTraits> scanned = KernelFiles.scan(file);
            List<KernelFiles.Kernel> kernelList = new ArrayList<>();
            for (ArchProfile a : archsOfFile) {
                scanned.forEach((entry, traits) -> kernelList.add(new KernelFiles.Kernel(entry, a.name(), traits)));
            }
            files.add(new KernelFiles.File(file, file.toString(), KernelFiles.repository(root, file, name), archsOfFile,
                    kernelList));
        }
        if (files.isEmpty()) {
            throw new UsageException("--kernels '" + arg + "' holds no PTX file for " + wanted.stream()
                    .map(ArchProfile::name).collect(Collectors.joining(",")));
        }
        return new KernelFiles(name, arg, files, List.of());
    }

    private List<ArchProfile> archProfiles() {
        return Arguments.archProfiles(archs);
    }

    private List<Integer> budgets() {
        return Arguments.budgets(budgets);
    }
}
