package dev.regtune.job.cli;

import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.fidelity.BreakdownFiles;
import dev.regtune.job.fidelity.ComparisonCsv;
import dev.regtune.job.fidelity.FamilyDifferences;
import dev.regtune.job.fidelity.FidelityBreakdown;
import dev.regtune.job.fidelity.FidelityCase;
import dev.regtune.job.fidelity.FidelityHarness;
import dev.regtune.job.fidelity.FidelityPair;
import dev.regtune.job.fidelity.FidelityScorer;
import dev.regtune.job.fidelity.GroundTruth;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.fidelity.Predictor;
import dev.regtune.job.fidelity.PredictorScore;
import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.job.fidelity.ReferenceCsv;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune fidelity}: compare each allocator family of the model (and a naive baseline) with the real ptxas. */
@Command(name = "fidelity",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Compare the model with the real ptxas on the same entries, architectures and register budgets. "
                    + "Ground truth is 'ptxas -v -arch=ARCH [-maxrregcount N] -o /dev/null FILE' (ptxas from "
                    + "--ptxas, else from the PATH) or, with --reference, a CSV measured earlier such as "
                    + "datasets/corpus/ptxas-reference.csv. Only kernel entries are compared.",
            "Every allocator family of the model (--allocator; all of them by default) runs on the same entries "
                    + "and budgets. For each family and for a naive baseline (peak live pressure of the PTX "
                    + "virtual registers in 32-bit slots, capped at the budget; it spills iff the pressure exceeds "
                    + "the budget) it prints, overall and per budget, the families' rows next to each other: "
                    + "Spearman rank correlation of register counts, mean absolute percentage error, share within "
                    + "10%%, precision and recall of 'it spills' over budgeted runs (a model ALLOC_FAILED counts as "
                    + "predicting a spill), and median, p10 and p90 of model/real spill bytes (stores + loads) "
                    + "where both spill. A family's register metrics cover the pairs it allocated; the baseline's "
                    + "the pairs every family allocated.",
            "With several families it then shows where they differ most: by budget, by architecture, and the "
                    + "kernel families (PTX files) and entries with the largest mean register spread (largest "
                    + "minus smallest family's count, on pairs every family allocated), with each family's MAPE "
                    + "and how often the families disagree on 'it spills'.",
            "The architecture of a PTX file is the name of its folder (datasets/corpus/ptx/sm_90/x.ptx is "
                    + "sm_90); folders contribute only files under an --arch folder; a file in a folder not "
                    + "named after an architecture is compared on every --arch.",
            "Then, per architecture, the figures overall, by kind of kernel (calls: a call to a .func, vprintf, "
                    + "...; local: uses .local; tensor: mma, wmma, wgmma, ldmatrix; plain) and by size (PTX "
                    + "instructions): entries processed (a PARSE_ERROR is not), register Spearman, MAPE and "
                    + "within 10%% without a budget, spill F1 over the budgets, spill bytes within 2x where both "
                    + "spill, each next to the baseline; and the kernels the (first) model is furthest off on, "
                    + "with the reason for each (--worst). --report-dir writes all of it as CSV and JSON.",
            "--corpus DIR compares a reference corpus instead of PTX arguments: a folder in corpus-real's "
                    + "layout (manifest.csv with a repo and a kind column, ptxas.csv, ptx/) such as "
                    + "../shared/corpus-real, or in the bundled corpus's (ptxas-reference.csv, ptx/ARCH/) such as "
                    + "datasets/corpus; give it once per corpus. Each corpus gets its own report.",
            "--folds K --candidates FILE calibrates by cross-validation that holds out whole repositories (the "
                    + "bundled corpus is one repository, 'regtune'): every candidate knob configuration runs on "
                    + "every corpus; each of K folds of repositories chooses the candidate with the lowest loss "
                    + "(register MAPE/100 + (1 - Spearman) + (1 - share within 10%%) + (1 - spill F1) + (1 - share of "
                    + "spill bytes within 2x)) on the other folds, and the report "
                    + "gives the held-out figures of those choices, not the training fit, and what each fold chose."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the comparison was made (a file that does not parse or cannot be read, or a sub-folder that "
                    + "cannot be listed, is left out with a note naming it and why; the other files are compared)",
            "1:no (entry, budget) pair had both a model and a ptxas result, or ptxas could not be run",
            "2:usage error, including: neither ptxas nor --reference is available, an unknown allocator family, "
                    + "--allocator contradicting --knob allocator="
        })
public final class FidelityCommand extends RegtuneCommand {

    @Parameters(paramLabel = "PTX-OR-FOLDER", arity = "0..*",
            description = "PTX files or folders of them. Default: " + Arguments.CORPUS_PTX
                    + " (in the current directory or the RegTune checkout), if it exists.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--ptxas", paramLabel = "PATH",
            description = "The ptxas executable to measure with (default: ptxas on the PATH). Ignored with "
                    + "--reference.")
    Path ptxas;

    @Option(names = "--arch", paramLabel = "ARCH", split = ",", defaultValue = "sm_80,sm_90",
            description = "Architectures to compare, comma-separated (default: ${DEFAULT-VALUE}).")
    List<String> archs = new ArrayList<>();

    @Option(names = "--budgets", paramLabel = "N", split = ",", defaultValue = "0,128,64,40,32,24",
            description = "Register budgets (-maxrregcount; 0 = none), comma-separated, reported in this order "
                    + "(default: ${DEFAULT-VALUE}).")
    List<Integer> budgets = new ArrayList<>();

    @Mixin
    KnobOptions knobOptions = new KnobOptions();

    @Option(names = "--allocator", paramLabel = "NAME", split = ",",
            description = "Allocator families to compare, comma-separated, or 'all' (default: all, every family "
                    + "'regtune --version' lists). --knob allocator=NAME is the same as --allocator NAME; giving "
                    + "both with different families is a usage error.")
    List<String> allocators = new ArrayList<>();

    @Option(names = "--reference", paramLabel = "CSV",
            description = "Take the ground truth from this CSV instead of running ptxas. Header: "
                    + "file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,"
                    + "stack_frame_bytes,ptxas_version; a row's file is matched against the end of each PTX path.")
    Path reference;

    @Option(names = "--out", paramLabel = "FILE.csv",
            description = "Write the per-entry comparison here, one row per allocator family of each entry, arch "
                    + "and budget: file, entry, arch, budget, real/model/baseline registers, real and model spill "
                    + "store/load bytes, model status, allocator.")
    Path out;

    @Option(names = "--verify",
            description = "Run the independent allocation checker on every model result; a violation fails the "
                    + "command (exit 1).")
    boolean verify;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Parallel ptxas and model runs (default: the number of processors).")
    int jobs = Runtime.getRuntime().availableProcessors();

    @Option(names = "--corpus", paramLabel = "DIR",
            description = "A reference corpus to compare (repeatable): corpus-real's layout (manifest.csv, ptxas.csv, "
                    + "ptx/) or the bundled corpus's (ptxas-reference.csv, ptx/ARCH/). Replaces PTX arguments and "
                    + "--reference.")
    List<Path> corpora = new ArrayList<>();

    @Option(names = "--worst", paramLabel = "N", defaultValue = "15",
            description = "How many of the kernels the model is furthest off on to list (default: ${DEFAULT-VALUE}; "
                    + "0 for none).")
    int worst;

    @Option(names = "--report-dir", paramLabel = "DIR",
            description = "Write the breakdown for tools into this folder (created if missing): groups.csv (figures "
                    + "per corpus, arch, group and predictor), kernels.csv (every kernel, worst first, with its "
                    + "reason) and fidelity.json (both, and the cross-validation).")
    Path reportDir;

    @Option(names = "--folds", paramLabel = "K",
            description = "Cross-validate the choice among --candidates with K folds by repository (needs --corpus).")
    Integer folds;

    @Option(names = "--candidates", paramLabel = "FILE",
            description = "The knob configurations --folds chooses among, besides the default: a knob-space spec "
                    + "(.json; its grid, or its first --candidate-count Sobol points when the grid is larger) or a "
                    + "CSV as 'regtune space sample' prints it (a header of knob names, one candidate per row).")
    Path candidates;

    @Option(names = "--candidate-count", paramLabel = "N", defaultValue = "8",
            description = "Most candidates taken from a spec given to --candidates (default: ${DEFAULT-VALUE}).")
    int candidateCount;

    /** Where ptxas is looked for without --ptxas; tests replace it to simulate a machine without CUDA. */
    Supplier<Optional<Path>> ptxasOnPath = PtxasRunner::onPath;

    /** The families "all" stands for; tests replace it (with {@link #allocatorByName}) to add a stand-in family. */
    Supplier<List<String>> allFamilies = Arguments::familyNames;

    /** Resolves a family's name to its allocator. */
    Function<String, RegisterAllocator> allocatorByName = Arguments::allocator;

    /** Kernel families and entries listed under "where the families differ most". */
    static final int MOST_DIFFERENT = 10;

    @Override
    protected int run() throws IOException {
        List<ArchProfile> archProfiles = archProfiles();
        List<Integer> budgetList = budgets();
        Knobs knobs = knobOptions.knobs();
        List<String> all = allFamilies.get();
        List<String> names = Arguments.allocatorNames(allocators, all, knobs,
                Arguments.assigns(knobOptions, KnobCatalogue.ALLOCATOR), all);
        List<AllocatorFamily> families = new ArrayList<>();
        for (String name : names) {
            families.add(Arguments.family(name, knobs, allocatorByName));
        }
        if (jobs < 1) {
            throw new UsageException("--jobs must be at least 1, not " + jobs);
        }
        if (worst < 0) {
            throw new UsageException("--worst must be 0 or more, not " + worst);
        }
        if (out != null && out.getParent() != null && !Files.isDirectory(out.getParent())) {
            throw new UsageException("the folder of --out '" + out + "' does not exist");
        }
        prepareReportDir();
        if (!corpora.isEmpty() || folds != null || candidates != null) {
            return new CorpusFidelity(this, archProfiles, budgetList, knobs, families).run();
        }
        List<FidelityHarness.Input> ptx = inputs(archProfiles);
        GroundTruth truth = groundTruth();

        FidelityHarness harness = new FidelityHarness(families, truth, budgetList, jobs, this::note, verify);
        FidelityHarness.Result result = harness.run(ptx);
        List<FidelityPair> pairs = result.pairs();
        if (result.withoutTruth() > 0) {
            note(result.withoutTruth() + " (entry, arch, budget) combinations have no ground truth (ptxas refused "
                    + "them or the reference has no row) and are left out");
        }
        if (out != null) {
            try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
                ComparisonCsv.write(pairs, w);
            }
        }
        if (pairs.isEmpty()) {
            error("no (entry, arch, budget) had both a model and a ptxas result, so there is nothing to compare");
            return EXIT_FAILURE;
        }
        printReport(result, truth, knobs, archProfiles, budgetList);
        if (result.allocators().size() > 1) {
            printDifferences(result, budgetList);
        }
        List<KernelOutcome> outcomes = FidelityBreakdown.outcomes(result,
                FidelityBreakdown.scannedKernels(ptx, result));
        printBreakdown(result.allocators(), outcomes);
        if (reportDir != null) {
            new BreakdownFiles().write(reportDir, List.of(new BreakdownFiles.Section("inputs", result.allocators(),
                    outcomes)), null);
        }
        return 0;
    }

    /** The breakdown by kind and size and the worst kernels of one comparison. */
    void printBreakdown(List<String> families, List<KernelOutcome> outcomes) {
        if (outcomes.isEmpty()) {
            return;
        }
        FidelityBreakdownPrinter printer = new FidelityBreakdownPrinter(out());
        out().println();
        printer.groups("by architecture, kind of kernel and size (PTX instructions):", families, outcomes);
        if (worst > 0) {
            out().println();
            printer.worst("model " + families.get(0), 0, outcomes, worst);
        }
    }

    /** Creates --report-dir when it is missing; a usage error when its parent is not a folder. */
    private void prepareReportDir() throws IOException {
        if (reportDir == null) {
            return;
        }
        if (Files.exists(reportDir) && !Files.isDirectory(reportDir)) {
            throw new UsageException("--report-dir '" + reportDir + "' is not a folder");
        }
        Path parent = reportDir.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UsageException("the folder of --report-dir '" + reportDir + "' does not exist");
        }
        Files.createDirectories(reportDir);
    }

    private List<ArchProfile> archProfiles() {
        return Arguments.archProfiles(archs);
    }

    private List<Integer> budgets() {
        return Arguments.budgets(budgets);
    }

    /** The PTX inputs with the architectures each is compared on. */
    private List<FidelityHarness.Input> inputs(List<ArchProfile> wanted) {
        List<Path> args = inputs;
        if (args.isEmpty()) {
            Optional<Path> corpus = Arguments.corpusFolder("");
            if (corpus.isEmpty()) {
                throw new UsageException("no input given and the default corpus " + Arguments.CORPUS_PTX
                        + " was not found; name PTX files or folders to compare");
            }
            args = List.of(corpus.get());
        }
        List<FidelityHarness.Input> result = new ArrayList<>();
        for (Path arg : args) {
            boolean folder = Files.isDirectory(arg);
            for (Path file : Arguments.ptxFiles(List.of(arg),
                    u -> note("left out a folder that cannot be listed: " + Arguments.sentence(u)))) {
                Optional<ArchProfile> folderArch = archOfFolder(file);
                List<ArchProfile> archsOfFile;
                if (folderArch.isPresent()) {
                    archsOfFile = wanted.contains(folderArch.get()) ? List.of(folderArch.get()) : List.of();
                } else if (folder) {
                    archsOfFile = List.of(); // a folder contributes only files under an --arch folder
                } else {
                    archsOfFile = wanted;
                }
                if (!archsOfFile.isEmpty()) {
                    result.add(new FidelityHarness.Input(file, file.toString(), archsOfFile));
                } else if (!folder) {
                    note("left out " + file + ": its folder names an architecture not in --arch");
                }
            }
        }
        if (result.isEmpty()) {
            throw new UsageException("none of the PTX files given is under a folder named after one of --arch "
                    + archs.stream().collect(Collectors.joining(",")));
        }
        return result;
    }

    private static Optional<ArchProfile> archOfFolder(Path file) {
        Path parent = file.toAbsolutePath().normalize().getParent();
        if (parent == null || parent.getFileName() == null) {
            return Optional.empty();
        }
        String name = parent.getFileName().toString();
        if (!ArchProfiles.names().contains(name)) {
            return Optional.empty();
        }
        return Optional.of(ArchProfiles.of(name));
    }

    private GroundTruth groundTruth() throws IOException {
        if (reference != null) {
            Arguments.readableFile(reference, "reference CSV");
            try {
                return ReferenceCsv.load(reference);
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        Path exe = ptxas;
        if (exe != null) {
            if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
                throw new UsageException("--ptxas '" + exe + "' is not an executable file");
            }
        } else {
            exe = ptxasOnPath.get().orElseThrow(() -> new UsageException(
                    "there is no ground truth: ptxas is not on the PATH and neither --ptxas nor --reference was "
                            + "given (try --reference datasets/corpus/ptxas-reference.csv)"));
        }
        return PtxasRunner.of(exe);
    }

    void printReport(FidelityHarness.Result result, GroundTruth truth, Knobs knobs,
            List<ArchProfile> archProfiles, List<Integer> budgetList) {
        List<String> families = result.allocators();
        List<FidelityCase> cases = result.cases();
        // The allocator knob differs between the families; the header names the other knobs set.
        Knobs others = knobs.with(KnobCatalogue.ALLOCATOR, KnobCatalogue.ALLOCATOR.defaultValue());
        out().printf("fidelity: model%s %s %s%s vs %s%n", families.size() > 1 ? "s" : "", String.join(", ", families),
                VersionProvider.modelVersion(), others.equals(Knobs.defaults()) ? "" : " with " + others,
                truth.description());
        String failed;
        if (families.size() == 1) {
            failed = cases.size() + " pairs compared, " + failures(result, families.get(0)) + " of them model "
                    + "ALLOC_FAILED";
        } else {
            failed = cases.size() + " pairs compared for each model; model ALLOC_FAILED: " + families.stream()
                    .map(f -> f + " " + failures(result, f)).collect(Collectors.joining(", "));
        }
        out().printf("          %d entries in %d files, %s, budgets %s: %s%n", result.entries(), result.files(),
                archProfiles.stream().map(ArchProfile::name).collect(Collectors.joining(", ")),
                budgetList.stream().map(String::valueOf).collect(Collectors.joining(", ")), failed);
        out().println();

        TextTable table = new TextTable("budget", "predictor", "pairs", "spearman", "MAPE", "within 10%",
                "spill runs", "spill prec", "spill recall", "ratio n", "ratio median", "ratio p10", "ratio p90")
                .rightAligned(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        addRows(table, "all", result, cases);
        for (int budget : budgetList) {
            List<FidelityCase> group = cases.stream().filter(c -> c.first().budget() == budget).toList();
            if (!group.isEmpty()) {
                addRows(table, budget == 0 ? "none" : Integer.toString(budget), result, group);
            }
        }
        table.print(out());
        out().println();
        out().println("pairs: register comparisons (model allocated); MAPE and within 10%: register counts; "
                + "spill runs: budgeted pairs scored for 'it spills'; ratio: predicted/real spill bytes where both "
                + "spill.");
        if (families.size() > 1) {
            out().println("baseline: scored on the pairs every model allocated.");
        }
        out().flush();
    }

    private static long failures(FidelityHarness.Result result, String family) {
        return result.pairs(family).stream().filter(p -> !p.modelOk()).count();
    }

    /** One row per family, then the baseline's. */
    private static void addRows(TextTable table, String budget, FidelityHarness.Result result,
            List<FidelityCase> group) {
        for (int k = 0; k < result.allocators().size(); k++) {
            int family = k;
            List<FidelityPair> pairs = group.stream().map(c -> c.pairs().get(family)).toList();
            addRow(table, budget, "model " + result.allocators().get(k), FidelityScorer.score(pairs, Predictor.MODEL));
        }
        addRow(table, budget, Predictor.BASELINE.label(), FidelityScorer.baseline(group));
    }

    private static void addRow(TextTable table, String budget, String predictor, PredictorScore s) {
        table.add(budget, predictor, s.registerPairs(), Numbers.fixed(s.spearman(), 3),
                Numbers.fixed(s.mapePercent(), 1) + (Double.isNaN(s.mapePercent()) ? "" : "%"),
                Numbers.percent(s.shareWithin10()), s.spills().total(), Numbers.fixed(s.spills().precision(), 3),
                Numbers.fixed(s.spills().recall(), 3), s.ratioPairs(), Numbers.fixed(s.ratioMedian(), 2),
                Numbers.fixed(s.ratioP10(), 2), Numbers.fixed(s.ratioP90(), 2));
    }

    /** "Where the families differ most": by budget and architecture in full, then the top kernel families and entries. */
    void printDifferences(FidelityHarness.Result result, List<Integer> budgetList) {
        List<String> families = result.allocators();
        List<FidelityCase> cases = result.cases();
        out().println();
        out().println("where the models differ most (" + String.join(", ", families) + "): register spread = "
                + "largest minus smallest model's count and MAPE per model, on the pairs every model allocated; "
                + "spill disagree = budgeted pairs on which the models disagree about spilling.");
        out().println();
        List<FamilyDifferences.Group> byBudget = new ArrayList<>();
        byBudget.add(FamilyDifferences.of("all", cases));
        byBudget.addAll(FamilyDifferences.byBudget(cases, budgetList));
        printGroups("budget", families, byBudget);
        out().println();
        printGroups("arch", families, FamilyDifferences.byArch(cases));
        List<FamilyDifferences.Group> kernels = FamilyDifferences.byKernelFamily(cases);
        out().println();
        out().printf("kernel families with the largest register spread (%d of %d):%n",
                Math.min(MOST_DIFFERENT, kernels.size()), kernels.size());
        printGroups("kernel family", families, FamilyDifferences.mostDifferent(kernels, MOST_DIFFERENT));
        List<FamilyDifferences.Group> entries = FamilyDifferences.byEntry(cases);
        out().println();
        out().printf("entries with the largest register spread (%d of %d; over every arch and budget):%n",
                Math.min(MOST_DIFFERENT, entries.size()), entries.size());
        printGroups("entry", families, FamilyDifferences.mostDifferent(entries, MOST_DIFFERENT));
        out().flush();
    }

    private void printGroups(String what, List<String> families, List<FamilyDifferences.Group> groups) {
        List<String> header = new ArrayList<>(List.of(what, "pairs"));
        families.forEach(f -> header.add("MAPE " + f));
        header.addAll(List.of("register spread", "spill disagree"));
        int[] right = new int[header.size() - 1];
        for (int c = 1; c < header.size(); c++) {
            right[c - 1] = c;
        }
        TextTable table = new TextTable(header.toArray(String[]::new)).rightAligned(right);
        for (FamilyDifferences.Group g : groups) {
            List<Object> row = new ArrayList<>(List.of(g.label(), g.allocatedCases()));
            g.mapePercent().forEach(m -> row.add(Numbers.fixed(m, 1) + (Double.isNaN(m) ? "" : "%")));
            row.add(Numbers.fixed(g.meanRegisterSpread(), 2));
            row.add(g.spillDisagreements() + "/" + g.budgetedCases());
            table.add(row.toArray());
        }
        table.print(out());
    }
}
