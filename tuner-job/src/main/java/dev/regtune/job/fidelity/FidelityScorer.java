package dev.regtune.job.fidelity;

import java.util.List;

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
        List<FidelityPair> allocated = pairs.stream().filter(FidelityPair::modelOk).toList();
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
