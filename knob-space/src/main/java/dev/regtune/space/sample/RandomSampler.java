package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;

/** Independent uniform points of the unit hypercube, decoded by the space. */
public record RandomSampler(long seed) implements Sampler {
    @Override
    public SamplerKind kind() {
        return SamplerKind.RANDOM;
    }

    @Override
    public Iterator<Configuration> iterator(KnobSpace space, long n) {
        SplitMix64 rng = new SplitMix64(seed);
        return new DistinctFeasibleIterator(space, n, u -> {
            for (int i = 0; i < u.length; i++) {
                u[i] = rng.nextDouble();
            }
            return true;
        });
    }
}
