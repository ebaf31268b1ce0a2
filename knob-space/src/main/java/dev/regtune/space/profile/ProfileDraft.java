package dev.regtune.space.profile;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.KnobType;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.core.text.Suggestions;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * What a reader has found so far, field by field. Every value is checked when it is set, so an
 * error names the position of the offending field; a field or knob given twice is an error naming
 * both lines. The readers differ only in how they find fields; the rules live here.
 */
final class ProfileDraft {
    private final String source;
    private final UnaryOperator<String> spelling;
    /** Field key to where it was set, for "given twice"; looked up only, never iterated. */
    private final Map<String, Position> seen = new HashMap<>();
    private @Nullable String arch;
    private @Nullable String objective;
    private int maxrregcount;
    private boolean hasFormat;
    private boolean hasVersion;
    private final Map<String, String> provenance = new HashMap<>();
    private final Map<String, Integer> kernels = new HashMap<>();
    private final Map<String, TreeMap<String, Double>> figures = new HashMap<>();
    private final double[] knobs = Knobs.defaults().toArray();
    private final Position[] knobSeen = new Position[KnobCatalogue.size()];

    /**
     * @param source the file name for messages
     * @param spelling how the format spells a field in "has no ..." messages, e.g. {@code '# arch:' comment}
     */
    ProfileDraft(String source, UnaryOperator<String> spelling) {
        this.source = source;
        this.spelling = spelling;
        for (String set : ProfileFields.SCORE_SETS) {
            kernels.put(set, 0);
            figures.put(set, new TreeMap<>());
        }
    }

    /** An error at {@code at} in this draft's file. */
    ProfileFormatException error(Position at, String what) {
        return new ProfileFormatException(source, at.line(), at.column(), what);
    }

    /** An error naming the closest of {@code known} to the unknown {@code given} field. */
    ProfileFormatException unknownField(Position at, String given, String where, Collection<String> known) {
        String hint = Suggestions.closest(given, known, Math.max(2, given.length() / 3))
                .map(n -> "; did you mean " + n + "?")
                .orElse("; expected one of " + String.join(", ", known));
        return error(at, "unknown field '" + given + "' " + where + hint);
    }

    /** A header or provenance field given as text; numbers are parsed here. */
    void field(String key, String text, Position at) {
        once(key, at);
        try {
            switch (key) {
                case ProfileFields.FORMAT -> {
                    if (!text.equals(ProfileFields.FORMAT_NAME)) {
                        throw new IllegalArgumentException("the format is '" + text + "', not '"
                                + ProfileFields.FORMAT_NAME + "', so this is not a RegTune knob profile");
                    }
                    hasFormat = true;
                }
                case ProfileFields.VERSION -> version(wholeNumber(key, text), at);
                case ProfileFields.ARCH -> arch = ProfileChecks.arch(text);
                case ProfileFields.MAXRREGCOUNT -> maxrregcount = ProfileChecks.budget(wholeNumber(key, text));
                case ProfileFields.OBJECTIVE -> objective = ProfileChecks.objective(text);
                case ProfileFields.CORPUS -> provenance.put(key, ProfileChecks.line("corpus", text));
                case ProfileFields.RUN_ID -> provenance.put(key, ProfileChecks.line("run id", text));
                case ProfileFields.MODEL_VERSION -> provenance.put(key, ProfileChecks.line("model version", text));
                default -> throw new IllegalStateException("no profile field " + key);
            }
        } catch (IllegalArgumentException e) {
            throw rethrow(e, at);
        }
    }

    /** A whole-number header field (version, maxrregcount) given as a number. */
    void field(String key, long value, Position at) {
        field(key, Long.toString(value), at);
    }

    private void version(long v, Position at) {
        if (v != ProfileFields.VERSION_NUMBER) {
            throw error(at, "profile version " + v + " is not supported; this RegTune reads version "
                    + ProfileFields.VERSION_NUMBER);
        }
        hasVersion = true;
    }

    /** A score figure ({@code name} not "kernels") or the kernel count of score set {@code set}, as text. */
    void score(String set, String name, String text, Position at) {
        String label = set + "." + name;
        try {
            if (name.equals(Scores.KERNELS)) {
                once(label, at);
                kernels.put(set, ProfileChecks.kernels(wholeNumber(label, text)));
                return;
            }
            double v;
            try {
                v = Double.parseDouble(text.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(label + " must be a number, not '" + text + "'");
            }
            score(set, name, v, at);
        } catch (IllegalArgumentException e) {
            throw rethrow(e, at);
        }
    }

    /** A score figure of score set {@code set} given as a number. */
    void score(String set, String name, double value, Position at) {
        String label = set + "." + name;
        once(label, at);
        try {
            ProfileChecks.figureName(name);
            Objects.requireNonNull(figures.get(set)).put(name, ProfileChecks.figure(label, value));
        } catch (IllegalArgumentException e) {
            throw rethrow(e, at);
        }
    }

    /** The kernel count of score set {@code set}, given as a number. */
    void kernels(String set, long value, Position at) {
        score(set, Scores.KERNELS, Long.toString(value), at);
    }

    /** The catalogue's knob named or numbered {@code nameOrId}, or an error with its "did you mean". */
    KnobDef knob(String nameOrId, Position at) {
        try {
            return KnobCatalogue.require(nameOrId);
        } catch (IllegalArgumentException e) {
            throw rethrow(e, at);
        }
    }

    /** A knob value given as text, parsed as the catalogue parses it; a mistyped choice gets a "did you mean". */
    void knob(KnobDef d, String text, Position at) {
        double v;
        try {
            v = Knobs.parseValue(d, text);
        } catch (IllegalArgumentException e) {
            if (d.type() == KnobType.CHOICE) {
                String hint = Suggestions.closest(text, d.choices(), Math.max(2, text.strip().length() / 3))
                        .map(n -> "; did you mean " + n + "?").orElse("");
                throw error(at, e.getMessage() + hint);
            }
            throw rethrow(e, at);
        }
        knob(d, v, at);
    }

    /** A knob value, checked against the catalogue's range. */
    void knob(KnobDef d, double value, Position at) {
        Position first = knobSeen[d.ordinal()];
        if (first != null) {
            throw error(at, "knob " + d.label() + " is set twice (first " + where(first) + ")");
        }
        try {
            Knobs.defaults().with(d, value);
        } catch (IllegalArgumentException e) {
            throw rethrow(e, at);
        }
        knobSeen[d.ordinal()] = at;
        knobs[d.ordinal()] = value;
    }

    boolean has(String key) {
        return seen.containsKey(key);
    }

    /**
     * The profile. {@code end} is where a missing field is reported (the end of the file); formats
     * whose files always carry format and version pass {@code requireFormat}.
     */
    KnobProfile build(Position end, boolean requireFormat) {
        if (requireFormat && !hasFormat) {
            throw error(end, "the profile has no " + spelling.apply(ProfileFields.FORMAT) + "; a RegTune knob "
                    + "profile says it is " + ProfileFields.FORMAT_NAME + " version " + ProfileFields.VERSION_NUMBER);
        }
        if (requireFormat && !hasVersion) {
            throw error(end, "the profile has no " + spelling.apply(ProfileFields.VERSION)
                    + "; this RegTune reads version " + ProfileFields.VERSION_NUMBER);
        }
        if (arch == null) {
            throw error(end, "the profile has no " + spelling.apply(ProfileFields.ARCH)
                    + " naming its architecture");
        }
        if (objective == null) {
            throw error(end, "the profile has no " + spelling.apply(ProfileFields.OBJECTIVE)
                    + " saying what it minimises");
        }
        Provenance p = new Provenance(provenance.getOrDefault(ProfileFields.CORPUS, ""),
                provenance.getOrDefault(ProfileFields.RUN_ID, ""),
                provenance.getOrDefault(ProfileFields.MODEL_VERSION, ""));
        return new KnobProfile(arch, maxrregcount, objective, Knobs.ofArray(knobs), p,
                scores(ProfileFields.TRAIN), scores(ProfileFields.TEST));
    }

    private Scores scores(String set) {
        return new Scores(Objects.requireNonNull(kernels.get(set)), Objects.requireNonNull(figures.get(set)));
    }

    private void once(String key, Position at) {
        Position first = seen.putIfAbsent(key, at);
        if (first != null) {
            throw error(at, key + " is given twice (first " + where(first) + ")");
        }
    }

    private static String where(Position p) {
        return p.column() > 0 ? "at line " + p.line() + ", column " + p.column() : "on line " + p.line();
    }

    private static long wholeNumber(String key, String text) {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " must be a whole number, not '" + text + "'");
        }
    }

    private ProfileFormatException rethrow(IllegalArgumentException e, Position at) {
        return e instanceof ProfileFormatException pfe ? pfe : error(at, String.valueOf(e.getMessage()));
    }
}
