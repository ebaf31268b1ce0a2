package dev.regtune.job.select;

import java.util.OptionalDouble;

/**
 * The robust global configuration: of the configurations evaluated OK on every training kernel,
 * the one with the lowest training score (compared component by component; ties go to the lowest
 * {@code config_id}), and how it does on the held-out test kernels.
 *
 * @param config the configuration
 * @param candidates how many configurations qualified (OK on every training kernel)
 * @param train its score on the training kernels
 * @param test its score on the test kernels
 * @param improvementTrain how much better than the default configuration on the training kernels
 *     where both are OK (see {@link RatioScores#improvement}), empty when the default is absent
 * @param improvementTest the same on the test kernels
 */
public record GlobalChoice(ConfigInfo config, int candidates, SetScore train, SetScore test,
        OptionalDouble improvementTrain, OptionalDouble improvementTest) {
}
