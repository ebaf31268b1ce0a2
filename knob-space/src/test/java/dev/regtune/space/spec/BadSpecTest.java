package dev.regtune.space.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobEffect;
import dev.regtune.space.Dimension;
import dev.regtune.space.KnobSpace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every way a spec can be wrong, with the exact sentence it gets. */
class BadSpecTest {
    private static final String A = "RegAllocBudgetCoeffA";
    private static final String B = "RegAllocBudgetCoeffB";

    /** A spec with the given knob entries (JSON objects, quotes written as '). */
    private static String knobs(String... entries) {
        return ("{'knobs': [" + String.join(", ", entries) + "]}").replace('\'', '"');
    }

    private static String withConstraints(String constraint, String... entries) {
        return ("{'knobs': [" + String.join(", ", entries) + "], 'constraints': ['" + constraint + "']}")
                .replace('\'', '"');
    }

    static Stream<Arguments> badSpecs() {
        String a = "{'knob': '" + A + "', 'min': 0.0, 'max': 1.0}";
        String b = "{'knob': '" + B + "', 'min': 0.0, 'max': 1.0}";
        return Stream.of(
                Arguments.of(knobs("{'knob': 684, 'min': 0, 'max': 2000000}"),
                        "knob RegAllocThresholdForDiscardConflicts (684): range max 2000000 is outside its valid range "
                                + "[0, 1000000]"),
                Arguments.of(knobs("{'knob': 'RegAllocThreshold', 'min': 0, 'max': 20}"),
                        "unknown knob 'RegAllocThreshold'; did you mean RegAllocThresholdForDiscardConflicts?"),
                Arguments.of(knobs("{'knob': 9999, 'min': 0, 'max': 20}"),
                        "there is no knob number 9999 in the catalogue"),
                Arguments.of(knobs("{'knob': 639, 'min': 8, 'max': 2}"),
                        "knob RegAllocNumNonSpillTrials (639): range min 8 is greater than max 2, so the range is empty"),
                Arguments.of(knobs("{'knob': 639, 'min': 1, 'max': 8, 'step': 0}"),
                        "knob RegAllocNumNonSpillTrials (639): step must be positive, not 0"),
                Arguments.of(knobs("{'knob': 639, 'min': 1, 'max': 8, 'step': 1.5}"),
                        "knob RegAllocNumNonSpillTrials (639): step must be a positive integer, not 1.5"),
                Arguments.of(knobs("{'knob': 684, 'min': 0, 'max': 100, 'scale': 'log'}"),
                        "knob RegAllocThresholdForDiscardConflicts (684): a log scale needs min greater than 0, not 0"),
                Arguments.of(knobs("{'knob': 'RegAllocSpillWeight', 'min': 0.0, 'max': 10.0, 'scale': 'log'}"),
                        "knob RegAllocSpillWeight: a log scale needs min greater than 0, not 0.0"),
                Arguments.of(knobs("{'knob': 684, 'min': 1, 'max': 100, 'scale': 'exp'}"),
                        "knob RegAllocThresholdForDiscardConflicts (684): scale must be linear or log, not 'exp'"),
                Arguments.of(knobs("{'knob': 684, 'min': 1, 'max': 100, 'stpe': 2}"),
                        "unknown key 'stpe' in the entry of knob RegAllocThresholdForDiscardConflicts (684); "
                                + "did you mean step?"),
                Arguments.of("{'knob': [], 'archs': ['sm_90']}".replace('\'', '"'),
                        "unknown key 'knob' at the top level; did you mean knobs?"),
                Arguments.of(knobs("{'knob': 639, 'min': 1, 'max': 4}", "{'knob': 'RegAllocNumNonSpillTrials', "
                        + "'values': [2]}"), "knob RegAllocNumNonSpillTrials (639) appears twice in knobs"),
                Arguments.of(knobs("{'knob': 530, 'values': [1, 2, 8]}"),
                        "knob RegAllocCoalesceMaxWidth (530): value 8 is outside its valid range [1, 4]"),
                Arguments.of(knobs("{'knob': 530, 'values': [1, 2, 2]}"),
                        "knob RegAllocCoalesceMaxWidth (530): value 2 appears twice in values"),
                Arguments.of(knobs("{'knob': 618, 'values': [1]}"),
                        "knob RegAllocCoalescing (618) is true or false, so value 1 is not allowed"),
                Arguments.of(knobs("{'knob': 618, 'min': 0, 'max': 1}"),
                        "knob RegAllocCoalescing (618) is true or false; give values, value or no domain, not a range"),
                Arguments.of(knobs("{'knob': 639}"),
                        "knob RegAllocNumNonSpillTrials (639) needs a domain: min and max, values or value"),
                Arguments.of(knobs("{'knob': 639, 'min': 1.5, 'max': 4}"),
                        "knob RegAllocNumNonSpillTrials (639): range min 1.5 is not an integer"),
                Arguments.of(knobs(a, "{'knob': 'RegAllocSpillWeight', 'min': 1.0, 'max': 2.0, "
                        + "'when': 'RegAllocSmemSpiling == true'}"),
                        "knob RegAllocSpillWeight: condition 'RegAllocSmemSpiling == true' names unknown knob "
                                + "'RegAllocSmemSpiling'; did you mean RegAllocSmemSpilling?"),
                Arguments.of(knobs("{'knob': 'RegAllocSpillWeight', 'min': 1.0, 'max': 2.0, "
                        + "'when': 'RegAllocSmemSpilling == true'}"),
                        "knob RegAllocSpillWeight: condition 'RegAllocSmemSpilling == true' names knob "
                                + "RegAllocSmemSpilling (619), which is not a dimension of the space"),
                Arguments.of(withConstraints(A + " <= RegAllocBudgetCoeffC", a, b),
                        "constraint 'RegAllocBudgetCoeffA <= RegAllocBudgetCoeffC' names knob RegAllocBudgetCoeffC, "
                                + "which is not a dimension of the space"),
                Arguments.of(withConstraints(A + " <= (" + B, a, b),
                        "constraint 'RegAllocBudgetCoeffA <= (RegAllocBudgetCoeffB': expected ')' but the expression "
                                + "ends at column 46"),
                Arguments.of(withConstraints(A + " <= * " + B, a, b),
                        "constraint 'RegAllocBudgetCoeffA <= * RegAllocBudgetCoeffB': expected a number, a knob name, "
                                + "true, false or '(' but found '*' at column 25"),
                Arguments.of(withConstraints(A + " + " + B, a, b),
                        "constraint 'RegAllocBudgetCoeffA + RegAllocBudgetCoeffB': the expression is a number, not a "
                                + "comparison or a logical expression at column 1"),
                Arguments.of(withConstraints(A + " > 0.5 && " + A + " < 0.25", a, b),
                        "the space is unsatisfiable: none of its first 4096 grid points and 4096 random points "
                                + "satisfies every constraint"),
                Arguments.of(knobs("{'knob': 618, 'when': 'RegAllocSmemSpilling'}",
                        "{'knob': 619, 'when': 'RegAllocCoalescing'}"),
                        "the conditions of knobs RegAllocCoalescing, RegAllocSmemSpilling depend on each other in a "
                                + "cycle"),
                Arguments.of(knobs("{'knob': 'allocator', 'values': ['fatpoint', 'brigs']}"),
                        "knob allocator: value 'brigs' is not one of its choices, fatpoint, briggs; did you mean briggs?"),
                Arguments.of(knobs("{'knob': 'allocator', 'value': 'linear-scan'}"),
                        "knob allocator: value 'linear-scan' is not one of its choices, fatpoint, briggs"),
                Arguments.of(knobs("{'knob': 'allocator', 'values': [0, 1]}"),
                        "knob allocator is one of fatpoint, briggs, named in quotes, so value 0 is not allowed"),
                Arguments.of(knobs("{'knob': 'allocator', 'values': ['briggs', 'Briggs']}"),
                        "knob allocator: value briggs appears twice in values"),
                Arguments.of(knobs("{'knob': 'allocator', 'min': 0, 'max': 1}"),
                        "knob allocator is one of fatpoint, briggs; give values, value or no domain, not a range"),
                Arguments.of(knobs("{'knob': 'allocator'}", "{'knob': 'BriggsMaxRounds', 'min': 1, 'max': 8, "
                        + "'when': 'allocator == \\'brigs\\''}"),
                        "knob BriggsMaxRounds: condition 'allocator == \"brigs\"': allocator has no choice 'brigs' "
                                + "(did you mean briggs?); its choices are fatpoint, briggs at column 14"),
                Arguments.of(knobs("{'knob': 'allocator'}", "{'knob': 'BriggsMaxRounds', 'min': 1, 'max': 8, "
                        + "'when': 'allocator == 1'}"),
                        "knob BriggsMaxRounds: condition 'allocator == 1': operator == compares a choice with a "
                                + "number; compare allocator with a quoted name such as 'fatpoint' at column 11"),
                Arguments.of(knobs("{'knob': 'allocator'}", "{'knob': 'BriggsMaxRounds', 'min': 1, 'max': 8, "
                        + "'when': 'allocator > \\'fatpoint\\''}"),
                        "knob BriggsMaxRounds: condition 'allocator > \"fatpoint\"': operator > cannot order choices; "
                                + "compare a choice knob with == or != to a quoted name at column 11"),
                Arguments.of("{'archs': ['sm_91']}".replace('\'', '"'),
                        "archs: unknown GPU architecture 'sm_91'; supported are sm_70, sm_75, sm_80, sm_86, sm_89, "
                                + "sm_90, sm_100, sm_120 (and sm_90a, sm_100a, sm_100f, sm_120a, sm_120f, which have "
                                + "their base architecture's profile)"),
                Arguments.of("{'archs': ['sm_90', 'sm90']}".replace('\'', '"'), "archs: sm_90 appears twice"),
                Arguments.of("{'archs': ['sm_90', 'sm_90a']}".replace('\'', '"'), "archs: sm_90 appears twice"),
                Arguments.of("{'maxrregcount': [0, 300]}".replace('\'', '"'),
                        "maxrregcount: 300 is outside the valid range [0, 255] (0 means no limit)"),
                Arguments.of("{'maxrregcount': []}".replace('\'', '"'),
                        "maxrregcount must be a non-empty array of register budgets, not an empty array"),
                Arguments.of("{}", "the space has no dimensions; give archs, maxrregcount, launch_bounds, ptxas or knobs"),
                Arguments.of("[1, 2]", "a space spec is a JSON object, not an array"),
                Arguments.of("{\"knobs\": [\n  {\"knob\": 639, \"min\": 1,, \"max\": 4}\n]}",
                        "invalid JSON at line 2, column 26: Unexpected character (',' (code 44)): was expecting "
                                + "double-quote to start field name"));
    }

    @ParameterizedTest
    @MethodSource("badSpecs")
    void eachBadSpecGetsItsSentence(String json, String message) {
        SpaceSpecException e = assertThrows(SpaceSpecException.class, () -> SpaceSpecReader.parse(json, "test"));
        assertEquals(message, e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line");
    }

    @Test
    void fileErrorsNameTheFileLineAndColumn(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("bad.json");
        Files.writeString(f, "{\n  \"archs\": [\"sm_90\"],\n  \"knobs\": [ }\n");
        SpaceSpecException e = assertThrows(SpaceSpecException.class, () -> SpaceSpecReader.read(f));
        assertTrue(e.getMessage().startsWith(f + ": invalid JSON at line 3, column 14: "), e.getMessage());
        SpaceSpecException missing = assertThrows(SpaceSpecException.class,
                () -> SpaceSpecReader.read(dir.resolve("none.json")));
        assertEquals("space spec '" + dir.resolve("none.json") + "' does not exist", missing.getMessage());
    }

    @Test
    void aLatin1ByteIsNamedByLineAndColumnNotAsInputLength(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("latin1.json");
        byte[] text = "{\n  \"description\": \"caf? au lait\",\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        text[23] = (byte) 0xE9;
        Files.write(f, text);
        SpaceSpecException e = assertThrows(SpaceSpecException.class, () -> SpaceSpecReader.read(f));
        assertEquals("cannot read space spec '" + f + "': not UTF-8 text: byte 0xE9 at line 2, column 22",
                e.getMessage());
    }

    @Test
    void theFullSpecNamesEveryModelledKnob() {
        KnobSpace full = SpaceSpecReader.read(Path.of("../spaces/full.json"));
        List<String> modelled = KnobCatalogue.all().stream().filter(d -> d.effect() == KnobEffect.MODELLED)
                .map(KnobDef::name).sorted().toList();
        List<String> swept = full.dimensionList().stream().filter(d -> d.knob().isPresent()).map(Dimension::name)
                .sorted().toList();
        assertEquals(modelled, swept);
    }

    @Test
    void theFamiliesSpecSweepsBothFamiliesOverBudgets() {
        KnobSpace families = SpaceSpecReader.read(Path.of("../spaces/families.json"));
        List<String> allocators = new dev.regtune.space.sample.GridSampler().stream(families, 100)
                .map(c -> c.get("allocator")).distinct().toList();
        assertEquals(List.of("fatpoint", "briggs"), allocators);
        assertTrue(families.gridSize().intValue() >= 6, "a few budgets per family");
    }

    @Test
    void theExampleSpecsValidate() {
        for (String name : new String[] {"quickstart", "ptxas-core", "full", "families", "ptxas-flags"}) {
            SpaceSpecReader.read(Path.of("../spaces/" + name + ".json"));
        }
    }
}
