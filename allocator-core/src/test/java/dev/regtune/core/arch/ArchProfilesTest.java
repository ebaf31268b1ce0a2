package dev.regtune.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The catalogue's names, lookup, error message and the values it must agree on with NVIDIA. */
class ArchProfilesTest {

    private static final List<String> SUPPORTED =
            List.of("sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120");

    @Test
    void catalogueListsSupportedArchitecturesInSmOrder() {
        assertEquals(SUPPORTED, ArchProfiles.names());
        assertEquals(SUPPORTED, ArchProfiles.all().stream().map(ArchProfile::name).toList());
        assertThrows(UnsupportedOperationException.class, () -> ArchProfiles.all().clear());
        assertThrows(UnsupportedOperationException.class, () -> ArchProfiles.names().clear());
    }

    @Test
    void lookupAcceptsNameWithAndWithoutUnderscore() {
        for (ArchProfile profile : ArchProfiles.all()) {
            assertSame(profile, ArchProfiles.of(profile.name()));
            assertSame(profile, ArchProfiles.of("sm" + profile.smVersion()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sm_91", "90", "compute_90", "SM_90", "sm_", "sm", "", " sm_90", "sm__90", "sm_9",
        "sm_80a", "sm_89a", "sm_90f", "sm_90A", "sm_90af", "sm_100b", "a", "f", "sm_a", "compute_90a"})
    void unknownNamesAreRejectedWithTheSupportedList(String name) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ArchProfiles.of(name));
        assertEquals("Unknown GPU architecture '" + name + "': supported are "
                + "sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, sm_100, sm_120 (and sm_90a, sm_100a, sm_100f, sm_120a, "
                + "sm_120f, which have their base architecture's profile).", error.getMessage());
    }

    /**
     * ptxas 13.0.88 accepts exactly these architecture-specific and family targets among the
     * catalogue's architectures (it rejects sm_80a, sm_89a and sm_90f), and reports the same
     * registers and spills for the same PTX under each and under its base: they are the base's
     * hardware.
     */
    @Test
    void architectureSpecificAndFamilyTargetsHaveTheirBasesProfile() {
        assertEquals(List.of("sm_90a", "sm_100a", "sm_100f", "sm_120a", "sm_120f"), ArchProfiles.suffixedNames());
        assertSame(ArchProfiles.of("sm_90"), ArchProfiles.of("sm_90a"));
        assertSame(ArchProfiles.of("sm_90"), ArchProfiles.of("sm90a"));
        assertSame(ArchProfiles.of("sm_100"), ArchProfiles.of("sm_100a"));
        assertSame(ArchProfiles.of("sm_100"), ArchProfiles.of("sm_100f"));
        assertSame(ArchProfiles.of("sm_120"), ArchProfiles.of("sm_120a"));
        assertSame(ArchProfiles.of("sm_120"), ArchProfiles.of("sm_120f"));
        assertEquals("sm_90", ArchProfiles.of("sm_90a").name());
    }

    @ParameterizedTest
    @NullSource
    void nullIsRejectedLikeAnUnknownName(String name) {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> ArchProfiles.of(name));
        assertTrue(error.getMessage().startsWith("Unknown GPU architecture null: supported are sm_70"),
                error.getMessage());
    }

    @Test
    void hopperHasTheProgrammingGuidesValues() {
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        assertEquals(90, sm90.smVersion());
        assertEquals(32, sm90.warpSize());
        assertEquals(65536, sm90.registersPerSm());
        assertEquals(65536, sm90.registersPerBlock());
        assertEquals(255, sm90.maxRegistersPerThread());
        assertEquals(256, sm90.registerAllocationUnitSize());
        assertEquals(8, sm90.registerGranularityPerThread());
        assertEquals(4, sm90.warpAllocationGranularity());
        assertEquals(64, sm90.maxWarpsPerSm());
        assertEquals(2048, sm90.maxThreadsPerSm());
        assertEquals(32, sm90.maxBlocksPerSm());
        assertEquals(1024, sm90.maxThreadsPerBlock());
        assertEquals(228 * 1024, sm90.sharedMemoryPerSm());
        assertEquals(48 * 1024, sm90.sharedMemoryPerBlock());
        assertEquals(227 * 1024, sm90.maxSharedMemoryPerBlockOptIn());
        assertEquals(128, sm90.sharedMemoryAllocationUnit());
        assertEquals(1024, sm90.reservedSharedMemoryPerBlock());
        assertEquals(63, sm90.uniformRegisters());
        assertEquals(7, sm90.predicateRegisters());
        assertTrue(sm90.hasUniformRegisters());
    }

    @Test
    void generationalDifferencesAreThere() {
        ArchProfile volta = ArchProfiles.of("sm_70");
        assertFalse(volta.hasUniformRegisters());
        assertEquals(0, volta.uniformRegisters());
        assertEquals(0, volta.reservedSharedMemoryPerBlock());
        assertEquals(256, volta.sharedMemoryAllocationUnit());

        ArchProfile turing = ArchProfiles.of("sm_75");
        assertTrue(turing.hasUniformRegisters());
        assertEquals(32, turing.maxWarpsPerSm());
        assertEquals(16, turing.maxBlocksPerSm());
        assertEquals(64 * 1024, turing.sharedMemoryPerSm());

        assertEquals(164 * 1024, ArchProfiles.of("sm_80").sharedMemoryPerSm());
        assertEquals(163 * 1024, ArchProfiles.of("sm_80").maxSharedMemoryPerBlockOptIn());
        assertEquals(48, ArchProfiles.of("sm_86").maxWarpsPerSm());
        assertEquals(16, ArchProfiles.of("sm_86").maxBlocksPerSm());
        assertEquals(24, ArchProfiles.of("sm_89").maxBlocksPerSm());
        assertEquals(64, ArchProfiles.of("sm_100").maxWarpsPerSm());
        assertEquals(48, ArchProfiles.of("sm_120").maxWarpsPerSm());
        assertEquals(24, ArchProfiles.of("sm_120").maxBlocksPerSm());
        for (ArchProfile profile : ArchProfiles.all()) {
            assertEquals(profile.smVersion() >= 80 ? 1024 : 0, profile.reservedSharedMemoryPerBlock(), profile.name());
            assertEquals(profile.smVersion() >= 75, profile.hasUniformRegisters(), profile.name());
        }
    }

    @Test
    void inconsistentProfilesAreRejected() {
        ArchProfile sm90 = ArchProfiles.of("sm_90");
        IllegalArgumentException wrongName = assertThrows(IllegalArgumentException.class, () -> new ArchProfile(
                "sm_91", 90, 32, 65536, 65536, 255, 256, 4, 64, 32, 1024, 233472, 49152, 232448, 128, 1024, 63, 7));
        assertEquals("Architecture name 'sm_91' does not match its sm version 90.", wrongName.getMessage());
        IllegalArgumentException noWarps = assertThrows(IllegalArgumentException.class, () -> new ArchProfile(
                "sm_90", 90, 32, 65536, 65536, 255, 256, 4, 0, 32, 1024, 233472, 49152, 232448, 128, 1024, 63, 7));
        assertEquals("Architecture sm_90 needs a positive maxWarpsPerSm but has 0.", noWarps.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ArchProfile(
                "sm_90", 90, 32, 65536, 65536, 255, 256, 4, 64, 32, 1024, 233472, 49152, 233472, 128, 1024, 63, 7));
        assertEquals(sm90, new ArchProfile(
                "sm_90", 90, 32, 65536, 65536, 255, 256, 4, 64, 32, 1024, 233472, 49152, 232448, 128, 1024, 63, 7));
    }
}
