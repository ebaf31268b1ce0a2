package dev.regtune.datasets.synthetic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Many kernels of one family from one seed, generated one at a time (nothing is kept between
 * calls, so a corpus of any size streams): kernel {@code i} fixes what the spec fixes and draws
 * every other parameter from a stream derived from the seed and {@code i}, so the same spec, seed
 * and index always give the same kernel, whatever other indices are generated.
 *
 * <p>Drawing: a parameter whose range spans a factor of 8 or more (n = 1..256) is drawn
 * log-uniformly, so small and large pressures are equally common; a narrow one (dims = 1..2)
 * uniformly. If the drawn values make the smallest kernel too large for the target, the drawn
 * values are lowered (the pressure parameter first) to the largest that fit.
 */
public final class SyntheticSeries {
    private final SyntheticSpec spec;
    private final long seed;
    private final KernelFamily family;
    private final List<FamilyParameter> open = new ArrayList<>();

    /**
     * @param spec the family, fixed parameters, target size and architecture of every kernel
     * @param seed the series' seed
     * @throws IllegalArgumentException if the target is too small for the fixed parameters even
     *     with every open parameter at its minimum
     */
    public SyntheticSeries(SyntheticSpec spec, long seed) {
        this.spec = spec;
        this.seed = seed;
        this.family = spec.definition();
        for (FamilyParameter p : family.parameters()) {
            if (!spec.fixes(p.name())) {
                // The pressure parameter first: it is the one lowered first when a kernel does not fit.
                if (p.name().equals(family.pressureParameter())) {
                    open.add(0, p);
                } else {
                    open.add(p);
                }
            }
        }
        SyntheticSpec smallest = spec;
        for (FamilyParameter p : open) {
            smallest = smallest.withParameter(p.name(), p.min());
        }
        if (!fits(smallest)) {
            // Generating the smallest kernel raises the error that names the size it needs.
            family.generate(smallest, seed);
            throw new IllegalStateException("sizing accepted a kernel the series rejected: " + smallest);
        }
    }

    public SyntheticSpec spec() {
        return spec;
    }

    public long seed() {
        return seed;
    }

    /** {@code family-<seed>-<index>.ptx}. */
    public String fileName(int index) {
        return family.name() + "-" + Long.toUnsignedString(seed) + "-" + index + ".ptx";
    }

    /** {@code family_<seed>_<index>} (a PTX identifier). */
    public String kernelName(int index) {
        return family.name().replace('-', '_') + "_" + Long.toUnsignedString(seed) + "_" + index;
    }

    /** The spec of kernel {@code index}: every parameter fixed. */
    public SyntheticSpec spec(int index) {
        checkIndex(index);
        SeededRandom rng = new SeededRandom(SeededRandom.derive(seed, 2L * index));
        Map<String, Integer> values = new TreeMap<>(spec.parameters());
        for (FamilyParameter p : open) {
            values.put(p.name(), draw(p, rng));
        }
        SyntheticSpec drawn = new SyntheticSpec(spec.family(), values, spec.instructions(), spec.arch());
        for (FamilyParameter p : open) {
            if (fits(drawn)) {
                break;
            }
            int hi = drawn.parameter(p.name());
            int lo = p.min();
            drawn = drawn.withParameter(p.name(), lo);
            if (!fits(drawn)) {
                continue; // even its minimum is too large with the others as drawn: lower the next one too
            }
            while (lo < hi) {
                int mid = lo + (hi - lo + 1) / 2;
                if (fits(drawn.withParameter(p.name(), mid))) {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            drawn = drawn.withParameter(p.name(), lo);
        }
        return drawn;
    }

    /** Kernel {@code index}, named {@link #kernelName(int)}. */
    public SyntheticKernel kernel(int index) {
        return family.generate(spec(index), SeededRandom.derive(seed, 2L * index + 1), kernelName(index));
    }

    private boolean fits(SyntheticSpec s) {
        return (long) family.minimumInstructions(s) * 100
                <= (long) s.instructions() * (100 + AbstractKernelFamily.TOLERANCE_PERCENT);
    }

    private static int draw(FamilyParameter p, SeededRandom rng) {
        if (p.min() >= 1 && p.max() >= 8L * p.min()) {
            // StrictMath: Math.log and Math.exp may differ in the last bit between platforms.
            double lo = StrictMath.log(p.min());
            double hi = StrictMath.log(p.max() + 1.0);
            int v = (int) Math.floor(StrictMath.exp(lo + rng.nextDouble() * (hi - lo)));
            return Math.max(p.min(), Math.min(p.max(), v));
        }
        return rng.nextInt(p.min(), p.max());
    }

    private static void checkIndex(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("a kernel index must not be negative, not " + index);
        }
    }
}
