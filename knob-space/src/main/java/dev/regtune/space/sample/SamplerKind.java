package dev.regtune.space.sample;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The kinds of sampler: the one place that knows their names, as the command line and run records
 * spell them, and how to build each. A kind builds its {@link Sampler}; nothing else switches on a
 * sampler's name.
 */
public enum SamplerKind {
    /** Every grid point in counter order; ignores the seed and needs no count. */
    GRID("grid") {
        @Override
        public Sampler create(long seed) {
            return new GridSampler();
        }
    },
    /** Independent uniform coordinates. */
    RANDOM("random") {
        @Override
        public Sampler create(long seed) {
            return new RandomSampler(seed);
        }
    },
    /** A Latin hypercube design of the requested count. */
    LHS("lhs") {
        @Override
        public Sampler create(long seed) {
            return new LatinHypercubeSampler(seed);
        }
    },
    /** The scrambled Sobol sequence. */
    SOBOL("sobol") {
        @Override
        public Sampler create(long seed) {
            return new SobolSampler(seed);
        }
    };

    private final String cliName;

    SamplerKind(String cliName) {
        this.cliName = cliName;
    }

    /** The sampler of this kind with {@code seed}. */
    public abstract Sampler create(long seed);

    /** Its name as the command line, the run record and {@code --help} spell it: grid, random, lhs, sobol. */
    public String cliName() {
        return cliName;
    }

    /**
     * True when the sampler needs to be told how many configurations to draw: every kind but grid,
     * which walks its finite grid.
     */
    public boolean needsCount() {
        return this != GRID;
    }

    /** The kind named {@code name}: its {@link #cliName()}, case and surrounding blanks ignored. */
    public static SamplerKind named(String name) {
        String key = name.strip().toLowerCase(Locale.ROOT);
        for (SamplerKind k : values()) {
            if (k.cliName.equals(key)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown sampler '" + name + "'; expected one of " + names());
    }

    /** The names {@link #named} accepts, comma-separated: "grid, random, lhs, sobol". */
    public static String names() {
        return Arrays.stream(values()).map(SamplerKind::cliName).collect(Collectors.joining(", "));
    }

    /** The {@link #cliName()}, so that help texts and messages show the name users type. */
    @Override
    public String toString() {
        return cliName;
    }
}
