package dev.regtune.job.calibrate;

import dev.regtune.core.arch.ArchProfile;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.ir.PtxModule;
import dev.regtune.core.ptx.PtxParseException;
import dev.regtune.core.ptx.PtxParser;
import dev.regtune.job.fidelity.CorpusKernel;
import dev.regtune.job.fidelity.FidelityBreakdown;
import dev.regtune.job.fidelity.FidelityCase;
import dev.regtune.job.fidelity.FidelityHarness;
import dev.regtune.job.fidelity.FidelityPair;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.fidelity.NaiveBaseline;
import dev.regtune.job.fidelity.PtxasMeasurement;
import dev.regtune.job.fidelity.ReferenceCorpus;
import dev.regtune.job.io.IoFailures;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.BiPredicate;

/**
 * Everything of a calibration's comparison but the model: every PTX file of every corpus (a global
 * index the evaluations refer to), and per corpus the (entry, arch, budget) slots that have ptxas
 * ground truth, with the baseline's pressure, in exactly the order {@link FidelityHarness} makes its
 * cases (files as the corpus lists them, then architecture, entries in file order, budgets as given).
 * A configuration's model results fill the slots in; {@link FidelityBreakdown#outcomes} then joins
 * them with the corpus's kernels as {@code regtune fidelity --corpus} does, so both commands compute
 * their figures over the same outcomes in the same order.
 */
public final class CaseSlots {
    /**
     * One PTX file to allocate.
     *
     * @param corpus the index of its corpus
     * @param path its path, as the executors read it
     * @param displayName how the comparison names it
     * @param archs the architectures it is compared on
     */
    public record File(int corpus, String path, String displayName, List<String> archs) implements Serializable {
        private static final long serialVersionUID = 1L;

        public File {
            archs = List.copyOf(archs);
        }
    }

    /** One (entry, arch, budget) with ground truth. */
    record Slot(int file, String arch, String entry, int budget, PtxasMeasurement real, int pressure) {
    }

    /** One corpus's slots, files that did not parse, counts and kernels. */
    record Corpus(String name, List<Slot> slots, List<FidelityHarness.Unparsed> unparsed, int parsedFiles, int entries,
            int withoutTruth, List<CorpusKernel> kernels) {
    }

    private final List<File> files;
    private final List<Corpus> corpora;
    private final List<Integer> budgets;

    private final Map<String, Integer> fileIndex = new HashMap<>();

    private CaseSlots(List<File> files, List<Corpus> corpora, List<Integer> budgets) {
        this.files = List.copyOf(files);
        this.corpora = List.copyOf(corpora);
        this.budgets = List.copyOf(budgets);
        for (int i = 0; i < files.size(); i++) {
            fileIndex.put(files.get(i).corpus() + "\u0000" + files.get(i).displayName(), i);
        }
    }

    /**
     * Reads every file once on the driver: the entries, the baseline's pressure and the ground truth.
     *
     * @param notes receives a sentence per file left out (it does not parse, it cannot be read) and
     *     per note of the ground truth
     */
    public static CaseSlots of(List<ReferenceCorpus> references, List<ArchProfile> archs, List<Integer> budgets,
            Consumer<String> notes) throws IOException {
        List<File> files = new ArrayList<>();
        List<Corpus> corpora = new ArrayList<>();
        for (int c = 0; c < references.size(); c++) {
            ReferenceCorpus ref = references.get(c);
            List<Slot> slots = new ArrayList<>();
            List<FidelityHarness.Unparsed> unparsed = new ArrayList<>();
            int parsed = 0;
            int entries = 0;
            int withoutTruth = 0;
            for (FidelityHarness.Input in : ref.inputs(archs)) {
                PtxModule module;
                try {
                    module = PtxParser.parse(in.path());
                } catch (PtxParseException e) {
                    notes.accept("left out a file that does not parse: " + e.getMessage());
                    unparsed.add(new FidelityHarness.Unparsed(in.displayName(), String.valueOf(e.getMessage())));
                    continue;
                } catch (IOException e) {
                    String sentence = IoFailures.sentence("read", in.displayName(), e);
                    notes.accept("left out a file that cannot be read: " + sentence);
                    unparsed.add(new FidelityHarness.Unparsed(in.displayName(), sentence));
                    continue;
                }
                parsed++;
                int index = files.size();
                files.add(new File(c, in.path().toString(), in.displayName(),
                        in.archs().stream().map(ArchProfile::name).toList()));
                List<KernelFunction> fns = module.entries();
                entries += fns.size();
                List<String> names = fns.stream().map(KernelFunction::name).toList();
                int[] pressure = fns.stream().mapToInt(NaiveBaseline::pressure).toArray();
                for (ArchProfile arch : in.archs()) {
                    List<Map<String, PtxasMeasurement>> real = new ArrayList<>();
                    for (int budget : budgets) {
                        real.add(ref.truth().measure(in.path(), arch.name(), budget, names, notes));
                    }
                    for (int e = 0; e < fns.size(); e++) {
                        for (int b = 0; b < budgets.size(); b++) {
                            PtxasMeasurement m = real.get(b).get(names.get(e));
                            if (m == null || m.registers() < 0) {
                                withoutTruth++;
                                continue;
                            }
                            slots.add(new Slot(index, arch.name(), names.get(e), budgets.get(b), m, pressure[e]));
                        }
                    }
                }
            }
            corpora.add(new Corpus(ref.name(), slots, unparsed, parsed, entries, withoutTruth, ref.kernels(archs)));
        }
        return new CaseSlots(files, corpora, budgets);
    }

    /** Every file that parsed, over every corpus; evaluations name files by their index here. */
    public List<File> files() {
        return files;
    }

    /** The budgets, in order. */
    public List<Integer> budgets() {
        return budgets;
    }

    /** The corpora's names, in order. */
    public List<String> corpusNames() {
        return corpora.stream().map(Corpus::name).toList();
    }

    /** Every kernel of one corpus, in the corpus's order. */
    public List<CorpusKernel> kernels(int corpus) {
        return corpora.get(corpus).kernels();
    }

    /** The file index of a kernel of a corpus, or -1 when its file did not parse. */
    public int fileOf(int corpus, CorpusKernel k) {
        return fileIndex.getOrDefault(corpus + "\u0000" + k.file(), -1);
    }

    /**
     * The outcomes of one configuration on the kernels {@code include} accepts, per corpus, each in
     * the corpus's kernel order, as {@code regtune fidelity --corpus} builds them.
     *
     * @param allocator the allocator name of the pairs (the configuration's allocator knob)
     * @param rows the configuration's model results by {@link ModelRow#key()}; every slot of a
     *     file of an included kernel must have one
     */
    public List<List<KernelOutcome>> outcomes(String allocator, Map<String, ModelRow> rows,
            BiPredicate<Integer, CorpusKernel> include, Set<Integer> evaluatedFiles) {
        List<List<KernelOutcome>> result = new ArrayList<>();
        for (int ci = 0; ci < corpora.size(); ci++) {
            Corpus c = corpora.get(ci);
            int corpus = ci;
            List<FidelityCase> cases = new ArrayList<>();
            for (Slot s : c.slots()) {
                if (!evaluatedFiles.contains(s.file())) {
                    continue;
                }
                ModelRow r = rows.get(ModelRow.key(s.file(), s.arch(), s.entry(), s.budget()));
                if (r == null) {
                    throw new IllegalStateException("no model result for " + s.entry() + " of "
                            + files.get(s.file()).displayName() + " on " + s.arch() + " at budget " + s.budget());
                }
                cases.add(new FidelityCase(List.of(new FidelityPair(files.get(s.file()).displayName(),
                        s.real().function(), s.arch(), s.budget(), allocator, s.real(), r.status(), r.registers(),
                        r.spillStoreBytes(), r.spillLoadBytes(), r.smemSpillBytes(), s.pressure()))));
            }
            FidelityHarness.Result harness = new FidelityHarness.Result(List.of(allocator), cases, c.parsedFiles(),
                    c.unparsed(), c.entries(), c.withoutTruth());
            result.add(FidelityBreakdown.outcomes(harness,
                    c.kernels().stream().filter(k -> include.test(corpus, k)).toList()));
        }
        return result;
    }

}
