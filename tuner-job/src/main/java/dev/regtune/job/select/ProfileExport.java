package dev.regtune.job.select;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.text.Suggestions;
import dev.regtune.space.Configuration;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.Provenance;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Turns a saved selection into a {@link KnobProfile}: the robust global configuration, or one
 * kernel's best, with the selection's objective, provenance (results folder as the corpus, runs,
 * the model version of the configuration's allocator family) and scores. A profile has no place
 * for launch bounds; when the configuration imposes them they are returned beside the profile for
 * the caller to mention.
 */
public final class ProfileExport {
    private ProfileExport() {
    }

    /**
     * A profile and what it could not hold.
     *
     * @param profile the profile
     * @param launchBounds the configuration's launch bounds, which the profile does not carry
     * @param what what was exported, in words ("the global configuration 1a2b...")
     */
    public record Exported(KnobProfile profile, Optional<String> launchBounds, String what) {
    }

    /**
     * The global configuration's profile.
     *
     * @param arch the architecture to label it with; needed when the selection covers several
     * @throws SelectionInputException when there is no global configuration or the architecture is ambiguous
     */
    public static Exported global(SavedSelection s, Optional<String> arch) {
        Chosen c = chosen(s, Optional.empty(), arch);
        return exported(s, c.choice(), c.arch(), c.what());
    }

    /**
     * A configuration of a selection, for the exports.
     *
     * @param choice the configuration and its scores
     * @param arch the architecture it is exported for
     * @param what what it is, in words ("the global configuration 1a2b...")
     * @param kernel the kernel whose best it is; empty for a global configuration
     */
    public record Chosen(SavedSelection.Choice choice, String arch, String what, Optional<SavedSelection.Kernel> kernel) {
    }

    /**
     * The global configuration, or {@code kernel}'s best when one is named.
     *
     * @throws SelectionInputException as {@link #global} and {@link #kernel} do
     */
    public static Chosen chosen(SavedSelection s, Optional<String> kernel, Optional<String> arch) {
        if (kernel.isPresent()) {
            SavedSelection.Kernel k = find(s, kernel.get().strip(), arch);
            if (arch.isPresent() && !arch.get().equals(k.arch())) {
                throw new SelectionInputException("kernel " + k.kernelId() + " (" + k.kernelName() + ") is an "
                        + k.arch() + " kernel, not " + arch.get());
            }
            SavedSelection.Choice best = k.best().orElseThrow(() -> new SelectionInputException("kernel "
                    + k.kernelName() + " (" + k.arch() + ", " + k.kernelId() + ") has no configuration evaluated "
                    + "OK, so no best configuration to export"));
            return new Chosen(best, k.arch(), "the best configuration " + best.configId() + " of kernel "
                    + k.kernelName() + " (" + k.arch() + ")", Optional.of(k));
        }
        String a = arch(s, arch);
        SavedSelection.Choice own = s.globalByArch().get(a);
        if (own != null) {
            return new Chosen(own, a, "the global configuration " + own.configId() + " of the " + a + " kernels",
                    Optional.empty());
        }
        SavedSelection.Choice g = s.global().orElseThrow(() -> new SelectionInputException("the selection has no "
                + "global configuration (no configuration was evaluated OK on any training kernel); export one "
                + "kernel's best with --kernel"));
        return new Chosen(g, a, "the global configuration " + g.configId(), Optional.empty());
    }

    /**
     * One kernel's best configuration's profile.
     *
     * @param kernel a {@code kernel_id}, or a kernel name that is unique (with {@code arch}, if given)
     * @throws SelectionInputException when no kernel, or several, match, or the kernel has no best
     */
    public static Exported kernel(SavedSelection s, String kernel, Optional<String> arch) {
        Chosen c = chosen(s, Optional.of(kernel), arch);
        return exported(s, c.choice(), c.arch(), c.what());
    }

    private static Exported exported(SavedSelection s, SavedSelection.Choice c, String arch, String what) {
        Provenance provenance = new Provenance(s.results().strip(), String.join(",", s.runIds()),
                modelVersion(s, c.configuration()).strip());
        KnobProfile profile = KnobProfile.of(c.configuration(), arch, s.objective())
                .withProvenance(provenance)
                .withScores(c.train(), c.test());
        return new Exported(profile, Optional.ofNullable(c.configuration().get(Configuration.LAUNCH_BOUNDS)), what);
    }

    /**
     * The model version of {@code configuration}'s rows: the version, among those the selection read,
     * of the allocator family the configuration's {@code allocator} knob names; the selection's
     * versions as one line when none matches (a selection file from before families, say).
     */
    static String modelVersion(SavedSelection s, Configuration configuration) {
        KnobDef allocator = KnobCatalogue.ALLOCATOR;
        String family = allocator.format(configuration.knobs().get(allocator));
        return s.modelVersions().stream().filter(v -> ModelVersions.family(v).equalsIgnoreCase(family)).findFirst()
                .orElse(s.modelVersion());
    }

    private static String arch(SavedSelection s, Optional<String> arch) {
        if (arch.isPresent()) {
            if (!s.archs().contains(arch.get())) {
                throw new SelectionInputException("the selection has no " + arch.get() + " kernels; its "
                        + "architectures are " + String.join(", ", s.archs()));
            }
            return arch.get();
        }
        if (s.archs().size() == 1) {
            return s.archs().get(0);
        }
        if (s.archs().isEmpty()) {
            throw new SelectionInputException("the selection names no architecture; give the profile's with --arch");
        }
        return fail("the selection covers " + String.join(", ", s.archs()) + "; name the profile's architecture "
                + "with --arch (each has its own global configuration)");
    }

    private static SavedSelection.Kernel find(SavedSelection s, String kernel, Optional<String> arch) {
        for (SavedSelection.Kernel k : s.kernels()) {
            if (k.kernelId().equals(kernel)) {
                return k;
            }
        }
        List<SavedSelection.Kernel> named = s.kernels().stream().filter(k -> k.kernelName().equals(kernel))
                .filter(k -> arch.isEmpty() || k.arch().equals(arch.get())).toList();
        if (named.size() == 1) {
            return named.get(0);
        }
        if (named.isEmpty()) {
            List<String> names = s.kernels().stream().map(SavedSelection.Kernel::kernelName).distinct().toList();
            return fail("the selection has no kernel '" + kernel + "'" + arch.map(a -> " for " + a).orElse("")
                    + Suggestions.closest(kernel, names, Math.max(2, kernel.length() / 3))
                            .map(n -> "; did you mean " + n + "?")
                            .orElse("; give a kernel_id or kernel name from the selection file"));
        }
        return fail("kernel name '" + kernel + "' matches " + named.size() + " kernels ("
                + named.stream().limit(4).map(k -> k.kernelId() + " " + k.arch()).collect(Collectors.joining(", "))
                + (named.size() > 4 ? ", ..." : "") + "); give its kernel_id" + (arch.isEmpty() ? " or --arch" : ""));
    }

    private static <T> T fail(String sentence) {
        throw new SelectionInputException(sentence);
    }
}
