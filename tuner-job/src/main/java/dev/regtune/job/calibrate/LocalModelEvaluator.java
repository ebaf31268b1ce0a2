package dev.regtune.job.calibrate;

import java.util.List;

/** Evaluates in this thread, one pair after another: tests and tiny runs. */
public final class LocalModelEvaluator implements ModelEvaluator {
    @Override
    public List<ModelRow> evaluate(EvaluationPlan plan, List<int[]> pairs) {
        return pairs.stream().flatMap(p -> plan.evaluate(p[0], p[1]).stream()).toList();
    }
}
