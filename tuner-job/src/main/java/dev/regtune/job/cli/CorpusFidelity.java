package dev.regtune.job.cli;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.allocate.AllocatorFamily;
import dev.regtune.job.fidelity.BreakdownFiles;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.CandidateSet;
import dev.regtune.job.fidelity.ComparisonCsv;
import dev.regtune.job.fidelity.CrossValidation;
import dev.regtune.job.fidelity.FidelityBreakdown;
import dev.regtune.job.fidelity.FidelityHarness;
import dev.regtune.job.fidelity.FidelityPair;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.fidelity.ReferenceCorpus;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code regtune fidelity --corpus DIR ...} and its cross-validated calibration ({@code --folds K
 * --candidates FILE}): one comparison per reference corpus, each reported by kind and size, or,
 * with folds, every candidate on every corpus and the held-out figures of each fold's choice.
 */
final class CorpusFidelity {
    private final FidelityCommand cmd;
    private final List<ArchProfile> archs;
    private final List<Integer> budgets;
    private final Knobs knobs;
    private final List<AllocatorFamily> families;

    CorpusFidelity(FidelityCommand cmd, List<ArchProfile> archs, List<Integer> budgets, Knobs knobs,
            List<AllocatorFamily> families) {
        this.cmd = cmd;
        this.archs = archs;
        this.budgets = budgets;
        this.knobs = knobs;
        this.families = families;
    }

    int run() throws IOException {
        checkOptions();
        List<ReferenceCorpus> corpora = new ArrayList<>();
        for (Path dir : cmd.corpora) {
            if (!Files.isDirectory(dir)) {
                throw new UsageException("--corpus '" + dir + "' is not a folder");
            }
            try {
                corpora.add(ReferenceCorpus.load(dir));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        List<Candidate> candidates = cmd.folds == null ? List.of() : candidates();
        List<AllocatorFamily> compared = cmd.folds == null ? families : candidateFamilies(candidates);

        List<BreakdownFiles.Section> sections = new ArrayList<>();
        List<FidelityPair> allPairs = new ArrayList<>();
        List<KernelOutcome> allOutcomes = new ArrayList<>();
        List<List<KernelOutcome>> outcomesPerCorpus = new ArrayList<>();
        for (ReferenceCorpus corpus : corpora) {
            FidelityHarness harness = new FidelityHarness(compared, corpus.truth(), budgets, cmd.jobs, cmd::note,
                    cmd.verify);
            FidelityHarness.Result result = harness.run(corpus.inputs(archs));
            List<KernelOutcome> outcomes = FidelityBreakdown.outcomes(result, corpus.kernels(archs));
            allPairs.addAll(result.pairs());
            allOutcomes.addAll(outcomes);
            outcomesPerCorpus.add(outcomes);
            List<String> labels = cmd.folds == null ? result.allocators()
                    : candidates.stream().map(Candidate::name).toList();
            sections.add(new BreakdownFiles.Section(corpus.name(), labels, outcomes));
            if (cmd.folds == null) {
                if (result.cases().isEmpty()) {
                    cmd.error("corpus " + corpus.dir() + ": no (entry, arch, budget) had both a model and a ptxas "
                            + "result, so there is nothing to compare");
                    return RegtuneCommand.EXIT_FAILURE;
                }
                cmd.out().println("corpus " + corpus.name() + " (" + corpus.dir() + ")");
                cmd.printReport(result, corpus.truth(), knobs, archs, budgets);
                if (result.allocators().size() > 1) {
                    cmd.printDifferences(result, budgets);
                }
                cmd.printBreakdown(result.allocators(), outcomes);
                cmd.out().println();
            }
        }
        if (cmd.out != null) {
            try (Writer w = Files.newBufferedWriter(cmd.out, StandardCharsets.UTF_8)) {
                ComparisonCsv.write(allPairs, w);
            }
        }
        CrossValidation.Result cv = null;
        if (cmd.folds != null) {
            try {
                cv = CrossValidation.run(candidates, allOutcomes, cmd.folds);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--folds " + cmd.folds + ": " + e.getMessage());
            }
            List<List<KernelOutcome>> predictions = new ArrayList<>();
            int from = 0;
            for (List<KernelOutcome> part : outcomesPerCorpus) {
                predictions.add(cv.predictions().subList(from, from + part.size()));
                from += part.size();
            }
            new FidelityBreakdownPrinter(cmd.out()).crossValidation(cv,
                    corpora.stream().map(ReferenceCorpus::name).toList(), predictions);
            for (int i = 0; i < corpora.size(); i++) {
                sections.add(new BreakdownFiles.Section(corpora.get(i).name() + " cross-validated",
                        List.of(CrossValidation.CROSS_VALIDATED, candidates.get(0).name()), predictions.get(i)));
            }
        }
        if (cmd.reportDir != null) {
            new BreakdownFiles().write(cmd.reportDir, sections, cv);
        }
        cmd.out().flush();
        return 0;
    }

    private void checkOptions() {
        if (cmd.corpora.isEmpty()) {
            throw new UsageException("--folds and --candidates need --corpus DIR, the corpora whose repositories "
                    + "make the folds");
        }
        if (!cmd.inputs.isEmpty() || cmd.reference != null) {
            throw new UsageException("--corpus replaces PTX arguments and --reference; give one or the other");
        }
        if ((cmd.folds == null) != (cmd.candidates == null)) {
            throw new UsageException("--folds and --candidates go together: the folds choose among the candidates");
        }
        if (cmd.folds != null && !cmd.allocators.isEmpty()) {
            throw new UsageException("--allocator does not go with --candidates; set the allocator knob in the "
                    + "candidates instead");
        }
        if (cmd.candidateCount < 1) {
            throw new UsageException("--candidate-count must be at least 1, not " + cmd.candidateCount);
        }
    }

    private List<Candidate> candidates() throws IOException {
        Arguments.readableFile(cmd.candidates, "candidates file");
        try {
            return CandidateSet.load(cmd.candidates, knobs, cmd.candidateCount);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** One family per candidate, in order, each named by its allocator (the candidates' names label the report). */
    private List<AllocatorFamily> candidateFamilies(List<Candidate> candidates) {
        List<AllocatorFamily> list = new ArrayList<>();
        for (Candidate c : candidates) {
            String allocator = KnobCatalogue.ALLOCATOR.format(c.knobs().get(KnobCatalogue.ALLOCATOR));
            list.add(new AllocatorFamily(allocator, cmd.allocatorByName.apply(allocator), c.knobs()));
        }
        return list;
    }
}
