package dev.regtune.job.cli;

import dev.regtune.job.fidelity.BreakdownFiles;
import dev.regtune.job.fidelity.Candidate;
import dev.regtune.job.fidelity.CorpusKernel;
import dev.regtune.job.fidelity.CrossValidation;
import dev.regtune.job.fidelity.FidelityBreakdown;
import dev.regtune.job.fidelity.GroupFigures;
import dev.regtune.job.fidelity.KernelKind;
import dev.regtune.job.fidelity.KernelOutcome;
import dev.regtune.job.report.Numbers;
import dev.regtune.job.report.TextTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The text of {@code regtune fidelity}'s breakdown by kind and size, worst kernels and cross-validation. */
final class FidelityBreakdownPrinter {
    private final PrintWriter out;

    FidelityBreakdownPrinter(PrintWriter out) {
        this.out = out;
    }

    /** Per architecture: all, by kind, by size; a row per family and the baseline. */
    void groups(String title, List<String> families, List<KernelOutcome> outcomes) {
        out.println(title);
        TextTable table = new TextTable("arch", "group", "predictor", "entries", "processed", "spearman", "MAPE",
                "within 10%", "spill F1", "spill prec", "spill recall", "both spill", "bytes within 2x")
                .rightAligned(3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        for (FidelityBreakdown.Group g : FidelityBreakdown.groups(outcomes)) {
            String label = g.dimension().equals("all") ? "all" : g.dimension() + " " + g.label();
            for (GroupFigures f : BreakdownFiles.figures(g, families)) {
                table.add(g.arch(), label, f.predictor(), f.entries(), Numbers.percent(f.shareProcessed()),
                        Numbers.fixed(f.spearman(), 3), Numbers.fixed(f.mapePercent(), 1)
                                + (Double.isNaN(f.mapePercent()) ? "" : "%"),
                        Numbers.percent(f.shareWithin10()), Numbers.fixed(f.spills().f1(), 3),
                        Numbers.fixed(f.spills().precision(), 3), Numbers.fixed(f.spills().recall(), 3),
                        f.bothSpill(), Numbers.percent(f.shareSpillWithin2x()));
            }
        }
        table.print(out);
        out.println();
        out.println("entries: kernel entries with a ptxas measurement (processed: the model parsed and found them; a "
                + "PARSE_ERROR is not processed); spearman, MAPE, within 10%: register counts without a budget; "
                + "spill F1, precision, recall: 'it spills' over the budgeted runs; bytes within 2x: share of the "
                + "runs where both spill whose spill bytes are within a factor of 2 of ptxas's.");
        out.flush();
    }

    /**
     * The {@code n} kernels the family at index {@code family} is furthest off on, with reasons, then
     * the worst three of each kind not listed yet (the overall list is mostly plain kernels).
     */
    void worst(String family, int familyIndex, List<KernelOutcome> outcomes, int n) {
        List<FidelityBreakdown.Worst> worst = FidelityBreakdown.worst(outcomes, familyIndex);
        if (n <= 0 || worst.isEmpty()) {
            return;
        }
        List<FidelityBreakdown.Worst> top = worst.subList(0, Math.min(n, worst.size()));
        out.printf("the %d kernels %s is furthest off on (register error without a budget, on the worse "
                + "architecture), of %d:%n", top.size(), family, worst.size());
        print(top);
        List<FidelityBreakdown.Worst> perKind = new ArrayList<>();
        for (KernelKind kind : KernelKind.values()) {
            worst.stream().filter(w -> !top.contains(w) && w.outcome().kernel().traits().kind() == kind).limit(3)
                    .forEach(perKind::add);
        }
        if (!perKind.isEmpty()) {
            out.println();
            out.println("and the worst of each kind not listed above (up to 3 each):");
            print(perKind);
        }
        out.flush();
    }

    private void print(List<FidelityBreakdown.Worst> list) {
        TextTable table = new TextTable("file", "entry", "arch", "kind", "ptxas", "model", "baseline", "error",
                "reason").rightAligned(4, 5, 6, 7);
        for (FidelityBreakdown.Worst w : list) {
            CorpusKernel k = w.outcome().kernel();
            table.add(shorten(k.file(), 64), shorten(k.entry(), 48), k.arch(), k.traits().kind().label(), count(w.real()),
                    count(w.model()), count(w.baseline()),
                    Double.isInfinite(w.errorPercent()) ? "-" : Numbers.fixed(w.errorPercent(), 0) + "%",
                    shorten(w.reason(), 160));
        }
        table.print(out);
    }

    /** Which candidate each fold chose, then the cross-validated figures per corpus. */
    void crossValidation(CrossValidation.Result cv, List<String> corpora, List<List<KernelOutcome>> predictions) {
        out.printf("cross-validation: %d folds by repository; %d candidates:%n", cv.folds().size(),
                cv.candidates().size());
        for (Candidate c : cv.candidates()) {
            out.printf("  %-10s %s%n", c.name(), c.changes());
        }
        out.println();
        TextTable folds = new TextTable("fold", "repos", "entries", "chosen", "training loss", "held-out loss",
                "held-out spearman", "held-out MAPE", "held-out spill F1").rightAligned(0, 1, 2, 4, 5, 6, 7, 8);
        for (CrossValidation.Fold f : cv.folds()) {
            folds.add(f.fold(), f.repos().size(), f.kernels(), cv.candidates().get(f.chosen()).name(),
                    Numbers.fixed(f.trainingLoss(), 4), Numbers.fixed(f.heldOutLoss(), 4),
                    Numbers.fixed(f.heldOut().spearman(), 3), Numbers.fixed(f.heldOut().mapePercent(), 1) + "%",
                    Numbers.fixed(f.heldOut().spills().f1(), 3));
        }
        folds.print(out);
        out.println();
        out.println("loss = register MAPE/100 + (1 - register Spearman) + (1 - within 10%) + (1 - spill F1) "
                + "+ (1 - bytes within 2x), registers without a budget, "
                + "spills over the budgeted runs; each fold chooses the candidate with the lowest loss on the other "
                + "folds' repositories (the training loss above) and is scored on its own (held-out); entries: kernel "
                + "entries x architectures.");
        for (int i = 0; i < corpora.size(); i++) {
            out.println();
            groups("cross-validated figures on " + corpora.get(i) + " (each kernel predicted by the candidate its "
                    + "fold chose without its repository), next to the default and the baseline:",
                    List.of(CrossValidation.CROSS_VALIDATED, cv.candidates().get(0).name()), predictions.get(i));
        }
        out.flush();
    }

    private static String count(int v) {
        return v < 0 ? "-" : Integer.toString(v);
    }

    private static String shorten(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 3) + "...";
    }
}
