package dev.regtune.job.fidelity;

import dev.regtune.core.arch.ArchProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Joins a comparison with the kernels of its corpus and breaks the figures down: per architecture,
 * overall, by {@link KernelKind} and by {@link SizeBucket}, and the kernels the model is furthest
 * off on, each with a reason.
 */
public final class FidelityBreakdown {
    private FidelityBreakdown() {
    }

    /**
     * One outcome per kernel, in the kernels' order: its cases from the comparison, or a failure
     * when its file did not parse or the parsed module lacks the entry.
     */
    public static List<KernelOutcome> outcomes(FidelityHarness.Result result, List<CorpusKernel> kernels) {
        Map<String, List<FidelityCase>> byKey = new HashMap<>();
        for (FidelityCase c : result.cases()) {
            FidelityPair p = c.first();
            byKey.computeIfAbsent(ReferenceCorpus.key(p.file(), p.entry(), p.arch()), k -> new ArrayList<>()).add(c);
        }
        Map<String, String> unparsed = new HashMap<>();
        for (FidelityHarness.Unparsed u : result.unparsed()) {
            unparsed.put(u.file(), u.message());
        }
        List<KernelOutcome> outcomes = new ArrayList<>();
        for (CorpusKernel k : kernels) {
            List<FidelityCase> cases = byKey.getOrDefault(ReferenceCorpus.key(k.file(), k.entry(), k.arch()), List.of());
            String failure = null;
            if (cases.isEmpty()) {
                String message = unparsed.get(k.file());
                failure = message == null ? "the parsed module has no such entry"
                        : message.startsWith("cannot read '") ? message : "parse error: " + message;
            }
            outcomes.add(new KernelOutcome(k, cases, failure));
        }
        return outcomes;
    }

    /**
     * The kernels of PTX files given without a corpus, found by scanning their text: every entry of
     * a file that did not parse (it counts as not processed), and every entry compared of a file
     * that did. Their repository is unknown ("").
     */
    public static List<CorpusKernel> scannedKernels(List<FidelityHarness.Input> inputs,
            FidelityHarness.Result result) throws IOException {
        Set<String> compared = new HashSet<>();
        for (FidelityCase c : result.cases()) {
            compared.add(ReferenceCorpus.key(c.first().file(), c.first().entry(), c.first().arch()));
        }
        Set<String> unparsed = new HashSet<>();
        result.unparsed().forEach(u -> unparsed.add(u.file()));
        List<CorpusKernel> kernels = new ArrayList<>();
        for (FidelityHarness.Input in : inputs) {
            Map<String, EntryTraits> scanned;
            try {
                scanned = PtxEntryScanner.scan(in.path());
            } catch (IOException e) {
                continue; // unreadable: the harness left it out with a note, and its entries are unknown
            }
            for (ArchProfile arch : in.archs()) {
                for (Map.Entry<String, EntryTraits> e : scanned.entrySet()) {
                    if (unparsed.contains(in.displayName())
                            || compared.contains(ReferenceCorpus.key(in.displayName(), e.getKey(), arch.name()))) {
                        kernels.add(new CorpusKernel(in.displayName(), e.getKey(), arch.name(), "", e.getValue()));
                    }
                }
            }
        }
        return kernels;
    }

    /**
     * A group of outcomes to report figures for.
     *
     * @param arch the architecture ("sm_90")
     * @param dimension what groups it: "all", "kind" or "size"
     * @param label the group ("all", "calls", "32-127")
     * @param outcomes its outcomes
     */
    public record Group(String arch, String dimension, String label, List<KernelOutcome> outcomes) {
    }

    /**
     * Per architecture (in first-appearance order): all outcomes, each kind, each size bucket.
     * Empty groups are left out.
     */
    public static List<Group> groups(List<KernelOutcome> outcomes) {
        Set<String> archs = new LinkedHashSet<>();
        outcomes.forEach(o -> archs.add(o.kernel().arch()));
        List<Group> groups = new ArrayList<>();
        for (String arch : archs) {
            List<KernelOutcome> ofArch = outcomes.stream().filter(o -> o.kernel().arch().equals(arch)).toList();
            groups.add(new Group(arch, "all", "all", ofArch));
            for (KernelKind kind : KernelKind.values()) {
                add(groups, arch, "kind", kind.label(), ofArch, o -> o.kernel().traits().kind() == kind);
            }
            for (SizeBucket b : SizeBucket.ALL) {
                add(groups, arch, "size", b.label(), ofArch, o -> b.contains(o.kernel().traits().ptxInstructions()));
            }
        }
        return groups;
    }

    private static void add(List<Group> groups, String arch, String dimension, String label, List<KernelOutcome> all,
            Predicate<KernelOutcome> in) {
        List<KernelOutcome> members = all.stream().filter(in).toList();
        if (!members.isEmpty()) {
            groups.add(new Group(arch, dimension, label, members));
        }
    }

    /**
     * A kernel the model is far off on, on the architecture where it is furthest off.
     *
     * @param outcome the kernel on that architecture
     * @param errorPercent absolute register error without a budget in percent of ptxas's count;
     *     infinite when the model did not allocate it there
     * @param real ptxas's registers without a budget, or -1
     * @param model the model's, or -1
     * @param baseline the baseline's, or -1
     * @param reason why, in a few words: the failure, or the kind's feature, the size and the direction
     */
    public record Worst(KernelOutcome outcome, double errorPercent, int real, int model, int baseline,
            String reason) {
    }

    /**
     * Every outcome, worst first: ranked by the register error without a budget of the model
     * family at index {@code family}; outcomes not processed or not allocated come first. Ties go
     * by file, entry and architecture, so the order is fixed.
     */
    public static List<Worst> ranked(List<KernelOutcome> outcomes, int family) {
        List<Worst> all = new ArrayList<>();
        for (KernelOutcome o : outcomes) {
            all.add(worstOf(o, family));
        }
        all.sort(Comparator.comparingDouble((Worst w) -> -w.errorPercent())
                .thenComparing(w -> w.outcome().kernel().file())
                .thenComparing(w -> w.outcome().kernel().entry())
                .thenComparing(w -> w.outcome().kernel().arch()));
        return all;
    }

    /** {@link #ranked}, each kernel once, on the architecture where it is furthest off. */
    public static List<Worst> worst(List<KernelOutcome> outcomes, int family) {
        Set<String> seen = new LinkedHashSet<>();
        List<Worst> once = new ArrayList<>();
        for (Worst w : ranked(outcomes, family)) {
            if (seen.add(w.outcome().kernel().file() + "\u0000" + w.outcome().kernel().entry())) {
                once.add(w);
            }
        }
        return once;
    }

    /** The register error and reason of one outcome for one family. */
    public static Worst worstOf(KernelOutcome o, int family) {
        EntryTraits t = o.kernel().traits();
        String size = t.ptxInstructions() + " instructions";
        if (!o.processed()) {
            return new Worst(o, Double.POSITIVE_INFINITY, -1, -1, -1, o.failure() + "; " + t.kind().label() + "; " + size);
        }
        FidelityCase c = o.noLimit().orElse(null);
        if (c == null) {
            return new Worst(o, Double.NEGATIVE_INFINITY, -1, -1, -1, t.feature() + "; " + size
                    + "; no measurement without a budget");
        }
        FidelityPair p = c.pairs().get(family);
        int real = p.real().registers();
        if (!p.modelOk()) {
            return new Worst(o, Double.POSITIVE_INFINITY, real, -1, p.baselineRegisters(),
                    "model " + p.modelStatus() + " without a budget; " + t.feature() + "; " + size);
        }
        int model = p.modelRegisters();
        double error = real == 0 ? (model == 0 ? 0 : Double.POSITIVE_INFINITY) : 100.0 * Math.abs(model - real) / real;
        String direction = model == real ? "exact" : (model < real ? "under by " : "over by ") + Math.abs(model - real);
        return new Worst(o, error, real, model, p.baselineRegisters(), t.feature() + "; " + size + "; " + direction);
    }
}
