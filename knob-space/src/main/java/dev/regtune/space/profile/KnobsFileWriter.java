package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobDef;
import java.util.Map;

/**
 * Writes the ptxas-style knobs file: {@code # key: value} comments for the header, provenance and
 * scores, then {@code [knobs]} and one {@code Name=Value} line per changed knob in catalogue order.
 * Lines end with {@code \n} on every platform.
 */
final class KnobsFileWriter {
    static final String SECTION = "[knobs]";
    static final String TITLE = "# RegTune knob profile";

    String write(KnobProfile p) {
        StringBuilder sb = new StringBuilder(TITLE).append('\n');
        for (String key : ProfileFields.HEADER) {
            comment(sb, key, ProfileFields.header(p, key));
        }
        for (String key : ProfileFields.PROVENANCE_FIELDS) {
            comment(sb, key, ProfileFields.provenance(p.provenance(), key));
        }
        for (String set : ProfileFields.SCORE_SETS) {
            Scores s = ProfileFields.scores(p, set);
            comment(sb, set + "." + Scores.KERNELS, Integer.toString(s.kernels()));
            for (Map.Entry<String, Double> f : s.figures().entrySet()) {
                comment(sb, set + "." + f.getKey(), Double.toString(f.getValue()));
            }
        }
        sb.append(SECTION).append('\n');
        for (KnobDef d : p.changedKnobs()) {
            sb.append(d.name()).append('=').append(d.format(p.knobs().get(d))).append('\n');
        }
        return sb.toString();
    }

    private static void comment(StringBuilder sb, String key, String value) {
        sb.append("# ").append(key).append(':');
        if (!value.isEmpty()) {
            sb.append(' ').append(value);
        }
        sb.append('\n');
    }
}
