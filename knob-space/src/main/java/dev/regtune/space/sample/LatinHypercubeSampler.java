package dev.regtune.space.sample;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import java.util.Iterator;

/**
 * Latin hypercube designs of {@code n} points (details in {@link dev.regtune.space.sample the
 * package documentation}): point {@code k} of design {@code e} has coordinate
 * {@code (perm_{e,j}(k) + jitter_{e,j,k}) / n} in dimension {@code j}, everything derived from the
 * seed without state, so memory does not grow with {@code n}.
 */
public record LatinHypercubeSampler(long seed) implements Sampler {
    @Override
    public SamplerKind kind() {
        return SamplerKind.LHS;
    }

    @Override
    public Iterator<Configuration> iterator(KnobSpace space, long n) {
        return new DistinctFeasibleIterator(space, n, new Designs(space.dimensions(), Math.max(1, n), seed));
    }

    /** Consecutive designs of {@code n} points each. */
    private static final class Designs implements PointSource {
        private final int dims;
        private final long n;
        private final long seed;
        // Replaced by startDesign before the first point (k starts at n).
        private FeistelPermutation[] perms = new FeistelPermutation[0];
        private long[] jitterKeys = new long[0];
        private long design = -1;
        private long k;

        Designs(int dims, long n, long seed) {
            this.dims = dims;
            this.n = n;
            this.seed = seed;
            this.k = n;
        }

        @Override
        public boolean next(double[] u) {
            if (k == n) {
                startDesign(++design);
            }
            for (int j = 0; j < dims; j++) {
                long stratum = perms[j].apply(k);
                double jitter = SplitMix64.toUnit(KnobSpace.mix64(jitterKeys[j] ^ KnobSpace.mix64(k)));
                u[j] = Math.min(Math.nextDown(1.0), (stratum + jitter) / n);
            }
            k++;
            return true;
        }

        private void startDesign(long e) {
            SplitMix64 rng = new SplitMix64(KnobSpace.mix64(seed) ^ KnobSpace.mix64(e + 1));
            perms = new FeistelPermutation[dims];
            jitterKeys = new long[dims];
            for (int j = 0; j < dims; j++) {
                perms[j] = new FeistelPermutation(n, rng.nextLong());
                jitterKeys[j] = rng.nextLong();
            }
            k = 0;
        }
    }
}
