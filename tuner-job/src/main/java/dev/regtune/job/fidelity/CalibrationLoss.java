package dev.regtune.job.fidelity;

/**
 * The loss a calibration minimises, one number from the five figures issue 13 sets targets for:
 *
 * <pre>
 *   loss = MAPE / 100  +  (1 - Spearman)  +  (1 - within ±10%)  +  (1 - spill F1)  +  (1 - bytes within 2x)
 * </pre>
 *
 * <p>with register MAPE, Spearman and the share within ±10% without a budget, spill F1 over the
 * budgeted runs and the share of spill bytes within a factor of 2 over the runs where both spill,
 * all pooled over architectures and corpora. Each term is 0 for a perfect model and about 1 for a
 * useless one (MAPE 100%, no rank correlation, no count close, no spill found, no byte estimate
 * close), so none dominates by its scale. Within ±10% is a term of its own because MAPE does not
 * measure the same thing: a change that trades many exact counts for a few large errors fixed
 * (folding kernel parameters, on corpus-real) leaves MAPE where it was and halves the counts that
 * are right. An undefined term (no pair, no spill anywhere) counts as 1, its worst ordinary value,
 * so a candidate cannot win by leaving pairs unallocated.
 */
public final class CalibrationLoss {
    private CalibrationLoss() {
    }

    /** The loss of a predictor's figures. */
    public static double of(GroupFigures f) {
        double[] t = terms(f);
        return t[0] + t[1] + t[2] + t[3] + t[4];
    }

    /** The loss with each term weighted ({@code regtune calibrate --objective}). */
    public static double of(GroupFigures f, LossWeights weights) {
        double[] t = terms(f);
        double sum = 0;
        for (int i = 0; i < t.length; i++) {
            sum += weights.weight(i) * t[i];
        }
        return sum;
    }

    /**
     * The five terms, in the order of {@link LossWeights#TERMS}: MAPE / 100, 1 - Spearman,
     * 1 - within ±10%, 1 - spill F1, 1 - bytes within 2x (each 1 where undefined).
     */
    public static double[] terms(GroupFigures f) {
        double mape = Double.isNaN(f.mapePercent()) ? 1.0 : f.mapePercent() / 100.0;
        double rank = Double.isNaN(f.spearman()) ? 1.0 : 1.0 - f.spearman();
        double close = Double.isNaN(f.shareWithin10()) ? 1.0 : 1.0 - f.shareWithin10();
        double f1 = f.spills().f1();
        double spill = Double.isNaN(f1) ? 1.0 : 1.0 - f1;
        double bytes = Double.isNaN(f.shareSpillWithin2x()) ? 1.0 : 1.0 - f.shareSpillWithin2x();
        return new double[] {mape, rank, close, spill, bytes};
    }
}
