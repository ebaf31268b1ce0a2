package dev.regtune.datasets.synthetic;

import java.util.List;

/**
 * A family of synthetic kernels: one code shape whose integer parameters move register pressure
 * up and down, scaled to a target instruction count. Implementations are stateless and
 * thread-safe; {@link SyntheticFamilies} lists them. The families are a closed set (a new one is
 * a new class here and a line in the catalogue), hence sealed.
 */
public sealed interface KernelFamily permits AbstractKernelFamily {
    /** The name specs and the command line use ({@code accumulators}, {@code loop-live-through}). */
    String name();

    /** One sentence on the code shape. */
    String description();

    /** The family's parameters, in the order listings show them. */
    List<FamilyParameter> parameters();

    /** The parameter that raises register pressure most directly. */
    String pressureParameter();

    /** The smallest SM version the family's instructions need (80 for {@code mma.sync}). */
    int minimumSm();

    /**
     * Generates the kernel {@code spec} asks for; the entry is named {@link #kernelName(long)}.
     *
     * @throws IllegalArgumentException if {@code spec} is for another family, or its target is
     *     below {@link #minimumInstructions(SyntheticSpec)}
     */
    default SyntheticKernel generate(SyntheticSpec spec, long seed) {
        return generate(spec, seed, kernelName(seed));
    }

    /**
     * Generates the kernel {@code spec} asks for, with an entry named {@code kernelName} (a PTX
     * identifier). The same arguments always give byte-identical PTX.
     */
    SyntheticKernel generate(SyntheticSpec spec, long seed, String kernelName);

    /**
     * The fewest instructions a kernel of this family can have with {@code spec}'s parameters
     * (its target is ignored): a smaller target cannot be met.
     */
    int minimumInstructions(SyntheticSpec spec);

    /** The default entry name: the family name with '-' as '_', then the unsigned seed. */
    default String kernelName(long seed) {
        return name().replace('-', '_') + "_" + Long.toUnsignedString(seed);
    }
}
