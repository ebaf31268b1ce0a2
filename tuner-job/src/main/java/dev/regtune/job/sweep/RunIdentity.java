package dev.regtune.job.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * What decides a run's rows, as its run record keeps it: a {@code --resume} must name the same, or
 * it would mix two sweeps' rows under one run id.
 *
 * @param runId the run
 * @param spaceName the space's name
 * @param spaceSha256 SHA-256 of the space spec's text
 * @param kernelsSource the kernels' origin as the user named it (informative: the same kernels may be named by another path)
 * @param kernelsFingerprint {@link KernelCatalog#fingerprint()}
 * @param arch the architecture filter, or ""
 * @param plan {@link SweepPlan#describe()}
 * @param seed the seed
 * @param modelVersion the model versions the run writes
 */
public record RunIdentity(String runId, String spaceName, String spaceSha256, String kernelsSource,
        String kernelsFingerprint, String arch, String plan, long seed, String modelVersion) {

    static RunIdentity of(SweepRequest request, String runId, KernelCatalog kernels, String modelVersion) {
        return new RunIdentity(runId, request.space().name(), sha256(request.spaceText()), request.kernelsDescription(),
                kernels.fingerprint(), request.arch().orElse(""), request.plan().describe(), request.seed(), modelVersion);
    }

    /**
     * What differs between this (the resuming sweep) and the record of the run, one phrase per
     * difference; empty when the resume may go on. A field the record lacks (an older record) is not
     * compared.
     */
    List<String> differences(JsonNode record) {
        List<String> out = new ArrayList<>();
        JsonNode space = record.path("space");
        if (space.has("sha256") && !space.path("sha256").asText().equals(spaceSha256)) {
            out.add("the space differs (this spec: '" + spaceName + "' sha256 " + spaceSha256.substring(0, 12)
                    + ", the run's: '" + space.path("name").asText() + "' sha256 "
                    + abbreviate(space.path("sha256").asText()) + ")");
        } else if (!space.has("sha256") && space.has("name") && !space.path("name").asText().equals(spaceName)) {
            out.add("the space differs ('" + spaceName + "', the run's: '" + space.path("name").asText() + "')");
        }
        JsonNode k = record.path("kernels");
        if (k.has("fingerprint") && !k.path("fingerprint").asText().equals(kernelsFingerprint)) {
            out.add("the kernels differ (" + kernelsSource + ", fingerprint " + kernelsFingerprint + "; the run's: "
                    + k.path("source").asText() + ", fingerprint " + k.path("fingerprint").asText() + ")");
        }
        if (k.has("arch") && !k.path("arch").asText().equals(arch)) {
            out.add("the architecture filter differs (--arch '" + arch + "', the run's: '" + k.path("arch").asText() + "')");
        }
        if (record.has("plan") && !record.path("plan").asText().equals(plan)) {
            out.add("the sampler or strategy differs ('" + plan + "', the run's: '" + record.path("plan").asText() + "')");
        }
        if (record.has("seed") && record.path("seed").asLong() != seed) {
            out.add("the seed differs (" + seed + ", the run's: " + record.path("seed").asLong() + ")");
        }
        if (record.has("model_version") && !record.path("model_version").asText().equals(modelVersion)) {
            out.add("the model version differs (" + modelVersion + ", the run's: " + record.path("model_version").asText()
                    + ")");
        }
        return out;
    }

    private static String abbreviate(String sha) {
        return sha.length() > 12 ? sha.substring(0, 12) : sha;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
