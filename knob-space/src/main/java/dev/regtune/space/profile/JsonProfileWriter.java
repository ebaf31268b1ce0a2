package dev.regtune.space.profile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import dev.regtune.core.knobs.KnobDef;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes a profile as one JSON object, keys in a fixed order, two-space indentation and
 * {@code \n} line ends whatever the platform (Jackson's default indenter uses the system's).
 * Knob values are typed by the catalogue: booleans, integers, numbers with a fraction or
 * exponent, or a choice knob's choice name as a string.
 */
final class JsonProfileWriter {
    private static final JsonFactory FACTORY = new JsonFactory();

    String write(KnobProfile p) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(prettyPrinter());
            g.writeStartObject();
            g.writeStringField(ProfileFields.FORMAT, ProfileFields.FORMAT_NAME);
            g.writeNumberField(ProfileFields.VERSION, ProfileFields.VERSION_NUMBER);
            g.writeStringField(ProfileFields.ARCH, p.arch());
            g.writeNumberField(ProfileFields.MAXRREGCOUNT, p.maxrregcount());
            g.writeStringField(ProfileFields.OBJECTIVE, p.objective());
            g.writeObjectFieldStart(ProfileFields.KNOBS);
            for (KnobDef d : p.changedKnobs()) {
                double v = p.knobs().get(d);
                g.writeFieldName(d.name());
                switch (d.type()) {
                    case BOOL -> g.writeBoolean(v != 0.0);
                    case INT -> g.writeNumber((long) v);
                    case DOUBLE -> g.writeNumber(v);
                    case CHOICE -> g.writeString(d.format(v));
                }
            }
            g.writeEndObject();
            g.writeObjectFieldStart(ProfileFields.PROVENANCE);
            for (String key : ProfileFields.PROVENANCE_FIELDS) {
                g.writeStringField(key, ProfileFields.provenance(p.provenance(), key));
            }
            g.writeEndObject();
            g.writeObjectFieldStart(ProfileFields.SCORES);
            for (String set : ProfileFields.SCORE_SETS) {
                Scores s = ProfileFields.scores(p, set);
                g.writeObjectFieldStart(set);
                g.writeNumberField(Scores.KERNELS, s.kernels());
                for (Map.Entry<String, Double> f : s.figures().entrySet()) {
                    g.writeNumberField(f.getKey(), f.getValue());
                }
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON to memory", e);
        }
        return out.append('\n').toString();
    }

    private static DefaultPrettyPrinter prettyPrinter() {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        DefaultPrettyPrinter pp = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER));
        pp.indentObjectsWith(indenter);
        pp.indentArraysWith(indenter);
        return pp;
    }
}
