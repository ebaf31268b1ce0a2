package dev.regtune.job.select;

/**
 * The default configuration (every knob at its default, no budget, no launch bounds) scored like
 * the global choice, on the same training and test kernels.
 *
 * @param config the default configuration as the table has it
 * @param train its score on the training kernels
 * @param test its score on the test kernels
 */
public record DefaultScores(ConfigInfo config, SetScore train, SetScore test) {
}
