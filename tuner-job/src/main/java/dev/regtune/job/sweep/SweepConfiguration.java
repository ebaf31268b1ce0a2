package dev.regtune.job.sweep;

import dev.regtune.core.knobs.Knobs;
import dev.regtune.job.results.ConfigId;
import dev.regtune.job.results.ModelVersion;
import dev.regtune.space.Configuration;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
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
 *     {@code allocator} knob names ({@link ModelVersion#of(Knobs)}), or "ptxas/VERSION" for the real ptxas
 * @param controls the ptxas controls it sets, by dimension name ({@code ptxas_fmad} to {@code false})
 * @param evaluator {@link Evaluator#MODEL} or {@link Evaluator#PTXAS}: what computes its rows
 */
public record SweepConfiguration(String configId, double[] knobVector, int registerBudget,
        @Nullable String launchBounds, @Nullable String arch, String modelVersion, TreeMap<String, String> controls,
        Evaluator evaluator) implements Serializable {
    private static final long serialVersionUID = 3L;

    public SweepConfiguration {
        knobVector = knobVector.clone();
        controls = new TreeMap<>(controls);
        if (evaluator == Evaluator.BOTH) {
            throw new IllegalArgumentException("a configuration's rows come from one evaluator, not both");
        }
    }

    /** A configuration the model evaluates, without ptxas controls. */
    public SweepConfiguration(String configId, double[] knobVector, int registerBudget, @Nullable String launchBounds,
            @Nullable String arch, String modelVersion) {
        this(configId, knobVector, registerBudget, launchBounds, arch, modelVersion, new TreeMap<>(), Evaluator.MODEL);
    }

    /**
     * The sweep form of a configuration of a knob space.
     *
     * @throws IllegalArgumentException when its {@code allocator} knob names a family this build lacks
     */
    public static SweepConfiguration of(Configuration c) {
        Knobs knobs = c.knobs();
        String lb = c.get(Configuration.LAUNCH_BOUNDS);
        return new SweepConfiguration(ConfigId.of(knobs, c.registerBudget(), lb, c.controls()), knobs.toArray(),
                c.registerBudget(), lb, c.get(Configuration.ARCH), ModelVersion.of(knobs), new TreeMap<>(c.controls()),
                Evaluator.MODEL);
    }

    /**
     * The configurations that evaluate {@code c} with each of {@code evaluator}'s row evaluators: the
     * model's under its allocator family's version, the real ptxas's under {@code ptxasModelVersion}.
     * Both have the same config id; the model version tells their rows apart.
     *
     * @param ptxasModelVersion "ptxas/13.0.88"; unused when {@code evaluator} is MODEL
     */
    public static List<SweepConfiguration> of(Configuration c, Evaluator evaluator, String ptxasModelVersion) {
        SweepConfiguration model = of(c);
        List<SweepConfiguration> out = new ArrayList<>(2);
        for (Evaluator e : evaluator.rowEvaluators()) {
            out.add(e == Evaluator.MODEL ? model : new SweepConfiguration(model.configId, model.knobVector,
                    model.registerBudget, model.launchBounds, model.arch, ptxasModelVersion, model.controls,
                    Evaluator.PTXAS));
        }
        return out;
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

    @Override
    public TreeMap<String, String> controls() {
        return new TreeMap<>(controls);
    }

    /** The value of control dimension {@code column}, or null where the configuration leaves ptxas's default. */
    public @Nullable String control(String column) {
        return controls.get(column);
    }

    /**
     * Equal when config id, architecture and model version are: the id fixes the knobs, so the
     * family too; the version tells the model's rows from the real ptxas's.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SweepConfiguration s && configId.equals(s.configId) && java.util.Objects.equals(arch, s.arch)
                && modelVersion.equals(s.modelVersion);
    }

    @Override
    public int hashCode() {
        return (configId.hashCode() * 31 + java.util.Objects.hashCode(arch)) * 31 + modelVersion.hashCode();
    }
}
