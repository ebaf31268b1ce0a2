package dev.regtune.job.calibrate;

import java.util.List;

/** Runs a batch of (file, configuration) evaluations of an {@link EvaluationPlan}. */
public interface ModelEvaluator {
    /**
     * Evaluates every pair of the batch.
     *
     * @param plan the plan the indices refer to
     * @param pairs {@code {file, config}} pairs, distinct
     * @return every row of every pair, in any order
     */
    List<ModelRow> evaluate(EvaluationPlan plan, List<int[]> pairs);
}
