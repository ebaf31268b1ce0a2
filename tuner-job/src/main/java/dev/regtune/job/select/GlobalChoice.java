package dev.regtune.job.select;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The robust global configuration: of the configurations evaluated on the training kernels, the
 * one with the lowest penalised training score ({@link RobustGlobal}: a training kernel it failed
 * on, or was not evaluated on, counts as a ratio of {@link RobustGlobal#FAILURE_PENALTY} to that
 * kernel's best; compared component by component; ties go to the configuration changing fewest
 * values, then to the lowest {@code config_id}), and how it does on the held-out test kernels.
 *
 * @param config the configuration
 * @param candidates how many configurations were scored (evaluated on at least one training kernel)
 * @param complete how many of them were OK on every training kernel
 * @param train its score on the training kernels (over the kernels it was OK on; {@link SetScore#failed()}
 *     and {@link SetScore#missing()} say how many it was not)
 * @param test its score on the test kernels
 * @param improvementTrain how much better than the default configuration on the training kernels
 *     where both are OK (see {@link RatioScores#improvement}), empty when the default is absent
 * @param improvementTest the same on the test kernels
 * @param ranking the best candidates by penalised training score, the chosen one first (at most
 *     {@link RobustGlobal#RANKED})
 */
public record GlobalChoice(ConfigInfo config, int candidates, int complete, SetScore train, SetScore test,
        OptionalDouble improvementTrain, OptionalDouble improvementTest, List<Candidate> ranking) {
    public GlobalChoice {
        ranking = List.copyOf(ranking);
    }

    /**
     * One candidate of the global choice.
     *
     * @param config the configuration
     * @param failed training kernels it failed on or was not evaluated on
     * @param score its penalised training score: the geometric mean over every training kernel of the
     *     ratio to the kernel's best, {@link RobustGlobal#FAILURE_PENALTY} where it failed (first component)
     */
    public record Candidate(ConfigInfo config, int failed, double score) {
    }
}
