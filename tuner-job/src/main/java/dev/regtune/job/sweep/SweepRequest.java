package dev.regtune.job.sweep;

import dev.regtune.datasets.load.KernelSource;
import dev.regtune.space.KnobSpace;
import java.util.Optional;

/**
 * Everything a sweep needs, as the command line gives it.
 *
 * @param kernels where the kernels come from
 * @param kernelsDescription the kernels' origin as the user named it (the path), for the run record
 * @param space the knob space
 * @param spaceText the space spec's text (part of the default run id)
 * @param plan sampler or adaptive strategy
 * @param arch only kernels of this architecture, or empty for every kernel
 * @param fallbackArch the architecture of kernels whose PTX names none
 * @param resume whether to complete an existing run
 * @param runId the run's id, or empty for the id derived from the inputs
 * @param seed seed of samplers and strategies
 * @param chunkSize evaluations per atomic write
 * @param partitions tasks per chunk (equal blocks), or 0 for blocks shrinking as the chunk goes on (model
 *     pairs, {@link SweepJob#guidedBlocks}) or 24 a core (pairs of the real ptxas)
 * @param verify whether every OK result goes through the independent allocation checker
 * @param limits what one evaluation may cost before it becomes an ERROR row
 * @param maxEvaluations the most evaluations (configurations x kernels) the sweep may plan; a larger
 *     sweep is refused before anything runs
 * @param evaluators the model, the real ptxas or both
 */
public record SweepRequest(KernelSource kernels, String kernelsDescription, KnobSpace space, String spaceText,
        SweepPlan plan, Optional<String> arch, String fallbackArch, boolean resume, Optional<String> runId, long seed,
        int chunkSize, int partitions, boolean verify, EvaluationLimits limits, long maxEvaluations,
        EvaluatorSettings evaluators) {

    /** A request of the model alone. */
    public SweepRequest(KernelSource kernels, String kernelsDescription, KnobSpace space, String spaceText,
            SweepPlan plan, Optional<String> arch, String fallbackArch, boolean resume, Optional<String> runId,
            long seed, int chunkSize, int partitions, boolean verify, EvaluationLimits limits, long maxEvaluations) {
        this(kernels, kernelsDescription, space, spaceText, plan, arch, fallbackArch, resume, runId, seed, chunkSize,
                partitions, verify, limits, maxEvaluations, EvaluatorSettings.MODEL);
    }

    /** This request with {@code evaluators}. */
    public SweepRequest withEvaluators(EvaluatorSettings evaluators) {
        return new SweepRequest(kernels, kernelsDescription, space, spaceText, plan, arch, fallbackArch, resume, runId,
                seed, chunkSize, partitions, verify, limits, maxEvaluations, evaluators);
    }
}
