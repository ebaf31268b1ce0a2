package dev.regtune.job.cli;

import dev.regtune.space.sample.SamplerKind;
import dev.regtune.space.search.Strategy;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Picocli converters of the typed choices: they accept the names users type (case and blanks
 * ignored, as the string options did) and report an unknown one with knob-space's sentence that
 * lists the valid names. Picocli's own enum conversion would match the constants' Java names,
 * case-sensitively.
 */
final class ChoiceConverters {
    private ChoiceConverters() {
    }

    /** {@code --sampler}: grid, random, lhs or sobol. */
    static final class SamplerKindConverter implements ITypeConverter<SamplerKind> {
        @Override
        public SamplerKind convert(String value) {
            try {
                return SamplerKind.named(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** {@code --strategy}: halving, bayes or nsga2. */
    static final class StrategyConverter implements ITypeConverter<Strategy> {
        @Override
        public Strategy convert(String value) {
            try {
                return Strategy.named(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
