package dev.regtune.job.select;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything selection found in a result table under one objective.
 *
 * @param objective what was minimised
 * @param table what the selection was made from
 * @param kernels the best configuration of every kernel with an OK evaluation, in {@code kernel_id} order
 * @param unsolved the kernels without any OK evaluation (left out of the split and the front), in
 *     {@code kernel_id} order
 * @param split the training and test kernels
 * @param global the robust global configuration; empty when no configuration was OK on any training kernel
 * @param defaults the default configuration's scores; empty when the table does not have it
 * @param pareto the Pareto front over the kernels with an OK evaluation
 * @param globalByArch when the table has kernels of several architectures, the robust global
 *     configuration of each, chosen on that architecture's training kernels only (a sweep that
 *     samples configurations per architecture has no configuration evaluated on all of them); by
 *     architecture name, sorted; empty for a table of one architecture
 */
public record Selection(Objective objective, TableSummary table, List<KernelBest> kernels, List<KernelInfo> unsolved,
        KernelSplit split, Optional<GlobalChoice> global, Optional<DefaultScores> defaults, ParetoFront pareto,
        Map<String, GlobalChoice> globalByArch) {
    public Selection {
        kernels = List.copyOf(kernels);
        unsolved = List.copyOf(unsolved);
        globalByArch = Collections.unmodifiableMap(new TreeMap<>(globalByArch));
    }

    /** The global configuration for kernels of {@code arch}: its own when chosen per architecture, else the global one. */
    public Optional<GlobalChoice> globalFor(String arch) {
        GlobalChoice own = globalByArch.get(arch);
        return own != null ? Optional.of(own) : global;
    }
}
