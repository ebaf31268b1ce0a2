package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import java.io.StringReader;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

class KnobsCommandTest {
    @Test
    void textListsEveryKnob() {
        Cli.Run run = Cli.run("knobs");
        assertEquals(0, run.exit(), run.err());
        for (KnobDef d : KnobCatalogue.all()) {
            assertTrue(run.out().contains(d.name()), d.name());
            assertTrue(run.out().contains(d.meaning()), d.name());
        }
    }

    @Test
    void csvHasTheDocumentedColumnsAndOneRowPerKnob() throws Exception {
        Cli.Run run = Cli.run("knobs", "--format", "csv");
        assertEquals(0, run.exit(), run.err());
        try (CSVParser csv = CSVParser.parse(new StringReader(run.out()),
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build())) {
            assertEquals(List.of("name", "id", "type", "default", "range", "effect", "meaning"), csv.getHeaderNames());
            List<CSVRecord> rows = csv.getRecords();
            assertEquals(KnobCatalogue.size(), rows.size());
            KnobDef first = KnobCatalogue.all().get(0);
            assertEquals(first.name(), rows.get(0).get("name"));
            assertEquals(first.format(first.defaultValue()), rows.get(0).get("default"));
        }
    }

    @Test
    void jsonHasOneObjectPerKnobWithTypedDefaults() throws Exception {
        Cli.Run run = Cli.run("knobs", "--format", "json");
        assertEquals(0, run.exit(), run.err());
        JsonNode array = new ObjectMapper().readTree(run.out());
        assertEquals(KnobCatalogue.size(), array.size());
        for (int i = 0; i < array.size(); i++) {
            KnobDef d = KnobCatalogue.all().get(i);
            JsonNode o = array.get(i);
            assertEquals(d.name(), o.get("name").asText());
            assertEquals(d.id() >= 0, !o.get("id").isNull());
            switch (d.type()) {
                case BOOL -> assertTrue(o.get("default").isBoolean(), d.name());
                case INT -> assertTrue(o.get("default").isIntegralNumber(), d.name());
                case DOUBLE -> assertTrue(o.get("default").isNumber(), d.name());
                case CHOICE -> {
                    assertEquals(d.format(d.defaultValue()), o.get("default").asText(), d.name());
                    assertTrue(o.get("default").isTextual(), d.name());
                    List<String> choices = new java.util.ArrayList<>();
                    o.get("choices").forEach(c -> choices.add(c.asText()));
                    assertEquals(d.choices(), choices, d.name());
                }
            }
            assertEquals(d.type() == dev.regtune.core.knobs.KnobType.CHOICE, o.has("choices"), d.name());
        }
    }

    @Test
    void theAllocatorKnobIsListedWithItsChoicesInEveryFormat() throws Exception {
        String text = Cli.run("knobs").out();
        assertTrue(text.lines().anyMatch(l -> l.matches("allocator +- +CHOICE +fatpoint +one of fatpoint, briggs +MODELLED")),
                text);
        String csv = Cli.run("knobs", "--format", "csv").out();
        assertTrue(csv.contains("\nallocator,,CHOICE,fatpoint,\"one of fatpoint, briggs\",MODELLED,"), csv);
        JsonNode allocator = new ObjectMapper().readTree(Cli.run("knobs", "--format", "json").out()).get(0);
        assertEquals("allocator", allocator.get("name").asText());
        assertEquals("fatpoint", allocator.get("default").asText());
        assertEquals("[\"fatpoint\",\"briggs\"]", allocator.get("choices").toString());
    }
}
