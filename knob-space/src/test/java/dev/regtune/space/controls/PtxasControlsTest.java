package dev.regtune.space.controls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.space.Configuration;
import dev.regtune.space.KnobSpace;
import dev.regtune.space.sample.GridSampler;
import dev.regtune.space.spec.SpaceSpecException;
import dev.regtune.space.spec.SpaceSpecReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The catalogue of ptxas's public controls, and controls as dimensions of a space spec. */
class PtxasControlsTest {
    @Test
    void controlsTurnValuesIntoPtxasArguments() {
        assertEquals(List.of("--register-usage-level", "3"), PtxasControls.REGISTER_USAGE_LEVEL.arguments("03"));
        assertEquals(List.of("--opt-level", "1"), PtxasControls.OPT_LEVEL.arguments("1"));
        assertEquals(List.of("--fmad", "false"), PtxasControls.FMAD.arguments("false"));
        assertEquals(List.of("--extensible-whole-program"), PtxasControls.EXTENSIBLE_WHOLE_PROGRAM.arguments("true"));
        assertEquals(List.of(), PtxasControls.EXTENSIBLE_WHOLE_PROGRAM.arguments("false"));
        assertEquals(List.of("--Ofast-compile", "mid"), PtxasControls.OFAST_COMPILE.arguments("mid"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PtxasControls.REGISTER_USAGE_LEVEL.arguments("11"));
        assertEquals("ptxas control register-usage-level is an integer from 0 to 10, not '11'", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PtxasControls.DEF_STORE_CACHE.arguments("ca"));
    }

    @Test
    void controlsAreFoundByNameOptionOrColumn() {
        assertEquals(PtxasControls.OPT_LEVEL, PtxasControls.byName("-O").orElseThrow());
        assertEquals(PtxasControls.OPT_LEVEL, PtxasControls.byName("--opt-level").orElseThrow());
        assertEquals(PtxasControls.OFAST_COMPILE, PtxasControls.byName("ptxas_ofast_compile").orElseThrow());
        assertEquals(PtxasControls.FMAD, PtxasControls.byName("fmad").orElseThrow());
        assertTrue(PtxasControls.byName("RegAllocSpillWeight").isEmpty());
        assertEquals(PtxasControls.all().size(), PtxasControls.all().stream().map(PtxasControl::column).distinct()
                .count(), "columns are distinct");
    }

    @Test
    void aSpecSweepsControlsAsTheirOwnDimensions() {
        KnobSpace space = SpaceSpecReader.parse("""
                {"maxrregcount": [0, 32],
                 "ptxas": [{"control": "register-usage-level", "min": 0, "max": 10, "step": 5},
                           {"control": "--fmad"}, {"control": "Ofast-compile", "value": "max"}],
                 "knobs": [{"knob": "RegAllocSpillWeight", "value": 2.0}]}
                """, "controls.json");
        List<Configuration> all = new GridSampler().stream(space, 100).toList();
        assertEquals(2 * 3 * 2, all.size());
        Configuration first = all.get(0);
        assertEquals(Map.of("ptxas_fmad", "false", "ptxas_ofast_compile", "max", "ptxas_register_usage_level", "0"),
                first.controls());
        assertEquals(2.0, first.knobs().get(dev.regtune.core.knobs.KnobCatalogue.require("RegAllocSpillWeight")),
                "the knobs of a configuration with controls still decode");
        assertEquals("{0, 5, 10}", space.dimensionList().stream().filter(d -> d.name().equals(
                "ptxas_register_usage_level")).findFirst().orElseThrow().describeDomain());
    }

    @Test
    void badControlEntriesGetOneSentence() {
        assertEquals("ptxas entry 1: 'register-usage' is not a ptxas control RegTune knows; did you mean "
                + "register-usage-level?", error("{\"ptxas\": [{\"control\": \"register-usage\"}]}"));
        assertEquals("ptxas control register-usage-level is an integer from 0 to 10, so 11 is not one of its values",
                error("{\"ptxas\": [{\"control\": \"register-usage-level\", \"values\": [5, 11]}]}"));
        assertEquals("ptxas control maxrregcount is swept as the top-level \"maxrregcount\" dimension, which the "
                + "model reads too; give it there", error("{\"ptxas\": [{\"control\": \"maxrregcount\"}]}"));
        assertTrue(error("{\"ptxas\": [{\"control\": \"maxntid\", \"value\": 256}]}").contains("launch_bounds"));
        assertEquals("ptxas control register-usage-level needs a domain: min and max, values or value",
                error("{\"ptxas\": [{\"control\": \"register-usage-level\"}]}"));
        assertEquals("ptxas control fmad is true or false; give values, value or no domain, not a range",
                error("{\"ptxas\": [{\"control\": \"fmad\", \"min\": 0, \"max\": 1}]}"));
        assertEquals("ptxas control fmad appears twice in ptxas",
                error("{\"ptxas\": [{\"control\": \"fmad\"}, {\"control\": \"--fmad\"}]}"));
        assertEquals("ptxas control opt-level: condition 'ptxas_fmad == 1': operator == compares a choice with a number; "
                + "compare ptxas_fmad with a quoted name such as 'false' at column 12", error("{\"ptxas\": [{\"control\": \"fmad\"}, {\"control\": \"opt-level\", \"value\": 1, "
                        + "\"when\": \"ptxas_fmad == 1\"}]}"));
        assertEquals("ptxas control opt-level: condition 'ptxas_fmad == 'true'' names ptxas control ptxas_fmad, which is "
                + "not a dimension of the space", error("{\"ptxas\": [{\"control\": \"opt-level\", \"value\": 1, "
                        + "\"when\": \"ptxas_fmad == 'true'\"}]}"));
    }

    @Test
    void theFlagsSpaceSweepsEveryControlThatChangesWholeProgramCompilation() {
        KnobSpace flags = SpaceSpecReader.read(Path.of("../spaces/ptxas-flags.json"));
        List<String> swept = flags.dimensionList().stream().map(d -> d.name()).filter(
                PtxasControls::isControlDimension).sorted().toList();
        List<String> expected = PtxasControls.all().stream()
                .filter(c -> c.sweptAs() == PtxasControl.SweptAs.CONTROL && c != PtxasControls.DEVICE_FUNCTION_MAXRREGCOUNT)
                .map(PtxasControl::column).sorted().toList();
        assertEquals(expected, swept);
        assertTrue(flags.dimensionList().stream().noneMatch(d -> d.knob().isPresent()), "no model knobs");
        List<Configuration> grid = new GridSampler().stream(flags, 3456).toList();
        assertEquals(3 * 3 * 2 * 2 * 2 * 2 * (3 * 2 + 3), grid.size());
        for (Configuration c : grid) {
            boolean fast = !c.get("ptxas_ofast_compile").equals("0");
            // ptxas refuses -O and --allow-expensive-optimizations false next to most --Ofast-compile levels
            assertEquals(fast, c.get("ptxas_opt_level") == null, c.toString());
            assertEquals(fast, c.get("ptxas_allow_expensive_optimizations") == null, c.toString());
        }
        Map<String, Long> fmad = grid.stream().collect(Collectors.groupingBy(c -> c.get("ptxas_fmad"), TreeMap::new,
                Collectors.counting()));
        assertEquals(Map.of("false", 648L, "true", 648L), fmad);
    }

    @Test
    void conditionsReadAControlAsAChoiceOfItsValues() {
        KnobSpace space = SpaceSpecReader.parse("""
                {"ptxas": [{"control": "Ofast-compile", "values": ["0", "max"]},
                           {"control": "opt-level", "values": [1, 3], "when": "ptxas_ofast_compile == '0'"}]}
                """, "c.json");
        assertEquals(List.of("{ptxas_ofast_compile=0, ptxas_opt_level=1}", "{ptxas_ofast_compile=0, ptxas_opt_level=3}",
                "{ptxas_ofast_compile=max}"), new GridSampler().stream(space, 10)
                        .map(c -> c.controls().toString()).toList());
    }

    private static String error(String json) {
        return assertThrows(SpaceSpecException.class, () -> SpaceSpecReader.parse(json, "c.json")).getMessage();
    }
}
