package dev.regtune.job.fidelity;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Chooses a knob configuration by k-fold cross-validation that holds out whole repositories, and
 * reports what the choice does on kernels it was not chosen on.
 *
 * <p>For each fold, every candidate is scored by {@link CalibrationLoss} on the kernels of the
 * other folds' repositories (the training set), and the candidate with the lowest loss is chosen
 * (on a tie, the earlier candidate, so the default wins ties). The held-out predictions are the
 * chosen candidate's pairs on the fold's own kernels; the cross-validated figures are computed over
 * the held-out predictions of all folds together, so every kernel is predicted exactly once by a
 * configuration chosen without it. The training fit (every fold's training loss) is reported too,
 * but it is not the figure to quote.
 */
public final class CrossValidation {
    /** The allocator name of the held-out predictions' pairs. */
    public static final String CROSS_VALIDATED = "cross-validated";

    private CrossValidation() {
    }

    /**
     * What one fold chose.
     *
     * @param fold 0 to k - 1
     * @param repos its repositories, sorted
     * @param kernels how many kernel outcomes (entry x arch) it holds
     * @param trainingLosses every candidate's loss on the other folds, in candidate order
     * @param chosen the index of the chosen candidate
     * @param heldOut the chosen candidate's figures on this fold's kernels
     */
    public record Fold(int fold, List<String> repos, int kernels, List<Double> trainingLosses, int chosen,
            GroupFigures heldOut) {
        public double trainingLoss() {
            return trainingLosses.get(chosen);
        }

        public double heldOutLoss() {
            return CalibrationLoss.of(heldOut);
        }
    }

    /**
     * The cross-validation.
     *
     * @param candidates the candidates, in order
     * @param folds one per fold, in order
     * @param predictions every outcome with cases of two pairs: the held-out prediction (allocator
     *     {@link #CROSS_VALIDATED}) and the first candidate's (the default), so reports can put the
     *     cross-validated figures next to the uncalibrated ones and the baseline
     */
    public record Result(List<Candidate> candidates, List<Fold> folds, List<KernelOutcome> predictions) {
        public Result {
            candidates = List.copyOf(candidates);
            folds = List.copyOf(folds);
            predictions = List.copyOf(predictions);
        }
    }

    /**
     * Runs the cross-validation.
     *
     * @param candidates the candidates; the cases of {@code outcomes} hold one pair per candidate,
     *     in this order
     * @param outcomes every kernel outcome of every corpus (each kernel's repository decides its fold)
     * @param k the number of folds
     */
    public static Result run(List<Candidate> candidates, List<KernelOutcome> outcomes, int k) {
        TreeMap<String, Integer> perRepo = new TreeMap<>();
        for (KernelOutcome o : outcomes) {
            perRepo.merge(o.kernel().repo(), 1, Integer::sum);
        }
        FoldAssignment assignment = FoldAssignment.of(perRepo, k);
        List<Fold> folds = new ArrayList<>();
        List<KernelOutcome> predictions = new ArrayList<>(outcomes);
        for (int f = 0; f < k; f++) {
            int fold = f;
            List<KernelOutcome> training = outcomes.stream()
                    .filter(o -> assignment.fold(o.kernel().repo()) != fold).toList();
            List<Double> losses = new ArrayList<>();
            int chosen = 0;
            for (int c = 0; c < candidates.size(); c++) {
                double loss = CalibrationLoss.of(GroupFigures.model(training, c, candidates.get(c).name()));
                losses.add(loss);
                if (loss < losses.get(chosen)) {
                    chosen = c;
                }
            }
            List<KernelOutcome> heldOut = new ArrayList<>();
            for (int i = 0; i < outcomes.size(); i++) {
                KernelOutcome o = outcomes.get(i);
                if (assignment.fold(o.kernel().repo()) == fold) {
                    KernelOutcome p = prediction(o, chosen);
                    predictions.set(i, p);
                    heldOut.add(p);
                }
            }
            folds.add(new Fold(fold, assignment.repos(fold), heldOut.size(), losses, chosen,
                    GroupFigures.model(heldOut, 0, CROSS_VALIDATED)));
        }
        return new Result(candidates, folds, predictions);
    }

    private static KernelOutcome prediction(KernelOutcome o, int chosen) {
        List<FidelityCase> cases = new ArrayList<>();
        for (FidelityCase c : o.cases()) {
            cases.add(new FidelityCase(List.of(c.pairs().get(chosen).withAllocator(CROSS_VALIDATED),
                    c.pairs().get(0))));
        }
        return o.withCases(cases);
    }
}
