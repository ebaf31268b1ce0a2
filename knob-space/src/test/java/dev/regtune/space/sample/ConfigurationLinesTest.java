package dev.regtune.space.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.regtune.space.KnobSpace;
import dev.regtune.space.spec.SpaceSpecReader;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigurationLinesTest {
    @Test
    void choiceNamesAreJsonStringsAndCsvCells() {
        KnobSpace s = SpaceSpecReader.parse("""
                {"archs": ["sm_90"], "maxrregcount": [32], "knobs": [{"knob": "allocator"}, {"knob": 618}]}
                """, "t");
        List<String> json = new GridSampler().stream(s, 10).map(c -> ConfigurationLines.jsonLine(s, c)).toList();
        assertEquals(List.of(
                "{\"arch\":\"sm_90\",\"maxrregcount\":32,\"allocator\":\"fatpoint\",\"RegAllocCoalescing\":false}",
                "{\"arch\":\"sm_90\",\"maxrregcount\":32,\"allocator\":\"fatpoint\",\"RegAllocCoalescing\":true}",
                "{\"arch\":\"sm_90\",\"maxrregcount\":32,\"allocator\":\"briggs\",\"RegAllocCoalescing\":false}",
                "{\"arch\":\"sm_90\",\"maxrregcount\":32,\"allocator\":\"briggs\",\"RegAllocCoalescing\":true}"), json);
        assertEquals("arch,maxrregcount,allocator,RegAllocCoalescing", ConfigurationLines.csvHeader(s));
        assertEquals("sm_90,32,briggs,true",
                ConfigurationLines.csvRow(s, new GridSampler().stream(s, 10).toList().get(3)));
    }
}
