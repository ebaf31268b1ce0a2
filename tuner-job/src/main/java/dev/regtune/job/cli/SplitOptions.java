package dev.regtune.job.cli;

import picocli.CommandLine.Option;

/**
 * The training/test split of {@code select} and {@code report}, one declaration for both, so that
 * the report's "tuned" configuration is the one {@code select} chooses with the same options.
 */
public final class SplitOptions {
    @Option(names = "--train", paramLabel = "FRACTION", defaultValue = "0.7",
            description = "Share of the kernels to choose the global configuration on, above 0 and at most 1; "
                    + "the rest are held out to test it (default: ${DEFAULT-VALUE}).")
    double train;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the training/test split (default: ${DEFAULT-VALUE}).")
    long seed;

    /** The training share, checked. */
    double train() {
        if (!(train > 0.0 && train <= 1.0)) {
            throw new UsageException("--train must be a fraction above 0 and at most 1, not " + train);
        }
        return train;
    }

    long seed() {
        return seed;
    }
}
