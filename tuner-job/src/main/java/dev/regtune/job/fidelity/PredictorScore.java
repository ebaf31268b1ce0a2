package dev.regtune.job.fidelity;

/**
 * How well one predictor matched ptxas over a group of pairs. Undefined figures are NaN.
 *
 * @param registerPairs pairs the register metrics cover (those where the model allocated)
 * @param spearman Spearman rank correlation of predicted against real register counts
 * @param mapePercent mean absolute percentage error of register counts
 * @param shareWithin10 share of register counts within 10% of the real one
 * @param spills "it spills" against the truth, over budgeted pairs
 * @param ratioPairs pairs where both this predictor and ptxas spill, with a byte figure
 * @param ratioMedian median of predicted over real spill bytes (stores plus loads) on those pairs
 * @param ratioP10 10th percentile of that ratio
 * @param ratioP90 90th percentile of that ratio
 */
public record PredictorScore(Predictor predictor, int registerPairs, double spearman, double mapePercent,
        double shareWithin10, BinaryClassification spills, int ratioPairs, double ratioMedian, double ratioP10,
        double ratioP90) {
}
