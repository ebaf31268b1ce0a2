package dev.regtune.job.select;

import java.util.List;
import java.util.Optional;

/**
 * The best configuration of one kernel: the OK evaluation with the lowest objective key, ties
 * going to the lowest {@code config_id}.
 *
 * @param kernel the kernel
 * @param config the best configuration
 * @param evaluation its evaluation on the kernel
 * @param objective its objective key, one value per component
 * @param evaluated how many configurations were evaluated on the kernel
 * @param feasible how many of them were OK
 * @param defaultEvaluation the default configuration's evaluation on the kernel, when the table has one
 */
public record KernelBest(KernelInfo kernel, ConfigInfo config, Evaluation evaluation, List<Double> objective,
        int evaluated, int feasible, Optional<Evaluation> defaultEvaluation) {
    public KernelBest {
        objective = List.copyOf(objective);
    }
}
