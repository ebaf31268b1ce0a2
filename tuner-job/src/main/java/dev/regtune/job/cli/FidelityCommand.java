package dev.regtune.job.cli;

import dev.regtune.core.Allocators;
import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.arch.ArchProfiles;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.fidelity.ComparisonCsv;
import dev.regtune.job.fidelity.FidelityHarness;
import dev.regtune.job.fidelity.FidelityPair;
import dev.regtune.job.fidelity.FidelityScorer;
import dev.regtune.job.fidelity.GroundTruth;
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
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code regtune fidelity}: compare the model (and a naive baseline) with the real ptxas. */
@Command(name = "fidelity",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Compare the model with the real ptxas on the same entries, architectures and register budgets. "
                    + "Ground truth is 'ptxas -v -arch=ARCH [-maxrregcount N] -o /dev/null FILE' (ptxas from "
                    + "--ptxas, else from the PATH) or, with --reference, a CSV measured earlier such as "
                    + "datasets/corpus/ptxas-reference.csv. Only kernel entries are compared.",
            "For the model and for a naive baseline (peak live pressure of the PTX virtual registers in "
                    + "32-bit slots, capped at the budget; it spills iff the pressure exceeds the budget) it "
                    + "prints, overall and per budget: Spearman rank correlation of register counts, mean "
                    + "absolute percentage error, share within 10%%, precision and recall of 'it spills' over "
                    + "budgeted runs (a model ALLOC_FAILED counts as predicting a spill), and median, p10 and p90 "
                    + "of model/real spill bytes (stores + loads) where both spill. Register metrics cover the "
                    + "pairs the model allocated.",
            "The architecture of a PTX file is the name of its folder (datasets/corpus/ptx/sm_90/x.ptx is "
                    + "sm_90); folders contribute only files under an --arch folder; a file in a folder not "
                    + "named after an architecture is compared on every --arch."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the comparison was made",
            "1:no (entry, budget) pair had both a model and a ptxas result, or ptxas could not be run",
            "2:usage error, including: neither ptxas nor --reference is available"
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

    @Option(names = "--reference", paramLabel = "CSV",
            description = "Take the ground truth from this CSV instead of running ptxas. Header: "
                    + "file,entry,kind,arch,max_regs,registers,spill_store_bytes,spill_load_bytes,"
                    + "stack_frame_bytes,ptxas_version; a row's file is matched against the end of each PTX path.")
    Path reference;

    @Option(names = "--out", paramLabel = "FILE.csv",
            description = "Write the per-entry comparison here: file, entry, arch, budget, real/model/baseline "
                    + "registers, real and model spill store/load bytes, model status.")
    Path out;

    @Option(names = "--verify",
            description = "Run the independent allocation checker on every model result; a violation fails the "
                    + "command (exit 1).")
    boolean verify;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Parallel ptxas and model runs (default: the number of processors).")
    int jobs = Runtime.getRuntime().availableProcessors();

    /** Where ptxas is looked for without --ptxas; tests replace it to simulate a machine without CUDA. */
    Supplier<Optional<Path>> ptxasOnPath = PtxasRunner::onPath;

    @Override
    protected int run() throws IOException {
        List<ArchProfile> archProfiles = archProfiles();
        List<Integer> budgetList = budgets();
        Knobs knobs = knobOptions.knobs();
        if (jobs < 1) {
            throw new UsageException("--jobs must be at least 1, not " + jobs);
        }
        List<FidelityHarness.Input> ptx = inputs(archProfiles);
        GroundTruth truth = groundTruth();
        if (out != null && out.getParent() != null && !Files.isDirectory(out.getParent())) {
            throw new UsageException("the folder of --out '" + out + "' does not exist");
        }

        FidelityHarness harness = new FidelityHarness(Allocators.fatPoint(), knobs, truth, budgetList, jobs,
                this::note, verify);
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
        return 0;
    }

    private List<ArchProfile> archProfiles() {
        LinkedHashSet<ArchProfile> set = new LinkedHashSet<>();
        for (String a : archs) {
            set.add(Arguments.arch(a));
        }
        List<ArchProfile> sorted = new ArrayList<>(set);
        sorted.sort(Comparator.comparing(ArchProfile::smVersion));
        return sorted;
    }

    private List<Integer> budgets() {
        List<Integer> list = new ArrayList<>();
        for (int b : budgets) {
            Arguments.maxRegisters(b, "each of --budgets");
            if (!list.contains(b)) {
                list.add(b);
            }
        }
        if (list.isEmpty()) {
            throw new UsageException("--budgets needs at least one budget");
        }
        return list;
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
            for (Path file : Arguments.ptxFiles(List.of(arg))) {
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

    private void printReport(FidelityHarness.Result result, GroundTruth truth, Knobs knobs,
            List<ArchProfile> archProfiles, List<Integer> budgetList) {
        List<FidelityPair> pairs = result.pairs();
        long failed = pairs.stream().filter(p -> !p.modelOk()).count();
        out().printf("fidelity: model %s %s%s vs %s%n", Allocators.fatPoint().name(),
                VersionProvider.modelVersion(), knobs.equals(Knobs.defaults()) ? "" : " with " + knobs, truth.description());
        out().printf("          %d entries in %d files, %s, budgets %s: %d pairs compared, %d of them model "
                        + "ALLOC_FAILED%n", result.entries(), result.files(),
                archProfiles.stream().map(ArchProfile::name).collect(Collectors.joining(", ")),
                budgetList.stream().map(String::valueOf).collect(Collectors.joining(", ")), pairs.size(), failed);
        out().println();

        TextTable table = new TextTable("budget", "predictor", "pairs", "spearman", "MAPE", "within 10%",
                "spill runs", "spill prec", "spill recall", "ratio n", "ratio median", "ratio p10", "ratio p90")
                .rightAligned(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        addRows(table, "all", pairs);
        for (int budget : budgetList) {
            List<FidelityPair> group = pairs.stream().filter(p -> p.budget() == budget).toList();
            if (!group.isEmpty()) {
                addRows(table, budget == 0 ? "none" : Integer.toString(budget), group);
            }
        }
        table.print(out());
        out().println();
        out().println("pairs: register comparisons (model allocated); MAPE and within 10%: register counts; "
                + "spill runs: budgeted pairs scored for 'it spills'; ratio: predicted/real spill bytes where both "
                + "spill.");
        out().flush();
    }

    private static void addRows(TextTable table, String budget, List<FidelityPair> group) {
        for (Predictor predictor : Predictor.values()) {
            PredictorScore s = FidelityScorer.score(group, predictor);
            table.add(budget, predictor.label(), s.registerPairs(), Numbers.fixed(s.spearman(), 3),
                    Numbers.fixed(s.mapePercent(), 1) + (Double.isNaN(s.mapePercent()) ? "" : "%"),
                    Numbers.percent(s.shareWithin10()), s.spills().total(), Numbers.fixed(s.spills().precision(), 3),
                    Numbers.fixed(s.spills().recall(), 3), s.ratioPairs(), Numbers.fixed(s.ratioMedian(), 2),
                    Numbers.fixed(s.ratioP10(), 2), Numbers.fixed(s.ratioP90(), 2));
        }
    }
}
