package dev.regtune.job.fidelity;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Scores a predictor over a group of pairs.
 *
 * <p>Register metrics (Spearman, MAPE, share within 10%) cover the pairs where the model produced
 * an allocation, for the baseline too, so both are measured on the same pairs; a model failure
 * shows in the spill classification instead. Spill classification covers the budgeted pairs;
 * spill-byte ratios the pairs where both the predictor and ptxas spill.
 */
public final class FidelityScorer {
    /** Tolerance of the "within" share: 10%. */
    public static final double TOLERANCE = 0.10;

    private FidelityScorer() {
    }

    public static PredictorScore score(List<FidelityPair> pairs, Predictor predictor) {
        return score(pairs, predictor, FidelityPair::modelOk);
    }

    /**
     * The baseline over cases compared for several allocator families: its register metrics cover
     * the cases every family allocated, so that it is measured on pairs each family's figures cover
     * too. With one family this is {@code score(pairs, Predictor.BASELINE)}.
     */
    public static PredictorScore baseline(List<FidelityCase> cases) {
        List<FidelityPair> pairs = cases.stream().map(FidelityCase::first).toList();
        Set<FidelityPair> everyOk = cases.stream().filter(FidelityCase::everyModelOk).map(FidelityCase::first)
                .collect(Collectors.toSet());
        return score(pairs, Predictor.BASELINE, everyOk::contains);
    }

    private static PredictorScore score(List<FidelityPair> pairs, Predictor predictor,
            Predicate<FidelityPair> registerPair) {
        List<FidelityPair> allocated = pairs.stream().filter(registerPair).toList();
        double[] predicted = new double[allocated.size()];
        double[] real = new double[allocated.size()];
        for (int i = 0; i < allocated.size(); i++) {
            predicted[i] = predictor.registers(allocated.get(i));
            real[i] = allocated.get(i).real().registers();
        }

        List<FidelityPair> budgeted = pairs.stream().filter(FidelityPair::budgeted).toList();
        boolean[] predictedSpill = new boolean[budgeted.size()];
        boolean[] realSpill = new boolean[budgeted.size()];
        for (int i = 0; i < budgeted.size(); i++) {
            predictedSpill[i] = predictor.spills(budgeted.get(i));
            realSpill[i] = budgeted.get(i).real().spills();
        }

        double[] ratios = pairs.stream()
                .filter(p -> p.real().spills() && predictor.spillBytes(p) > 0)
                .mapToDouble(p -> (double) predictor.spillBytes(p) / p.realSpillBytes())
                .toArray();

        return new PredictorScore(predictor, allocated.size(), SpearmanCorrelation.of(predicted, real),
                PercentageError.meanAbsolute(predicted, real), PercentageError.shareWithin(predicted, real, TOLERANCE),
                BinaryClassification.of(predictedSpill, realSpill), ratios.length, Quantiles.median(ratios),
                Quantiles.of(ratios, 0.10), Quantiles.of(ratios, 0.90));
    }
}
