package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;

/** Scrambled Sobol points ({@link Sobol#scrambled}), decoded by the space. */
public record SobolSampler(long seed) implements Sampler {
    @Override
    public SamplerKind kind() {
        return SamplerKind.SOBOL;
    }

    @Override
    public Iterator<Configuration> iterator(KnobSpace space, long n) {
        Sobol sobol = Sobol.scrambled(space.dimensions(), seed);
        return new DistinctFeasibleIterator(space, n, sobol::next);
    }
}
