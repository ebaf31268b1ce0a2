package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A way of choosing configurations of a {@link KnobSpace}; the contract (feasible, distinct,
 * deterministic, streaming) is in {@link dev.regtune.space.sample the package documentation}.
 */
public sealed interface Sampler permits GridSampler, RandomSampler, LatinHypercubeSampler, SobolSampler {

    /** Its kind. */
    SamplerKind kind();

    /** Its name as the command line spells it: grid, random, lhs or sobol. */
    default String name() {
        return kind().cliName();
    }

    /** Up to {@code n} distinct feasible configurations, computed as they are consumed. */
    Iterator<Configuration> iterator(KnobSpace space, long n);

    /** {@link #iterator} as a sequential, ordered stream. */
    default Stream<Configuration> stream(KnobSpace space, long n) {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(iterator(space, n),
                Spliterator.ORDERED | Spliterator.DISTINCT | Spliterator.NONNULL), false);
    }

    /**
     * The sampler named {@code name} (grid, random, lhs, sobol; case ignored) with {@code seed}:
     * {@link SamplerKind#named} then {@link SamplerKind#create}.
     *
     * @throws IllegalArgumentException for an unknown name, listing the known ones
     */
    static Sampler of(String name, long seed) {
        return SamplerKind.named(name).create(seed);
    }
}
