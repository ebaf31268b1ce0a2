package dev.regtune.space.profile;

/**
 * Where a profile came from. There is deliberately no creation time: the same sweep exported twice
 * gives the same bytes. Each field is one line of text without leading or trailing white space, or
 * empty when unknown.
 *
 * @param corpus the kernels the profile was tuned on (a corpus name or folder)
 * @param runId the sweep that produced it
 * @param modelVersion the RegTune version whose model scored it
 */
public record Provenance(String corpus, String runId, String modelVersion) {
    /** Nothing known. */
    public static final Provenance NONE = new Provenance("", "", "");

    public Provenance {
        ProfileChecks.line("corpus", corpus);
        ProfileChecks.line("run id", runId);
        ProfileChecks.line("model version", modelVersion);
    }
}
