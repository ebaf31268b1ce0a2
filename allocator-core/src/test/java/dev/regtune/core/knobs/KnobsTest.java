package dev.regtune.core.knobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KnobsTest {
    @Test
    void seedKnobsKeepTheirNumbersNamesAndDefaults() {
        KnobDef t = KnobCatalogue.byId(684).orElseThrow();
        assertEquals("RegAllocThresholdForDiscardConflicts", t.name());
        assertEquals(50.0, t.defaultValue());
        assertEquals("RegAllocNumNonSpillTrials", KnobCatalogue.byId(639).orElseThrow().name());
        assertEquals("RegAllocNoRetargetPrefs", KnobCatalogue.byId(638).orElseThrow().name());
        assertEquals("RegAllocEstimatedLoopIterations", KnobCatalogue.byId(623).orElseThrow().name());
        assertEquals("RegAllocCoalescing", KnobCatalogue.byId(618).orElseThrow().name());
        assertEquals(0.2, KnobCatalogue.BUDGET_COEFF_A.defaultValue());
        assertEquals(1.0, KnobCatalogue.BUDGET_COEFF_B.defaultValue());
        assertEquals(0.3, KnobCatalogue.BUDGET_COEFF_C.defaultValue());
        assertEquals(119.0, KnobCatalogue.BUDGET_MAX_THREADS.defaultValue());
        assertEquals(160.0, KnobCatalogue.BUDGET_PRESSURE_THRESHOLD.defaultValue());
        assertEquals(15.0, KnobCatalogue.SPILL_WEIGHT.defaultValue());
        assertEquals(3.0, KnobCatalogue.SPILL_WEIGHT_HIGH_PRESSURE.defaultValue());
        assertEquals(4.0, KnobCatalogue.SPILL_COST_MULTIPLIER.defaultValue());
    }

    @Test
    void namesAndIdsAreUnique() {
        Set<String> names = new HashSet<>();
        Set<Integer> ids = new HashSet<>();
        for (KnobDef d : KnobCatalogue.all()) {
            assertTrue(names.add(d.name().toLowerCase()), d.name());
            if (d.id() >= 0) {
                assertTrue(ids.add(d.id()), d.name());
            }
            assertTrue(d.accepts(d.defaultValue()), d.name() + " default outside its range");
        }
    }

    @Test
    void validationNamesTheKnobAndItsRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Knobs.defaults().with("RegAllocNumNonSpillTrials", "0"));
        assertEquals("knob RegAllocNumNonSpillTrials (639) = 0 is outside its valid range [1, 64]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Knobs.defaults().with("RegAllocCoalescing", "maybe"));
        assertEquals("knob RegAllocCoalescing (618) expects true or false, not 'maybe'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Knobs.defaults().with("RegAllocThresholdForDiscardConflicts", "1.5"));
        assertEquals("knob RegAllocThresholdForDiscardConflicts (684) expects an integer, not '1.5'", e.getMessage());
    }

    @Test
    void unknownNamesGetASuggestion() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Knobs.defaults().with("RegAllocThresholdForDiscardConflict", "10"));
        assertEquals("unknown knob 'RegAllocThresholdForDiscardConflict'; did you mean "
                + "RegAllocThresholdForDiscardConflicts?", e.getMessage());
    }

    @Test
    void knobsAreValuesAndCanBeSetByNumber() {
        Knobs a = Knobs.defaults().with("684", "70");
        Knobs b = Knobs.defaults().with("regallocthresholdfordiscardconflicts", "70");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(Knobs.defaults(), a);
        assertEquals(70, a.getInt(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS));
        assertEquals("Knobs[RegAllocThresholdForDiscardConflicts=70]", a.toString());
        assertEquals(a, Knobs.ofArray(a.toArray()));
    }
}
