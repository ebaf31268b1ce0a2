package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobDef;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads the CSV layout of {@link CsvProfileLayout}. Rows may come in any order; blank lines are
 * skipped. A knob row's {@code id}, when filled, must be the catalogue's number for that knob;
 * its {@code default} column is for people reading the file and is not checked, so a profile
 * stays readable after a catalogue default changes.
 */
final class CsvProfileReader {
    private static final List<String> PROFILE_FIELDS = ProfileFields.HEADER;

    KnobProfile read(String text, String source) {
        ProfileDraft draft = new ProfileDraft(source, key -> "'" + CsvProfileLayout.PROFILE + "," + key + "' row");
        LineIndex lines = new LineIndex(text);
        try (CSVParser parser = CSVParser.parse(text, CsvProfileLayout.FORMAT)) {
            Iterator<CSVRecord> it = parser.iterator();
            try {
                if (!it.hasNext()) {
                    throw draft.error(Position.line(1), "the file is empty; expected the header "
                            + String.join(",", CsvProfileLayout.HEADER));
                }
                CSVRecord header = it.next();
                if (!header.toList().equals(CsvProfileLayout.HEADER)) {
                    throw draft.error(lines.at(header), "the header is '" + String.join(",", header.toList())
                            + "'; expected " + String.join(",", CsvProfileLayout.HEADER));
                }
                while (it.hasNext()) {
                    CSVRecord r = it.next();
                    row(draft, r, lines.at(r));
                }
            } catch (UncheckedIOException e) {
                // Commons CSV reports a broken quote this way, with its own line number in the text
                throw draft.error(Position.line((int) Math.max(1, parser.getCurrentLineNumber())),
                        "malformed CSV: " + String.valueOf(Objects.requireNonNull(e.getCause()).getMessage())
                                .replaceFirst("^\\(startline \\d+\\) ", ""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read CSV from memory", e);
        }
        return draft.build(Position.line(lines.lastLine()), true);
    }

    private void row(ProfileDraft draft, CSVRecord r, Position at) {
        if (r.size() != CsvProfileLayout.HEADER.size()) {
            throw draft.error(at, "the row has " + r.size() + " cells, not " + CsvProfileLayout.HEADER.size()
                    + " (" + String.join(",", CsvProfileLayout.HEADER) + ")");
        }
        String kind = r.get(0);
        String name = r.get(1);
        String id = r.get(2);
        String value = r.get(3);
        switch (kind) {
            case CsvProfileLayout.PROFILE -> {
                if (!PROFILE_FIELDS.contains(name)) {
                    throw draft.unknownField(at, name, "of kind profile", PROFILE_FIELDS);
                }
                draft.field(name, value, at);
            }
            case CsvProfileLayout.PROVENANCE -> {
                if (!ProfileFields.PROVENANCE_FIELDS.contains(name)) {
                    throw draft.unknownField(at, name, "of kind provenance", ProfileFields.PROVENANCE_FIELDS);
                }
                draft.field(name, value, at);
            }
            case ProfileFields.TRAIN, ProfileFields.TEST -> draft.score(kind, name, value, at);
            case CsvProfileLayout.KNOB -> {
                KnobDef d = draft.knob(name, at);
                if (!id.isBlank() && !id.strip().equals(Integer.toString(d.id()))) {
                    throw draft.error(at, "knob " + d.name() + " has number " + d.id() + " in the catalogue, not '"
                            + id + "'");
                }
                draft.knob(d, value, at);
            }
            default -> throw draft.error(at, "unknown row kind '" + kind + "'; expected one of "
                    + String.join(", ", CsvProfileLayout.KINDS));
        }
    }

    /** Line numbers from character offsets, since a quoted cell may span lines and blank lines are skipped. */
    private static final class LineIndex {
        private final String text;
        private int offset;
        private int line = 1;

        LineIndex(String text) {
            this.text = text;
        }

        /** The line where {@code r} starts; records arrive in file order, so the scan only moves forward. */
        Position at(CSVRecord r) {
            int target = (int) Math.min(r.getCharacterPosition(), text.length());
            for (; offset < target; offset++) {
                if (text.charAt(offset) == '\n') {
                    line++;
                }
            }
            return Position.line(line);
        }

        int lastLine() {
            int n = 1;
            for (int i = 0; i < text.length() - 1; i++) {
                if (text.charAt(i) == '\n') {
                    n++;
                }
            }
            return n;
        }
    }
}
