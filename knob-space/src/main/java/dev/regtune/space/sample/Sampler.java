package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;
import java.util.Locale;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A way of choosing configurations of a {@link KnobSpace}; the contract (feasible, distinct,
 * deterministic, streaming) is in {@link dev.regtune.space.sample the package documentation}.
 */
public sealed interface Sampler permits GridSampler, RandomSampler, LatinHypercubeSampler, SobolSampler {

    /** The sampler names {@link #of} accepts, as the command line spells them. */
    String NAMES = "grid, random, lhs, sobol";

    /** Its name: grid, random, lhs or sobol. */
    String name();

    /** Up to {@code n} distinct feasible configurations, computed as they are consumed. */
    Iterator<Configuration> iterator(KnobSpace space, long n);

    /** {@link #iterator} as a sequential, ordered stream. */
    default Stream<Configuration> stream(KnobSpace space, long n) {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(space, n),
                Spliterator.ORDERED | Spliterator.DISTINCT | Spliterator.NONNULL), false);
    }

    /** The sampler named {@code name} (grid, random, lhs, sobol; case ignored) with {@code seed}. */
    static Sampler of(String name, long seed) {
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "grid" -> new GridSampler();
            case "random" -> new RandomSampler(seed);
            case "lhs" -> new LatinHypercubeSampler(seed);
            case "sobol" -> new SobolSampler(seed);
            default -> throw new IllegalArgumentException("unknown sampler '" + name + "'; expected one of " + NAMES);
        };
    }
}
