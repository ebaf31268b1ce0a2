package dev.regtune.job.fidelity;

/**
 * A confusion matrix of a yes/no prediction ("it spills") against the truth.
 *
 * @param truePositives predicted yes, actually yes
 * @param falsePositives predicted yes, actually no
 * @param falseNegatives predicted no, actually yes
 * @param trueNegatives predicted no, actually no
 */
public record BinaryClassification(int truePositives, int falsePositives, int falseNegatives, int trueNegatives) {

    public BinaryClassification {
        if (truePositives < 0 || falsePositives < 0 || falseNegatives < 0 || trueNegatives < 0) {
            throw new IllegalArgumentException("confusion counts cannot be negative");
        }
    }

    /** Counts paired predictions and truths. */
    public static BinaryClassification of(boolean[] predicted, boolean[] actual) {
        if (predicted.length != actual.length) {
            throw new IllegalArgumentException("samples differ in length: " + predicted.length + " and "
                    + actual.length);
        }
        int tp = 0;
        int fp = 0;
        int fn = 0;
        int tn = 0;
        for (int i = 0; i < actual.length; i++) {
            if (predicted[i]) {
                if (actual[i]) {
                    tp++;
                } else {
                    fp++;
                }
            } else if (actual[i]) {
                fn++;
            } else {
                tn++;
            }
        }
        return new BinaryClassification(tp, fp, fn, tn);
    }

    public int total() {
        return truePositives + falsePositives + falseNegatives + trueNegatives;
    }

    /** TP / (TP + FP): of the predicted yeses, the share that were right; NaN when nothing was predicted yes. */
    public double precision() {
        int predictedYes = truePositives + falsePositives;
        return predictedYes == 0 ? Double.NaN : (double) truePositives / predictedYes;
    }

    /** TP / (TP + FN): of the actual yeses, the share that were found; NaN when there was no actual yes. */
    public double recall() {
        int actualYes = truePositives + falseNegatives;
        return actualYes == 0 ? Double.NaN : (double) truePositives / actualYes;
    }

    /**
     * F1, the harmonic mean of precision and recall, as 2TP / (2TP + FP + FN): 0 when something was
     * missed or wrongly predicted and nothing found; NaN only when there was no yes, predicted or actual.
     */
    public double f1() {
        int d = 2 * truePositives + falsePositives + falseNegatives;
        return d == 0 ? Double.NaN : 2.0 * truePositives / d;
    }
}
