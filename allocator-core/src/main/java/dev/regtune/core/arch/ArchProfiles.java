package dev.regtune.core.arch;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The catalogue of supported architectures and the one place their names are parsed.
 *
 * <p>The catalogue is closed on purpose: an unknown architecture is an error, never a guess,
 * because a made-up register file or block limit would still produce a plausible-looking
 * occupancy number. Values that every supported architecture shares (warp size 32, a 64 Ki
 * register file, 64 Ki registers per block, 255 registers per thread, allocation in units of
 * 256 registers per warp over 4 sub-partitions, 1024 threads per block, 48 KiB shared memory
 * per block without opt-in, 7 predicates) are written once; the table below holds what differs.
 *
 * <p>Where the CUDA 13.0 {@code cuda_occupancy.h} and the programming guide could be read
 * differently, the header wins, because it is what the reference table and therefore the tests
 * are computed with (it gives sm_120 24 resident blocks per SM, for instance).
 */
public final class ArchProfiles {

    private static final int WARP_SIZE = 32;
    private static final int REGISTERS_PER_SM = 64 * 1024;
    private static final int REGISTERS_PER_BLOCK = 64 * 1024;
    private static final int MAX_REGISTERS_PER_THREAD = 255;
    private static final int REGISTER_ALLOCATION_UNIT = 256;
    private static final int SUB_PARTITIONS = 4;
    private static final int MAX_THREADS_PER_BLOCK = 1024;
    private static final int SHARED_PER_BLOCK_DEFAULT = 48 * 1024;
    private static final int PREDICATES = 7;
    private static final int UNIFORM_REGISTERS = 63;
    private static final int KIB = 1024;

    /** In ascending sm order, which is also the order of {@link #all()} and {@link #names()}. */
    private static final List<ArchProfile> ALL = List.of(
            //     sm   warps blocks smem/SM   opt-in/block smem unit reserved uniform
            arch(70,  64,   32,    96 * KIB,  96 * KIB,    256,      0,       0),                 // Volta
            arch(75,  32,   16,    64 * KIB,  64 * KIB,    256,      0,       UNIFORM_REGISTERS), // Turing
            arch(80,  64,   32,    164 * KIB, 163 * KIB,   128,      KIB,     UNIFORM_REGISTERS), // Ampere GA100
            arch(86,  48,   16,    100 * KIB, 99 * KIB,    128,      KIB,     UNIFORM_REGISTERS), // Ampere GA10x
            arch(89,  48,   24,    100 * KIB, 99 * KIB,    128,      KIB,     UNIFORM_REGISTERS), // Ada
            arch(90,  64,   32,    228 * KIB, 227 * KIB,   128,      KIB,     UNIFORM_REGISTERS), // Hopper
            arch(100, 64,   32,    228 * KIB, 227 * KIB,   128,      KIB,     UNIFORM_REGISTERS), // Blackwell DC
            arch(120, 48,   24,    100 * KIB, 99 * KIB,    128,      KIB,     UNIFORM_REGISTERS)  // Blackwell GeForce
    );

    private static final List<String> NAMES = ALL.stream().map(ArchProfile::name).toList();

    private ArchProfiles() {
    }

    /**
     * The profile named {@code name}, spelled {@code "sm_90"} or {@code "sm90"}, or an
     * architecture-specific or family target as ptxas 13.0 spells them ({@code sm_90a},
     * {@code sm_100a}, {@code sm_100f}, {@code sm_120a}, {@code sm_120f}): those add instructions
     * ({@code wgmma}, {@code setmaxnreg}, {@code tcgen05}), not registers, warps or shared memory, so
     * they get their base architecture's profile, named as the base. ptxas 13.0.88 reports the same
     * registers and spills for the same PTX under {@code -arch=sm_90} and {@code sm_90a}, and under
     * {@code sm_100}, {@code sm_100a} and {@code sm_100f}.
     *
     * <p>Virtual architectures ({@code compute_90}), bare numbers and suffixes ptxas rejects
     * ({@code sm_80a}, {@code sm_90f}) are rejected: the register allocator targets a real SM, and
     * accepting near-misses would hide typos in sweep specs.
     *
     * @throws IllegalArgumentException if the name is null or not a supported architecture
     */
    public static ArchProfile of(String name) {
        if (name != null) {
            String canonical = name.startsWith("sm_") ? name : name.startsWith("sm") ? "sm_" + name.substring(2) : null;
            if (canonical != null) {
                ArchProfile exact = named(canonical);
                if (exact != null) {
                    return exact;
                }
                char suffix = canonical.isEmpty() ? 0 : canonical.charAt(canonical.length() - 1);
                ArchProfile base = suffix == 'a' || suffix == 'f'
                        ? named(canonical.substring(0, canonical.length() - 1)) : null;
                if (base != null && base.smVersion() >= (suffix == 'a' ? FIRST_SPECIFIC : FIRST_FAMILY)) {
                    return base;
                }
            }
        }
        String shown = name == null ? "null" : "'" + name + "'";
        throw new IllegalArgumentException("Unknown GPU architecture " + shown + ": supported are "
                + String.join(", ", NAMES) + " (and " + String.join(", ", suffixedNames())
                + ", which have their base architecture's profile).");
    }

    /** The first architecture with an architecture-specific ({@code a}) target in ptxas 13.0. */
    private static final int FIRST_SPECIFIC = 90;
    /** The first architecture with a family ({@code f}) target in ptxas 13.0. */
    private static final int FIRST_FAMILY = 100;

    /**
     * The architecture-specific and family targets {@link #of} accepts, in ascending sm order:
     * {@code sm_90a}, {@code sm_100a}, {@code sm_100f}, ...
     */
    public static List<String> suffixedNames() {
        List<String> out = new ArrayList<>();
        for (ArchProfile p : ALL) {
            if (p.smVersion() >= FIRST_SPECIFIC) {
                out.add(p.name() + "a");
            }
            if (p.smVersion() >= FIRST_FAMILY) {
                out.add(p.name() + "f");
            }
        }
        return List.copyOf(out);
    }

    private static @Nullable ArchProfile named(String canonical) {
        for (ArchProfile profile : ALL) {
            if (profile.name().equals(canonical)) {
                return profile;
            }
        }
        return null;
    }

    /** Every supported profile, in ascending sm order; the list is unmodifiable. */
    public static List<ArchProfile> all() {
        return ALL;
    }

    /** The names of every supported profile ({@code "sm_70"}, ...), in ascending sm order. */
    public static List<String> names() {
        return NAMES;
    }

    private static ArchProfile arch(int sm, int maxWarps, int maxBlocks, int sharedPerSm, int sharedOptIn,
                                    int sharedUnit, int reservedShared, int uniformRegisters) {
        return new ArchProfile("sm_" + sm, sm, WARP_SIZE, REGISTERS_PER_SM, REGISTERS_PER_BLOCK,
                MAX_REGISTERS_PER_THREAD, REGISTER_ALLOCATION_UNIT, SUB_PARTITIONS, maxWarps, maxBlocks,
                MAX_THREADS_PER_BLOCK, sharedPerSm, SHARED_PER_BLOCK_DEFAULT, sharedOptIn, sharedUnit,
                reservedShared, uniformRegisters, PREDICATES);
    }
}
