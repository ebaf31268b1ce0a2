package dev.regtune.job.select;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.job.results.ResultStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObjectiveTest {
    private static final Evaluation E = new Evaluation(0, 0, ResultStatus.OK, 40, 24, 1000, 0.5);

    @Test
    void singleMetricsReadTheirColumns() {
        assertEquals(1000.0, Objective.parse("latency").value(0, E));
        assertEquals(24.0, Objective.parse("spills").value(0, E));
        assertEquals(24.0, Objective.parse(" Spill ").value(0, E));
        assertEquals(40.0, Objective.parse("registers").value(0, E));
        assertEquals("spills", Objective.parse("SPILL").text());
        assertEquals(List.of("registers"), Objective.parse("register").componentNames());
    }

    @Test
    void lexicographicKeepsTheOrderGiven() {
        Objective o = Objective.parse("lex:spill, latency,registers");
        assertEquals("lex:spills,latency,registers", o.text());
        assertEquals(3, o.components());
        assertEquals(24.0, o.value(0, E));
        assertEquals(1000.0, o.value(1, E));
        assertEquals(40.0, o.value(2, E));
        assertEquals(Objective.parse(o.text()), o);
    }

    @Test
    void weightedSumsItsTermsInACanonicalOrder() {
        Objective o = Objective.parse("weighted:spills=0.5,latency=1");
        assertEquals("weighted:latency=1,spills=0.5", o.text());
        assertEquals(List.of("weighted"), o.componentNames());
        assertEquals(1000.0 + 12.0, o.value(0, E));
        assertEquals(Objective.parse(o.text()), o);
        assertEquals(40.0 * 2.5, Objective.parse("weighted:registers=2.5,latency=0").value(0, E));
    }

    @Test
    void errorsAreOneSentenceNamingWhatWasExpected() {
        assertMessage("the objective is empty; expected time, latency, spills, registers, lex:METRIC,... (e.g. "
                + "lex:spills,latency,registers) or weighted:METRIC=WEIGHT,... (e.g. weighted:latency=1,spills=0.5)",
                "  ");
        assertMessage("unknown objective 'latncy'; did you mean latency?", "latncy");
        assertMessage("unknown objective 'speed'; expected time, latency, spills, registers, lex:METRIC,... (e.g. "
                + "lex:spills,latency,registers) or weighted:METRIC=WEIGHT,... (e.g. weighted:latency=1,spills=0.5)",
                "speed");
        assertMessage("unknown objective kind 'lexi' in 'lexi:latency'; did you mean lex:?", "lexi:latency");
        assertMessage("unknown objective kind 'sum' in 'sum:latency'; expected lex: or weighted: before the metrics",
                "sum:latency");
        assertMessage("unknown metric 'occupancy' in 'lex:spills,occupancy'; expected time, latency, spills or registers",
                "lex:spills,occupancy");
        assertMessage("unknown metric 'regsiters' in 'lex:regsiters'; did you mean registers?", "lex:regsiters");
        assertMessage("metric spills appears twice in 'lex:spills,latency,spill'; list each metric at most once",
                "lex:spills,latency,spill");
        assertMessage("'lex:' has an empty metric; expected a comma-separated list such as "
                + "lex:spills,latency,registers", "lex:");
        assertMessage("'lex:latency,,spills' has an empty metric; expected a comma-separated list such as "
                + "lex:spills,latency,registers", "lex:latency,,spills");
        assertMessage("term 'latency' of 'weighted:latency' is not METRIC=WEIGHT (e.g. weighted:latency=1,spills=0.5)",
                "weighted:latency");
        assertMessage("the weight of spills in 'weighted:spills=-1' is '-1'; expected a finite number of at least 0",
                "weighted:spills=-1");
        assertMessage("the weight of spills in 'weighted:spills=much' is 'much'; expected a finite number of at "
                + "least 0", "weighted:spills=much");
        assertMessage("the weight of latency in 'weighted:latency=NaN' is 'NaN'; expected a finite number of at "
                + "least 0", "weighted:latency=NaN");
        assertMessage("every weight in 'weighted:latency=0,spills=0' is 0; at least one must be above 0",
                "weighted:latency=0,spills=0");
        assertMessage("metric latency appears twice in 'weighted:latency=1,latency=2'; give each metric one weight",
                "weighted:latency=1,latency=2");
    }

    private static void assertMessage(String expected, String objective) {
        SelectionInputException e = assertThrows(SelectionInputException.class, () -> Objective.parse(objective));
        assertEquals(expected, e.getMessage());
        assertTrue(e.getMessage().lines().count() == 1);
    }
}
