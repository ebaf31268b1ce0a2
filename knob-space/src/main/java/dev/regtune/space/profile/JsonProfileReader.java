package dev.regtune.space.profile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the JSON layout with Jackson's streaming parser rather than a tree, because a tree forgets
 * where its values were and every error here names line and column. Unknown fields are errors
 * (with a "did you mean"), so a misspelt field is never silently ignored.
 */
final class JsonProfileReader {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final List<String> TOP = List.of(ProfileFields.FORMAT, ProfileFields.VERSION, ProfileFields.ARCH,
            ProfileFields.MAXRREGCOUNT, ProfileFields.OBJECTIVE, ProfileFields.KNOBS, ProfileFields.PROVENANCE,
            ProfileFields.SCORES);

    KnobProfile read(String text, String source) {
        ProfileDraft draft = new ProfileDraft(source, key -> "\"" + key + "\" field");
        try (JsonParser p = FACTORY.createParser(text)) {
            try {
                return read(p, draft);
            } catch (JsonProcessingException e) {
                JsonLocation l = e.getLocation();
                String m = e.getOriginalMessage();
                throw new ProfileFormatException(source, l == null ? 1 : Math.max(1, l.getLineNr()),
                        l == null ? 1 : Math.max(1, l.getColumnNr()), "malformed JSON: " + m.lines().findFirst()
                                .orElse(m));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON from memory", e);
        }
    }

    private KnobProfile read(JsonParser p, ProfileDraft draft) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            throw draft.error(at(p), "expected the profile object '{', not " + describe(p));
        }
        List<String> sections = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            Position keyAt = at(p);
            p.nextToken();
            switch (key) {
                case ProfileFields.FORMAT, ProfileFields.ARCH, ProfileFields.OBJECTIVE ->
                    draft.field(key, string(p, draft, key), keyAt);
                case ProfileFields.VERSION, ProfileFields.MAXRREGCOUNT ->
                    draft.field(key, whole(p, draft, key), keyAt);
                case ProfileFields.KNOBS, ProfileFields.PROVENANCE, ProfileFields.SCORES -> {
                    if (sections.contains(key)) {
                        throw draft.error(keyAt, key + " is given twice");
                    }
                    sections.add(key);
                    expectObject(p, draft, key);
                    switch (key) {
                        case ProfileFields.KNOBS -> knobs(p, draft);
                        case ProfileFields.PROVENANCE -> provenance(p, draft);
                        default -> scores(p, draft);
                    }
                }
                default -> throw draft.unknownField(keyAt, key, "in the profile", TOP);
            }
        }
        Position end = at(p);
        if (p.nextToken() != null) {
            throw draft.error(at(p), "found " + describe(p) + " after the end of the profile object");
        }
        return draft.build(end, true);
    }

    private void knobs(JsonParser p, ProfileDraft draft) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            Position keyAt = at(p);
            KnobDef d = draft.knob(p.currentName(), keyAt);
            JsonToken t = p.nextToken();
            Position valueAt = at(p);
            switch (d.type()) {
                case BOOL -> {
                    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
                        throw draft.error(valueAt, "knob " + d.label() + " expects true or false, not " + describe(p));
                    }
                    draft.knob(d, t == JsonToken.VALUE_TRUE ? 1.0 : 0.0, valueAt);
                }
                case INT, DOUBLE -> {
                    if (!t.isNumeric()) {
                        throw draft.error(valueAt, "knob " + d.label() + " expects "
                                + (d.type() == KnobType.INT ? "an integer" : "a number")
                                + ", not " + describe(p));
                    }
                    draft.knob(d, p.getText(), valueAt);
                }
                case CHOICE -> {
                    if (t != JsonToken.VALUE_STRING) {
                        throw draft.error(valueAt, "knob " + d.label() + " expects " + d.rangeText()
                                + " as a string, not " + describe(p));
                    }
                    draft.knob(d, p.getText(), valueAt);
                }
            }
        }
    }

    private void provenance(JsonParser p, ProfileDraft draft) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String key = p.currentName();
            Position keyAt = at(p);
            p.nextToken();
            if (!ProfileFields.PROVENANCE_FIELDS.contains(key)) {
                throw draft.unknownField(keyAt, key, "in provenance", ProfileFields.PROVENANCE_FIELDS);
            }
            draft.field(key, string(p, draft, key), keyAt);
        }
    }

    private void scores(JsonParser p, ProfileDraft draft) throws IOException {
        List<String> seen = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String set = p.currentName();
            Position setAt = at(p);
            p.nextToken();
            if (!ProfileFields.SCORE_SETS.contains(set)) {
                throw draft.unknownField(setAt, set, "in scores", ProfileFields.SCORE_SETS);
            }
            if (seen.contains(set)) {
                throw draft.error(setAt, "scores." + set + " is given twice");
            }
            seen.add(set);
            expectObject(p, draft, "scores." + set);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                Position nameAt = at(p);
                p.nextToken();
                if (name.equals(Scores.KERNELS)) {
                    draft.kernels(set, whole(p, draft, set + "." + name), nameAt);
                } else {
                    if (!p.currentToken().isNumeric()) {
                        throw draft.error(at(p), set + "." + name + " must be a number, not " + describe(p));
                    }
                    draft.score(set, name, p.getDoubleValue(), nameAt);
                }
            }
        }
    }

    private static void expectObject(JsonParser p, ProfileDraft draft, String key) {
        if (p.currentToken() != JsonToken.START_OBJECT) {
            throw draft.error(at(p), key + " must be an object, not " + describe(p));
        }
    }

    private static String string(JsonParser p, ProfileDraft draft, String key) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_STRING) {
            throw draft.error(at(p), key + " must be a string, not " + describe(p));
        }
        return p.getText();
    }

    private static long whole(JsonParser p, ProfileDraft draft, String key) throws IOException {
        if (p.currentToken() != JsonToken.VALUE_NUMBER_INT || !p.getNumberType().equals(JsonParser.NumberType.INT)
                && !p.getNumberType().equals(JsonParser.NumberType.LONG)) {
            throw draft.error(at(p), key + " must be a whole number, not " + describe(p));
        }
        return p.getLongValue();
    }

    private static Position at(JsonParser p) {
        JsonLocation l = p.currentTokenLocation();
        return new Position(Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr()));
    }

    /** The current token as it appears in the file: {@code '"70"'}, {@code '1.5'}, {@code an object}. */
    private static String describe(JsonParser p) {
        JsonToken t = p.currentToken();
        if (t == null) {
            return "the end of the file";
        }
        try {
            return switch (t) {
                case START_OBJECT -> "an object";
                case START_ARRAY -> "an array";
                case VALUE_STRING -> "'\"" + p.getText() + "\"'";
                default -> "'" + p.getText() + "'";
            };
        } catch (IOException e) {
            return t.asString() == null ? t.name() : "'" + t.asString() + "'";
        }
    }
}
