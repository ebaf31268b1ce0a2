package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.space.Configuration;
import dev.regtune.space.profile.KnobProfile;
import dev.regtune.space.profile.Scores;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProfileExportTest {
    private static final SavedSelection.Choice CHOICE = new SavedSelection.Choice("c1",
            Configuration.of(Map.of("RegAllocThresholdForDiscardConflicts", "70", Configuration.REGISTER_BUDGET, "96")),
            Scores.of(3, Map.of(Scores.OBJECTIVE, 1.25)), Scores.of(1, Map.of(Scores.OBJECTIVE, 1.5)));
    private static final SavedSelection TWO_ARCHS = new SavedSelection("latency", List.of("sm_80", "sm_90"), "out",
            List.of("r1", "r2"), "0.1.0", List.of("0.1.0"), Optional.of(CHOICE), List.of(
                    new SavedSelection.Kernel("id80", "saxpy", "sm_80", "a.ptx", Optional.of(CHOICE)),
                    new SavedSelection.Kernel("id90", "saxpy", "sm_90", "a.ptx", Optional.of(CHOICE))), Map.of());

    @Test
    void theGlobalConfigurationBecomesAProfileWithProvenanceAndScores() {
        ProfileExport.Exported e = ProfileExport.global(TWO_ARCHS, Optional.of("sm_90"));
        KnobProfile p = e.profile();
        assertEquals("sm_90", p.arch());
        assertEquals(96, p.maxrregcount());
        assertEquals(CHOICE.configuration().knobs(), p.knobs());
        assertEquals("out", p.provenance().corpus());
        assertEquals("r1,r2", p.provenance().runId());
        assertEquals(CHOICE.train(), p.train());
        assertEquals(CHOICE.test(), p.test());
        assertEquals(Optional.empty(), e.launchBounds());
        assertEquals("the selection covers sm_80, sm_90; name the profile's architecture with --arch (each has "
                + "its own global configuration)", assertThrows(SelectionInputException.class,
                        () -> ProfileExport.global(TWO_ARCHS, Optional.empty())).getMessage());
    }

    /** A selection chosen per architecture exports each architecture's own global configuration. */
    @Test
    void eachArchitectureExportsItsOwnGlobalConfiguration() {
        SavedSelection.Choice sm80 = new SavedSelection.Choice("c80", Configuration.of(Map.of(
                Configuration.REGISTER_BUDGET, "64")), Scores.NONE, Scores.NONE);
        SavedSelection perArch = new SavedSelection("time", List.of("sm_80", "sm_90"), "out", List.of("r1"), "0.1.0",
                List.of("0.1.0"), Optional.of(CHOICE), TWO_ARCHS.kernels(), Map.of("sm_80", sm80));
        assertEquals(64, ProfileExport.global(perArch, Optional.of("sm_80")).profile().maxrregcount());
        assertEquals(96, ProfileExport.global(perArch, Optional.of("sm_90")).profile().maxrregcount(),
                "an architecture without its own choice takes the global one");
    }

    /** Each profile carries the model version of its own configuration's allocator family. */
    @Test
    void theProvenanceNamesTheModelVersionOfTheConfigurationsFamily() {
        SavedSelection.Choice briggs = new SavedSelection.Choice("c2", Configuration.of(Map.of("allocator", "briggs")),
                Scores.NONE, Scores.NONE);
        SavedSelection.Choice fat = new SavedSelection.Choice("c0", Configuration.of(Map.of()), Scores.NONE,
                Scores.NONE);
        SavedSelection families = new SavedSelection("latency", List.of("sm_90"), "out", List.of("r1"),
                "briggs/0.2.0, fatpoint/0.2.0", List.of("briggs/0.2.0", "fatpoint/0.2.0"), Optional.of(briggs),
                List.of(new SavedSelection.Kernel("k1", "saxpy", "sm_90", "a.ptx", Optional.of(fat))), Map.of());
        KnobProfile global = ProfileExport.global(families, Optional.empty()).profile();
        assertEquals("briggs/0.2.0", global.provenance().modelVersion());
        assertEquals("briggs", global.toConfiguration().get("allocator"));
        assertEquals("fatpoint/0.2.0", ProfileExport.kernel(families, "saxpy", Optional.empty()).profile()
                .provenance().modelVersion());
        assertEquals("0.1.0", ProfileExport.global(TWO_ARCHS, Optional.of("sm_90")).profile().provenance()
                .modelVersion(), "a selection that names no family keeps its version");
    }

    @Test
    void aKernelNameMustBeUniqueOrNarrowedByArchitecture() {
        assertEquals("kernel name 'saxpy' matches 2 kernels (id80 sm_80, id90 sm_90); give its kernel_id or --arch",
                assertThrows(SelectionInputException.class,
                        () -> ProfileExport.kernel(TWO_ARCHS, "saxpy", Optional.empty())).getMessage());
        assertEquals("sm_80", ProfileExport.kernel(TWO_ARCHS, "saxpy", Optional.of("sm_80")).profile().arch());
        assertEquals("sm_90", ProfileExport.kernel(TWO_ARCHS, "id90", Optional.empty()).profile().arch());
        assertEquals("kernel id90 (saxpy) is an sm_90 kernel, not sm_80", assertThrows(SelectionInputException.class,
                () -> ProfileExport.kernel(TWO_ARCHS, "id90", Optional.of("sm_80"))).getMessage());
    }
}
