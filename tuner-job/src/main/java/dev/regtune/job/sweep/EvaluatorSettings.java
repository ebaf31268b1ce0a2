package dev.regtune.job.sweep;

import dev.regtune.job.ptxas.PtxasEvaluator;
import dev.regtune.space.Configuration;
import java.io.Serializable;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Which evaluators a sweep runs and, when one is the real ptxas, how to run it.
 *
 * @param evaluator model, ptxas or both
 * @param ptxas the ptxas evaluator; present exactly when {@code evaluator} runs ptxas
 */
public record EvaluatorSettings(Evaluator evaluator, @Nullable PtxasEvaluator ptxas) implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The model alone, the default. */
    public static final EvaluatorSettings MODEL = new EvaluatorSettings(Evaluator.MODEL, null);

    public EvaluatorSettings {
        if (evaluator.runsPtxas() != (ptxas != null)) {
            throw new IllegalArgumentException("a ptxas evaluator is needed exactly when the evaluator runs ptxas");
        }
    }

    /** The sweep configurations of {@code c}: one per row evaluator. */
    public List<SweepConfiguration> configurations(Configuration c) {
        return SweepConfiguration.of(c, evaluator, ptxas == null ? "" : ptxas.modelVersion());
    }

    /** {@code modelVersions}, the model's, with the ptxas version added or alone as the evaluator asks. */
    public List<String> modelVersions(List<String> modelVersions) {
        List<String> out = new java.util.ArrayList<>();
        if (evaluator.runsModel()) {
            out.addAll(modelVersions);
        }
        if (ptxas != null) {
            out.add(ptxas.modelVersion());
        }
        out.sort(null);
        return out;
    }
}
