package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobDef;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the ptxas-style knobs file. Accepted lines: blank lines; comments ({@code #}), of which
 * {@code # key: value} with a profile key is metadata and any other is ignored; one {@code [knobs]}
 * header; after it, {@code Name=Value} or {@code Number=Value} with optional white space around
 * the {@code =}. Anything else is an error naming file and line.
 */
final class KnobsFileReader {
    // DOTALL: '.' must also match U+2028 and U+2029, which a one-line text field may contain
    private static final Pattern META = Pattern.compile("#\\s*([A-Za-z][A-Za-z0-9_.]*)\\s*:(.*)", Pattern.DOTALL);
    private static final Pattern SETTING = Pattern.compile("([^=\\s]+)\\s*=\\s*(\\S.*)", Pattern.DOTALL);

    private final List<String> metaKeys;

    KnobsFileReader() {
        List<String> keys = new ArrayList<>(ProfileFields.HEADER);
        keys.addAll(ProfileFields.PROVENANCE_FIELDS);
        metaKeys = List.copyOf(keys);
    }

    KnobProfile read(String text, String source) {
        ProfileDraft draft = new ProfileDraft(source, key -> "'# " + key + ":' comment");
        String[] lines = text.split("\n", -1);
        int sectionLine = 0;
        int lineCount = 0;
        for (int i = 0; i < lines.length; i++) {
            int n = i + 1;
            String raw = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            if (i == lines.length - 1 && raw.isEmpty()) {
                break; // the newline at the end of the last line
            }
            lineCount = n;
            Position at = Position.line(n);
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                metadata(draft, line, at);
            } else if (line.startsWith("[")) {
                if (!line.equals(KnobsFileWriter.SECTION)) {
                    throw draft.error(at, "unknown section '" + line + "'; a knobs file has only the "
                            + KnobsFileWriter.SECTION + " section");
                }
                if (sectionLine > 0) {
                    throw draft.error(at, "the " + KnobsFileWriter.SECTION + " section header appears twice (first on "
                            + "line " + sectionLine + ")");
                }
                sectionLine = n;
            } else {
                Matcher m = SETTING.matcher(line);
                if (!m.matches()) {
                    throw draft.error(at, "expected a Name=Value knob setting, a comment or a section header, not '"
                            + line + "'");
                }
                if (sectionLine == 0) {
                    throw draft.error(at, "knob setting '" + line + "' comes before the " + KnobsFileWriter.SECTION
                            + " section header");
                }
                KnobDef d = draft.knob(m.group(1), at);
                draft.knob(d, m.group(2).strip(), at);
            }
        }
        Position end = Position.line(Math.max(1, lineCount));
        if (sectionLine == 0) {
            throw draft.error(end, "the file has no " + KnobsFileWriter.SECTION + " section header, so it is not a "
                    + "knobs file");
        }
        return draft.build(end, false);
    }

    private void metadata(ProfileDraft draft, String line, Position at) {
        Matcher m = META.matcher(line);
        if (!m.matches()) {
            return; // a plain comment
        }
        String key = m.group(1);
        String value = m.group(2).strip();
        if (metaKeys.contains(key)) {
            draft.field(key, value, at);
            return;
        }
        int dot = key.indexOf('.');
        if (dot > 0 && ProfileFields.SCORE_SETS.contains(key.substring(0, dot))) {
            draft.score(key.substring(0, dot), key.substring(dot + 1), value, at);
        }
        // any other "# word: text" is an ordinary comment
    }
}
