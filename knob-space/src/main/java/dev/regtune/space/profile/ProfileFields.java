package dev.regtune.space.profile;

import java.util.List;

/** The field names every format uses, so that JSON keys, knobs-file comments and CSV rows agree. */
final class ProfileFields {
    /** The value of the {@value #FORMAT} field. */
    static final String FORMAT_NAME = "regtune-profile";
    /** The layout version these readers and writers speak. */
    static final int VERSION_NUMBER = 1;

    static final String FORMAT = "format";
    static final String VERSION = "version";
    static final String ARCH = "arch";
    static final String MAXRREGCOUNT = "maxrregcount";
    static final String OBJECTIVE = "objective";
    static final String KNOBS = "knobs";
    static final String PROVENANCE = "provenance";
    static final String CORPUS = "corpus";
    static final String RUN_ID = "run_id";
    static final String MODEL_VERSION = "model_version";
    static final String SCORES = "scores";
    static final String TRAIN = "train";
    static final String TEST = "test";

    /** The header fields, in the order every writer writes them. */
    static final List<String> HEADER = List.of(FORMAT, VERSION, ARCH, MAXRREGCOUNT, OBJECTIVE);
    /** The provenance fields, in writing order. */
    static final List<String> PROVENANCE_FIELDS = List.of(CORPUS, RUN_ID, MODEL_VERSION);
    /** The two score sets, in writing order. */
    static final List<String> SCORE_SETS = List.of(TRAIN, TEST);

    private ProfileFields() {
    }

    /** The provenance field {@code key} of {@code p}. */
    static String provenance(Provenance p, String key) {
        return switch (key) {
            case CORPUS -> p.corpus();
            case RUN_ID -> p.runId();
            case MODEL_VERSION -> p.modelVersion();
            default -> throw new IllegalArgumentException("no provenance field " + key);
        };
    }

    /** The header field {@code key} of {@code p} as text. */
    static String header(KnobProfile p, String key) {
        return switch (key) {
            case FORMAT -> FORMAT_NAME;
            case VERSION -> Integer.toString(VERSION_NUMBER);
            case ARCH -> p.arch();
            case MAXRREGCOUNT -> Integer.toString(p.maxrregcount());
            case OBJECTIVE -> p.objective();
            default -> throw new IllegalArgumentException("no header field " + key);
        };
    }

    /** The score set {@code key} ({@value #TRAIN} or {@value #TEST}) of {@code p}. */
    static Scores scores(KnobProfile p, String key) {
        return key.equals(TRAIN) ? p.train() : p.test();
    }
}
