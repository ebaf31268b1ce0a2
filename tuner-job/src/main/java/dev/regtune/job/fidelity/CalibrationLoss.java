package dev.regtune.job.fidelity;

/**
 * The loss a calibration minimises, one number from the three figures issue 13 sets targets for:
 *
 * <pre>
 *   loss = MAPE / 100  +  (1 - Spearman)  +  (1 - spill F1)
 * </pre>
 *
 * <p>with register MAPE and Spearman without a budget and spill F1 over the budgeted runs, all
 * pooled over architectures and corpora. Each term is 0 for a perfect model and about 1 for a
 * useless one (MAPE 100%, no rank correlation, no spill found), so none dominates by its scale;
 * within ±10% is left out because MAPE already measures the same error. An undefined term (no
 * pair, no spill anywhere) counts as 1, its worst ordinary value, so a candidate cannot win by
 * leaving pairs unallocated.
 */
public final class CalibrationLoss {
    private CalibrationLoss() {
    }

    /** The loss of a predictor's figures. */
    public static double of(GroupFigures f) {
        double mape = Double.isNaN(f.mapePercent()) ? 1.0 : f.mapePercent() / 100.0;
        double rank = Double.isNaN(f.spearman()) ? 1.0 : 1.0 - f.spearman();
        double f1 = f.spills().f1();
        double spill = Double.isNaN(f1) ? 1.0 : 1.0 - f1;
        return mape + rank + spill;
    }
}
