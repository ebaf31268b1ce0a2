package dev.regtune.job.fidelity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The headline figures of one predictor over a group of kernel outcomes, the figures issue 13
 * states its targets in:
 *
 * <ul>
 *   <li>entries, and how many were processed (a {@code PARSE_ERROR} counts as not processed);</li>
 *   <li>register Spearman, MAPE and share within ±10%, without a budget, over the entries the model
 *       allocated there (for the baseline: that every compared family allocated);</li>
 *   <li>"it spills" precision, recall and F1 over every budgeted case (a model
 *       {@code ALLOC_FAILED} predicts a spill);</li>
 *   <li>the share of cases where both the predictor and ptxas spill whose spill bytes (stores
 *       plus loads) are within a factor of 2 of ptxas's; NaN for a predictor without byte figures.</li>
 * </ul>
 *
 * @param predictor the predictor's label ("model fatpoint", "baseline")
 * @param entries the kernel outcomes in the group
 * @param processed those the model allocated
 * @param registerPairs no-limit cases scored for registers
 * @param spearman rank correlation of register counts without a budget
 * @param mapePercent mean absolute percentage error of register counts without a budget
 * @param shareWithin10 share of those within 10%
 * @param spills "it spills" over budgeted cases
 * @param bothSpill budgeted cases where both spill (with a byte figure)
 * @param shareSpillWithin2x share of those within a factor of 2
 */
public record GroupFigures(String predictor, int entries, int processed, int registerPairs, double spearman,
        double mapePercent, double shareWithin10, BinaryClassification spills, int bothSpill,
        double shareSpillWithin2x) {

    /** Share of entries processed, NaN for an empty group. */
    public double shareProcessed() {
        return entries == 0 ? Double.NaN : (double) processed / entries;
    }

    /**
     * Figures of the model family at index {@code family} of the outcomes' cases.
     *
     * @param label how the predictor is named in reports
     */
    public static GroupFigures model(List<KernelOutcome> outcomes, int family, String label) {
        return of(outcomes, label, c -> c.pairs().get(family), Predictor.MODEL,
                c -> c.pairs().get(family).modelOk());
    }

    /** Figures of the naive baseline, its register figures over the cases every family allocated. */
    public static GroupFigures baseline(List<KernelOutcome> outcomes) {
        return of(outcomes, Predictor.BASELINE.label(), FidelityCase::first, Predictor.BASELINE,
                FidelityCase::everyModelOk);
    }

    private static GroupFigures of(List<KernelOutcome> outcomes, String label, Function<FidelityCase, FidelityPair> pairOf, Predictor predictor,
            Predicate<FidelityCase> registerCase) {
        int processed = 0;
        List<double[]> registers = new ArrayList<>();
        List<Boolean> predicted = new ArrayList<>();
        List<Boolean> actual = new ArrayList<>();
        int both = 0;
        int within2x = 0;
        for (KernelOutcome o : outcomes) {
            if (!o.processed()) {
                continue;
            }
            processed++;
            for (FidelityCase c : o.cases()) {
                FidelityPair p = pairOf.apply(c);
                if (p.budget() == 0) {
                    if (registerCase.test(c)) {
                        registers.add(new double[] {predictor.registers(p), p.real().registers()});
                    }
                    continue;
                }
                predicted.add(predictor.spills(p));
                actual.add(p.real().spills());
                int bytes = predictor.spillBytes(p);
                if (bytes > 0 && p.real().spills()) {
                    both++;
                    double ratio = (double) bytes / p.realSpillBytes();
                    if (ratio >= 0.5 && ratio <= 2.0) {
                        within2x++;
                    }
                }
            }
        }
        double[] pred = registers.stream().mapToDouble(r -> r[0]).toArray();
        double[] real = registers.stream().mapToDouble(r -> r[1]).toArray();
        boolean[] p = new boolean[predicted.size()];
        boolean[] a = new boolean[actual.size()];
        for (int i = 0; i < p.length; i++) {
            p[i] = predicted.get(i);
            a[i] = actual.get(i);
        }
        return new GroupFigures(label, outcomes.size(), processed, pred.length, SpearmanCorrelation.of(pred, real),
                PercentageError.meanAbsolute(pred, real),
                PercentageError.shareWithin(pred, real, FidelityScorer.TOLERANCE), BinaryClassification.of(p, a),
                both, both == 0 ? Double.NaN : (double) within2x / both);
    }
}
