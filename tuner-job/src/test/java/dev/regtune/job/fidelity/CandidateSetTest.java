package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.Knobs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CandidateSetTest {
    @TempDir
    Path dir;

    @Test
    void aCsvGivesOneCandidatePerRowAfterTheDefault() throws IOException {
        Path csv = dir.resolve("c.csv");
        Files.writeString(csv, "arch,maxrregcount,RegTuneReservedRegisters,RegTuneUniformRegisterLimit,name\n"
                + "sm_90,0,3,,three\n"
                + "sm_80,32,,8,\n"
                + "sm_80,24,2,32,\n"); // the default again: dropped
        Knobs base = Knobs.defaults();
        List<Candidate> c = CandidateSet.load(csv, base, 8);
        assertEquals(List.of("default", "three", "c2"), c.stream().map(Candidate::name).toList());
        assertEquals(3, c.get(1).knobs().getInt(KnobCatalogue.RESERVED_REGISTERS));
        assertEquals("RegTuneReservedRegisters=3", c.get(1).changes());
        assertEquals("(the base knobs)", c.get(0).changes());
        assertEquals(8, c.get(2).knobs().getInt(KnobCatalogue.UNIFORM_REGISTER_LIMIT));
    }

    @Test
    void aSpecGivesItsGridOrItsFirstSobolPoints() throws IOException {
        Path spec = dir.resolve("s.json");
        Files.writeString(spec, """
                {"name": "s", "maxrregcount": [0, 32], "knobs": [
                  {"knob": "RegTuneUniformRegisterLimit", "values": [8, 16, 32]},
                  {"knob": "RegTuneReservedRegisters", "values": [2, 3]}]}
                """);
        List<Candidate> grid = CandidateSet.load(spec, Knobs.defaults(), 12);
        assertEquals(6, grid.size()); // 3 x 2 knob values (budgets ignored), the default among them
        List<Candidate> few = CandidateSet.load(spec, Knobs.defaults(), 3);
        assertEquals(4, few.size()); // the default and 3 Sobol points
        assertEquals(few, CandidateSet.load(spec, Knobs.defaults(), 3));
    }

    @Test
    void anUnknownKnobNamesFileAndLine() throws IOException {
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "NoSuchKnob\n1\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CandidateSet.load(csv, Knobs.defaults(), 8));
        assertTrue(e.getMessage().startsWith(csv + ":2: "), e.getMessage());
    }
}
