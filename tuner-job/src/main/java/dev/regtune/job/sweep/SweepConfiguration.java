package dev.regtune.job.sweep;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.space.Configuration;
import java.io.Serializable;
import org.jspecify.annotations.Nullable;

/**
 * One configuration of a sweep as shipped to executors.
 *
 * @param configId its {@link ConfigId}
 * @param knobVector every knob's value in catalogue order ({@link Knobs#toArray()})
 * @param registerBudget {@code -maxrregcount}, 0 for no limit
 * @param launchBounds launch bounds to impose ("256" or "256x2"), or null to keep the kernel's own
 * @param arch the architecture the configuration is restricted to, or null for any
 * @param modelVersion the {@code model_version} of its rows: that of the allocator family its
 *     {@code allocator} knob names ({@link ModelVersion#of(Knobs)})
 */
public record SweepConfiguration(String configId, double[] knobVector, int registerBudget,
        @Nullable String launchBounds, @Nullable String arch, String modelVersion) implements Serializable {
    private static final long serialVersionUID = 2L;

    public SweepConfiguration {
        knobVector = knobVector.clone();
    }

    /**
     * The sweep form of a configuration of a knob space.
     *
     * @throws IllegalArgumentException when its {@code allocator} knob names a family this build lacks
     */
    public static SweepConfiguration of(Configuration c) {
        Knobs knobs = c.knobs();
        String lb = c.get(Configuration.LAUNCH_BOUNDS);
        return new SweepConfiguration(ConfigId.of(knobs, c.registerBudget(), lb), knobs.toArray(),
                c.registerBudget(), lb, c.get(Configuration.ARCH), ModelVersion.of(knobs));
    }

    /** The knobs as the allocator takes them. */
    public Knobs knobs() {
        return Knobs.ofArray(knobVector);
    }

    /** Whether a kernel of {@code kernelArch} is evaluated under this configuration. */
    public boolean appliesTo(String kernelArch) {
        return arch == null || arch.equals(kernelArch);
    }

    @Override
    public double[] knobVector() {
        return knobVector.clone();
    }

    /** Equal when config id and architecture are: the id fixes the knobs, so the family and its version too. */
    @Override
    public boolean equals(Object o) {
        return o instanceof SweepConfiguration s && configId.equals(s.configId) && java.util.Objects.equals(arch, s.arch);
    }

    @Override
    public int hashCode() {
        return configId.hashCode() * 31 + java.util.Objects.hashCode(arch);
    }
}
