package dev.regtune.core.lower;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** The lowering table: its format, the architecture it answers for, and the committed table's content. */
class LoweringTableTest {
    private static final String TABLE = "# comment\n" + LoweringTable.HEADER + "\n"
            + "sm_80,div.rn.f64,6,24,a,b,24,16\n"
            + "sm_90,div.rn.f64,8,25,a,b,25,16\n"
            + "sm_90,add.f32,0,0,a,b,12,12\n";

    @Test
    void anArchitectureGetsTheRulesOfTheNewestProbedOneNotAfterIt() throws IOException {
        LoweringTable t = LoweringTable.parse(new StringReader(TABLE), "t.csv");
        assertEquals("sm_80", t.rules("sm_86").arch());
        assertEquals("sm_90", t.rules("sm_90").arch());
        assertEquals("sm_90", t.rules("sm_100").arch());
        assertEquals("sm_80", t.rules("sm_75").arch(), "before every probed one: the oldest");
        assertEquals(8, t.rules("sm_90").rule("div.rn.f64").temporaries());
        assertEquals(6, t.rules("sm_89").rule("div.rn.f64").temporaries());
    }

    @Test
    void flushToZeroAndSaturationDoNotChangeTheConstruct() throws IOException {
        LoweringTable.ArchRules r = LoweringTable.parse(new StringReader(TABLE), "t.csv").rules("sm_90");
        assertEquals("div.rn.f64", r.rule("div.rn.ftz.f64").construct());
        assertEquals("div.rn.f64", r.rule("div.sat.rn.f64").construct());
        assertNull(r.rule("add.f32"), "a rule that changes nothing is no rule");
        assertNull(r.rule("div.rz.f64"), "another rounding is another construct");
    }

    @Test
    void aMalformedRowIsNamedByFileAndLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoweringTable.parse(
                new StringReader(LoweringTable.HEADER + "\nsm_90,div.rn.f64,x,0,a,b,1,1\n"), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv:2: "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LoweringTable.parse(new StringReader("arch,construct\n"), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv:1: expected the header"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoweringTable.parse(
                new StringReader(LoweringTable.HEADER + "\nsm_90,div.rn.f64,1,0,a,b,1,1\nsm_90,div.rn.f64,1,0,a,b,1,1\n"),
                "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv:3: construct div.rn.f64 appears twice"), e.getMessage());
    }

    /**
     * The committed table, probed on ptxas 13.0.88: both reference architectures, and the facts
     * the seeds and the corpus point at (a double-precision division has a slow path in a
     * subroutine that needs more registers than a small kernel; a 64-bit remainder needs scratch).
     */
    @Test
    void theCommittedTableCoversBothReferenceArchitecturesWithTheDivisionFacts() {
        LoweringTable t = LoweringTable.standard();
        assertEquals(java.util.List.of("sm_80", "sm_90"), t.architectures());
        for (String arch : t.architectures()) {
            LoweringTable.ArchRules r = t.rules(arch);
            assertTrue(r.rules().size() >= 50, arch + ": " + r.rules().size() + " constructs");
            assertTrue(r.rule("div.rn.f64").registerFloor() >= 24, arch + " div.rn.f64 " + r.rule("div.rn.f64"));
            assertTrue(r.rule("div.rn.f64").temporaries() >= 4, arch + " div.rn.f64 " + r.rule("div.rn.f64"));
            assertTrue(r.rule("rem.s64").temporaries() >= 2, arch + " rem.s64 " + r.rule("rem.s64"));
        }
    }
}
