package dev.regtune.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.space.spec.SpaceSpecReader;
import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KnobSpaceTest {
    private static KnobSpace space(String json) {
        return SpaceSpecReader.parse(json.replace('\'', '"'), "test");
    }

    @Test
    void decodeMapsRangesMonotonicallyAndCategoriesInEqualShares() {
        KnobSpace s = space("{'archs': ['sm_80', 'sm_90'], 'maxrregcount': [0, 64, 32], 'knobs': ["
                + "{'knob': 684, 'min': 10, 'max': 100, 'step': 10},"
                + "{'knob': 'RegAllocEstimatedLoopIterations', 'min': 1.0, 'max': 1000.0, 'scale': 'log'},"
                + "{'knob': 'RegAllocBudgetCoeffC', 'min': 0.2, 'max': 0.6},"
                + "{'knob': 639, 'min': 1, 'max': 64, 'scale': 'log'},"
                + "{'knob': 618}]}");
        assertEquals(7, s.dimensions());
        assertEquals(Configuration.ARCH, s.dimensionName(0));
        assertEquals(Configuration.REGISTER_BUDGET, s.dimensionName(1));
        Configuration lo = s.decode(new double[7]).orElseThrow();
        assertEquals("sm_80", lo.get("arch"));
        assertEquals("0", lo.get("maxrregcount"));
        assertEquals("10", lo.get("RegAllocThresholdForDiscardConflicts"));
        assertEquals("1.0", lo.get("RegAllocEstimatedLoopIterations"));
        assertEquals("0.2", lo.get("RegAllocBudgetCoeffC"));
        assertEquals("1", lo.get("RegAllocNumNonSpillTrials"));
        assertEquals("false", lo.get("RegAllocCoalescing"));
        double top = Math.nextDown(1.0);
        Configuration hi = s.decode(new double[] {top, top, top, top, top, top, top}).orElseThrow();
        assertEquals("sm_90", hi.get("arch"));
        assertEquals("32", hi.get("maxrregcount"));
        assertEquals("100", hi.get("RegAllocThresholdForDiscardConflicts"));
        assertEquals(1000.0, Double.parseDouble(hi.get("RegAllocEstimatedLoopIterations")), 1e-9);
        assertEquals("64", hi.get("RegAllocNumNonSpillTrials"));
        assertEquals("true", hi.get("RegAllocCoalescing"));
        // the middle of the log range is the geometric mean; a third of the budget interval is the second budget
        Configuration mid = s.decode(new double[] {0.49, 0.34, 0.5, 0.5, 0.5, 0.5, 0.5}).orElseThrow();
        assertEquals("sm_80", mid.get("arch"));
        assertEquals("64", mid.get("maxrregcount"));
        assertEquals("60", mid.get("RegAllocThresholdForDiscardConflicts"), "10 step values, u=0.5 -> the 6th");
        assertEquals(Math.sqrt(1000.0), Double.parseDouble(mid.get("RegAllocEstimatedLoopIterations")), 1e-9);
        assertEquals(0.4, Double.parseDouble(mid.get("RegAllocBudgetCoeffC")), 1e-12);
        assertEquals("8", mid.get("RegAllocNumNonSpillTrials"), "floor(exp(ln 65 / 2))");
        double previous = -1;
        for (int i = 0; i < 1000; i++) {
            double u = i / 1000.0;
            double[] p = {u, u, u, u, u, u, u};
            Configuration c = s.decode(p).orElseThrow();
            double v = Double.parseDouble(c.get("RegAllocEstimatedLoopIterations"))
                    + Double.parseDouble(c.get("RegAllocThresholdForDiscardConflicts"));
            assertTrue(v >= previous, "monotone");
            previous = v;
        }
    }

    @Test
    void integerRangesDecodeOntoTheirStepGridAndLogRangesGiveEachIntegerItsLogShare() {
        KnobSpace s = space("{'knobs': [{'knob': 684, 'min': 3, 'max': 20, 'step': 4},"
                + "{'knob': 639, 'min': 1, 'max': 4, 'scale': 'log'}]}");
        Map<String, Integer> linear = new HashMap<>();
        Map<String, Integer> log = new HashMap<>();
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            double u = (i + 0.5) / n;
            Configuration c = s.decode(new double[] {u, u}).orElseThrow();
            linear.merge(c.get("RegAllocThresholdForDiscardConflicts"), 1, Integer::sum);
            log.merge(c.get("RegAllocNumNonSpillTrials"), 1, Integer::sum);
        }
        assertEquals(Map.of("3", n / 5, "7", n / 5, "11", n / 5, "15", n / 5, "19", n / 5), linear);
        for (int k = 1; k <= 4; k++) {
            double share = Math.log((k + 1.0) / k) / Math.log(5.0);
            assertEquals(share, log.get(Integer.toString(k)) / (double) n, 1e-4, "share of " + k);
        }
    }

    @Test
    void constraintViolationDecodesToEmptyAndInactiveKnobsAreAbsent() {
        KnobSpace s = space("{'knobs': [{'knob': 'RegAllocBudgetCoeffA', 'min': 0.0, 'max': 1.0},"
                + "{'knob': 'RegAllocBudgetCoeffB', 'min': 0.0, 'max': 1.0},"
                + "{'knob': 619},"
                + "{'knob': 'RegTuneUniformRegisterLimit', 'min': 0, 'max': 63, 'when': 'RegAllocSmemSpilling == false'}],"
                + "'constraints': ['RegAllocBudgetCoeffA <= RegAllocBudgetCoeffB']}");
        assertEquals(Optional.empty(), s.decode(new double[] {0.8, 0.2, 0, 0}));
        Configuration off = s.decode(new double[] {0.2, 0.8, 0.0, 0.5}).orElseThrow();
        assertEquals("32", off.get("RegTuneUniformRegisterLimit"));
        // 0.1 would decode to 6; inactive, the knob keeps its default of 32.
        Configuration on = s.decode(new double[] {0.2, 0.8, 0.9, 0.1}).orElseThrow();
        assertEquals("true", on.get("RegAllocSmemSpilling"));
        assertFalse(on.values().containsKey("RegTuneUniformRegisterLimit"));
        assertEquals(32, on.knobs().getInt(dev.regtune.core.knobs.KnobCatalogue.UNIFORM_REGISTER_LIMIT),
                "an inactive knob keeps its default");
    }

    @Test
    void aChoiceKnobDecodesToItsChoiceNamesInEqualShares() {
        KnobSpace s = SpaceSpecReader.parse("""
                {"knobs": [{"knob": "allocator"},
                           {"knob": "BriggsMaxRounds", "value": 24, "when": "allocator == 'briggs'"}]}
                """, "test");
        assertEquals("{fatpoint, briggs}", s.dimension(0).describeDomain());
        assertEquals(2, s.grid(0).size());
        Configuration fatpoint = s.decode(new double[] {0.49, 0}).orElseThrow();
        assertEquals(Map.of("allocator", "fatpoint"), fatpoint.values());
        Configuration briggs = s.decode(new double[] {0.5, 0}).orElseThrow();
        assertEquals(Map.of("allocator", "briggs", "BriggsMaxRounds", "24"), briggs.values());
        assertEquals(1, briggs.knobs().getInt(dev.regtune.core.knobs.KnobCatalogue.ALLOCATOR),
                "the knobs hold the choice's index");
        KnobSpace fixed = SpaceSpecReader.parse("{\"knobs\": [{\"knob\": \"allocator\", \"value\": \"Briggs\"}]}",
                "test");
        assertEquals("= briggs", fixed.dimension(0).describeDomain());
    }

    @Test
    void gridSizesFollowTheDocumentedDefaults() {
        KnobSpace s = space("{'maxrregcount': [0, 32], 'knobs': [{'knob': 684, 'min': 0, 'max': 100, 'step': 10},"
                + "{'knob': 'RegAllocSpillWeight', 'min': 1.0, 'max': 16.0, 'scale': 'log'},"
                + "{'knob': 639, 'min': 1, 'max': 64, 'scale': 'log', 'points': 7},"
                + "{'knob': 'RegAllocBudgetCoeffA', 'min': 0.0, 'max': 1.0, 'points': 3},"
                + "{'knob': 'RegTuneUniformPolicy', 'value': 2}]}");
        assertEquals(2, s.grid(0).size());
        assertEquals(11, s.grid(1).size());
        assertEquals(Domain.DEFAULT_GRID_POINTS, s.grid(2).size());
        assertEquals(16.0, s.grid(2).value(4), 1e-12);
        assertEquals(4.0, s.grid(2).value(2), 1e-12);
        assertEquals(7, s.grid(3).size());
        assertEquals(64.0, s.grid(3).value(6));
        assertEquals(8.0, s.grid(3).value(3));
        assertEquals(0.5, s.grid(4).value(1));
        assertEquals(1, s.grid(5).size());
        assertEquals(BigInteger.valueOf(2L * 11 * 5 * 7 * 3), s.gridSize());
    }
}
