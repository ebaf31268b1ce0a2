package dev.regtune.job.select;

import java.util.List;
import java.util.Optional;

/**
 * Everything selection found in a result table under one objective.
 *
 * @param objective what was minimised
 * @param table what the selection was made from
 * @param kernels the best configuration of every kernel with an OK evaluation, in {@code kernel_id} order
 * @param unsolved the kernels without any OK evaluation (left out of the split and the front), in
 *     {@code kernel_id} order
 * @param split the training and test kernels
 * @param global the robust global configuration; empty when no configuration was OK on every training kernel
 * @param defaults the default configuration's scores; empty when the table does not have it
 * @param pareto the Pareto front over the kernels with an OK evaluation
 */
public record Selection(Objective objective, TableSummary table, List<KernelBest> kernels, List<KernelInfo> unsolved,
        KernelSplit split, Optional<GlobalChoice> global, Optional<DefaultScores> defaults, ParetoFront pareto) {
    public Selection {
        kernels = List.copyOf(kernels);
        unsolved = List.copyOf(unsolved);
    }
}
