package dev.regtune.job.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.regtune.core.knobs.KnobDef;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The knob catalogue as text, CSV or JSON. Columns: name, id (the ptxas knob number; empty or
 * null when the seeds give none), type, default, range, effect, meaning. A CHOICE knob's default is
 * its choice's name, and its range lists the choices ("one of fatpoint, briggs"); JSON adds a
 * {@code choices} array to a CHOICE knob's object.
 */
public final class KnobListing {
    /** Column names of the CSV and keys of the JSON objects, in order. */
    public static final List<String> COLUMNS = List.of("name", "id", "type", "default", "range", "effect", "meaning");

    /** The extra column when a sweep was read: what it shows of each knob. */
    public static final String SWEEP_COLUMN = "in_sweep";

    private final List<KnobDef> knobs;
    private final Map<String, String> sweep;

    public KnobListing(List<KnobDef> knobs) {
        this(knobs, Map.of());
    }

    /**
     * @param sweep what a sweep shows of each knob, by knob name ("no effect", "changes results",
     *     "untested"); a knob it does not name was not swept. Empty: no {@value #SWEEP_COLUMN} column.
     */
    public KnobListing(List<KnobDef> knobs, Map<String, String> sweep) {
        this.knobs = List.copyOf(knobs);
        this.sweep = Map.copyOf(sweep);
    }

    private String inSweep(KnobDef d) {
        return sweep.getOrDefault(d.name(), "not swept");
    }

    /** An aligned table, with each knob's meaning on the line below it. */
    public void writeText(PrintWriter out) {
        int nameWidth = "name".length();
        int rangeWidth = "range".length();
        int defaultWidth = "default".length();
        for (KnobDef d : knobs) {
            nameWidth = Math.max(nameWidth, d.name().length());
            rangeWidth = Math.max(rangeWidth, d.rangeText().length());
            defaultWidth = Math.max(defaultWidth, d.format(d.defaultValue()).length());
        }
        String row = "%-" + nameWidth + "s  %4s  %-6s  %-" + defaultWidth + "s  %-" + rangeWidth + "s  "
                + (sweep.isEmpty() ? "%s%s%n" : "%-8s%s%n");
        out.printf(row, "name", "id", "type", "default", "range", "effect", sweep.isEmpty() ? "" : "  " + SWEEP_COLUMN);
        for (KnobDef d : knobs) {
            out.printf(row, d.name(), d.id() >= 0 ? Integer.toString(d.id()) : "-", d.type().name(),
                    d.format(d.defaultValue()), d.rangeText(), d.effect().name(),
                    sweep.isEmpty() ? "" : "  " + inSweep(d));
            out.println("    " + d.meaning());
        }
        out.println(knobs.size() + " knobs; MODELLED knobs change results, PASSIVE ones are accepted and recorded only.");
        if (!sweep.isEmpty()) {
            long none = sweep.values().stream().filter("no effect"::equals).count();
            out.println(SWEEP_COLUMN + ": what the sweep read shows; 'no effect' (" + none + " knob"
                    + (none == 1 ? "" : "s") + "): configurations differing in that knob alone gave the same "
                    + "results on every kernel.");
        }
        out.flush();
    }

    public void writeCsv(PrintWriter out) throws IOException {
        List<String> header = new java.util.ArrayList<>(COLUMNS);
        if (!sweep.isEmpty()) {
            header.add(SWEEP_COLUMN);
        }
        CSVFormat format = CSVFormat.DEFAULT.builder().setHeader(header.toArray(String[]::new))
                .setRecordSeparator('\n').build();
        CSVPrinter csv = new CSVPrinter(out, format);
        for (KnobDef d : knobs) {
            List<String> values = new java.util.ArrayList<>(List.of(d.name(), d.id() >= 0 ? Integer.toString(d.id())
                    : "", d.type().name(), d.format(d.defaultValue()), d.rangeText(), d.effect().name(), d.meaning()));
            if (!sweep.isEmpty()) {
                values.add(inSweep(d));
            }
            csv.printRecord(values);
        }
        csv.flush();
    }

    /**
     * A JSON array; {@code default} is a JSON boolean, number or (CHOICE) string as the knob's type
     * says, and a CHOICE knob also has {@code choices}, its choice names in index order.
     */
    public void writeJson(PrintWriter out) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        ArrayNode array = mapper.createArrayNode();
        for (KnobDef d : knobs) {
            ObjectNode o = array.addObject();
            o.put("name", d.name());
            if (d.id() >= 0) {
                o.put("id", d.id());
            } else {
                o.putNull("id");
            }
            o.put("type", d.type().name());
            switch (d.type()) {
                case BOOL -> o.put("default", d.defaultValue() != 0.0);
                case INT -> o.put("default", (long) d.defaultValue());
                case DOUBLE -> o.put("default", d.defaultValue());
                case CHOICE -> o.put("default", d.format(d.defaultValue()));
            }
            if (!d.choices().isEmpty()) {
                ArrayNode choices = o.putArray("choices");
                d.choices().forEach(choices::add);
            }
            o.put("range", d.rangeText());
            o.put("effect", d.effect().name());
            o.put("meaning", d.meaning());
            if (!sweep.isEmpty()) {
                o.put(SWEEP_COLUMN, inSweep(d));
            }
        }
        mapper.writeValue(out, array);
        out.println();
        out.flush();
    }
}
