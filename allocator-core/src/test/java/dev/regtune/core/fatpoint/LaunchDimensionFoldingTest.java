package dev.regtune.core.fatpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.ir.InstrFlags;
import dev.regtune.core.ir.KernelFunction;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.testing.ProbeAllocations;
import dev.regtune.core.testing.Ptxas;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The probe pair of launch-dimension folding ({@code RegTuneFoldLaunchDimensions}): a kernel that
 * reads {@code %ntid.x}, {@code %nctaid.x}, {@code %ntid.y} and {@code %nctaid.y} at its top and
 * uses them only after 16 loads that stay live ({@code dims_late}) costs ptxas 13.0.88 no register
 * over the same kernel with constants in their place ({@code no_dims}): 24 and 24 on sm_90, 25 and
 * 25 on sm_80. SASS reads the dimensions from the constant bank where they are used.
 */
class LaunchDimensionFoldingTest {
    private static Path ptx(String arch) {
        return Path.of("src/test/resources/ptx/ptxas/launch_dimensions_" + arch.replace("_", "") + ".ptx");
    }

    private static KernelFunction entry(String arch, String name) throws Exception {
        return ProbeAllocations.entry(ptx(arch), name);
    }

    private static int registers(String arch, String name, boolean fold) throws Exception {
        Knobs knobs = Knobs.defaults().with(KnobCatalogue.FOLD_LAUNCH_DIMENSIONS, fold ? 1 : 0);
        return ProbeAllocations.checked(entry(arch, name), knobs, arch).registers();
    }

    @ParameterizedTest
    @CsvSource({"sm_90", "sm_80"})
    void theFrontEndMarksTheFourReads(String arch) throws Exception {
        KernelFunction f = entry(arch, "dims_late");
        int marked = 0;
        int uniform = 0;
        for (int i = 0; i < f.instrCount(); i++) {
            marked += f.instrHas(i, InstrFlags.READS_CONSTANT_BANK_SPECIAL) ? 1 : 0;
            uniform += f.instrHas(i, InstrFlags.READS_UNIFORM_SPECIAL) ? 1 : 0;
        }
        assertEquals(4, marked, "%ntid.x, %nctaid.x, %ntid.y, %nctaid.y; not %tid.x");
        assertEquals(4, uniform, "still uniform for the uniformity analysis");
    }

    @ParameterizedTest
    @CsvSource({"sm_90", "sm_80"})
    void theDimensionsCostTheModelWhatTheyCostPtxas(String arch) throws Exception {
        assertEquals(registers(arch, "no_dims", true), registers(arch, "dims_late", true),
                "folded, the dimensions hold no register across the loads");
        assertTrue(registers(arch, "dims_late", false) >= registers(arch, "no_dims", false) + 4,
                "held in registers from the top, the four cost four");
    }

    @ParameterizedTest
    @CsvSource({"sm_90, 24", "sm_80, 25"})
    void ptxasReportsThis(String arch, int registers) throws Exception {
        Map<String, Ptxas.EntryReport> entries = Ptxas.probeOrSkip(ptx(arch), arch);
        assertEquals(registers, entries.get("dims_late").registers());
        assertEquals(registers, entries.get("no_dims").registers());
    }
}
