package dev.regtune.job.ptxas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.regtune.job.fidelity.PtxasRunner;
import dev.regtune.space.controls.ControlType;
import dev.regtune.space.controls.PtxasControl;
import dev.regtune.space.controls.PtxasControls;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The controls of the catalogue against what an installed ptxas's {@code --help} lists. */
class PtxasOptionsTest {
    private static final String HELP = """
            Options
            =======

            --fmad <true|false>                                 (-fmad)
                    Enables (disables) the contraction of floating-point multiplies and
                    Default value:  true.

            --register-usage-level <0..10>                      (-regUsageLevel)
                    Controls the aggressiveness of optimizations that affect register usage.
            """;

    @Test
    void helpLinesGiveTheLongOptionNames() {
        PtxasOptions options = PtxasOptions.parse(HELP);
        assertEquals(List.of("fmad", "register-usage-level"), List.copyOf(options.longNames()));
        assertEquals(List.of(PtxasControls.OPT_LEVEL), options.unknown(List.of(PtxasControls.FMAD,
                PtxasControls.OPT_LEVEL)));
    }

    @Test
    void aControlTheInstalledPtxasLacksIsRefusedByName() {
        PtxasInstallation old = new PtxasInstallation(Path.of("/opt/cuda-11/bin/ptxas"), "11.8.89",
                PtxasOptions.parse(HELP));
        old.requireKnown(List.of(PtxasControls.FMAD));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> old.requireKnown(List.of(PtxasControls.FMAD, PtxasControls.OFAST_COMPILE)));
        assertEquals("the installed ptxas 11.8.89 (/opt/cuda-11/bin/ptxas) does not know --Ofast-compile, which the "
                + "space sets; remove that control or use a ptxas that has it", e.getMessage());
    }

    /** Every control of the catalogue, and the value ranges it claims where the help states them, in 13.0.88. */
    @Test
    void theCatalogueMatchesTheHelpOfPtxas13() throws Exception {
        Path ptxas = PtxasRunner.onPath().orElse(null);
        assumeTrue(ptxas != null, "ptxas is not on the PATH; skipping the check of the control catalogue");
        PtxasInstallation installed = PtxasInstallation.probe(ptxas);
        assumeTrue(installed.version().equals("13.0.88"), "not ptxas 13.0.88");
        installed.requireKnown(PtxasControls.all());
        String help = PtxasProcess.run(List.of(ptxas.toString(), "--help"), Map.of(), Duration.ofMinutes(1)).output();
        for (PtxasControl c : PtxasControls.all()) {
            String line = help.lines().filter(l -> l.startsWith("--" + c.name() + " ")).findFirst().orElseThrow();
            if (c.type() == ControlType.BOOL) {
                assertTrue(line.contains("<true|false>"), line);
            } else if (c.type() == ControlType.CHOICE && c.name().equals("Ofast-compile")) {
                assertTrue(line.contains("<" + String.join("|", c.choices()) + ">"), line);
            } else if (c == PtxasControls.REGISTER_USAGE_LEVEL) {
                assertTrue(line.contains("<" + c.min() + ".." + c.max() + ">"), line);
            }
        }
    }
}
