package dev.regtune.space;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.regtune.core.knobs.KnobCatalogue;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A configuration's knob values, as export and the sweep read them from a selection. */
class ConfigurationKnobsTest {

    @Test
    void aKnobGivenByNumberAndByNameIsAnErrorNamingBoth() {
        Configuration c = Configuration.of(Map.of("684", "999", "RegAllocThresholdForDiscardConflicts", "30"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::knobs);
        assertEquals("knob RegAllocThresholdForDiscardConflicts (684) is given twice, as '684' = 999 and as "
                + "'RegAllocThresholdForDiscardConflicts' = 30; give it once", e.getMessage());
    }

    @Test
    void aKnobGivenOnceByNumberIsThatKnob() {
        Configuration c = Configuration.of(Map.of("684", "30"));
        assertEquals(30, c.knobs().getInt(KnobCatalogue.THRESHOLD_FOR_DISCARD_CONFLICTS));
    }
}
