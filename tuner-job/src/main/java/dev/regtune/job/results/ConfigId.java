package dev.regtune.job.results;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * The {@code config_id} of a configuration: the first 16 hex digits of the SHA-256 of the knobs
 * that differ from their catalogue defaults (as {@code name=value} lines in catalogue order), the
 * register budget and the launch bounds. A knob set to its default and a knob left out give the
 * same id, and a knob added to the catalogue later leaves existing ids alone (a changed default
 * changes the {@code model_version} instead). The architecture is not part of it: it is part of
 * the kernel id. The ptxas controls a configuration sets enter after the launch bounds. A choice knob enters by its choice's name ({@code allocator=briggs}), so the id
 * does not depend on the order of the catalogue's choices; at its default it does not enter, so
 * every configuration of the fat-point allocator keeps the id it had before the knob existed.
 */
public final class ConfigId {
    /** The id's length in hex digits. */
    public static final int LENGTH = 16;

    private ConfigId() {
    }

    /**
     * @param launchBounds the imposed launch bounds as the space spells them, or null for none
     */
    public static String of(Knobs knobs, int registerBudget, @Nullable String launchBounds) {
        return of(knobs, registerBudget, launchBounds, java.util.Collections.emptySortedMap());
    }

    /**
     * The id of a configuration that also sets ptxas controls: they enter as {@code name=value} lines
     * after the launch bounds, sorted by name, so a configuration without controls keeps the id it had
     * before controls existed.
     *
     * @param controls control dimension to value ({@code ptxas_fmad=false})
     */
    public static String of(Knobs knobs, int registerBudget, @Nullable String launchBounds,
            java.util.SortedMap<String, String> controls) {
        StringBuilder text = new StringBuilder(2048);
        for (KnobDef k : KnobCatalogue.all()) {
            if (knobs.get(k) == k.defaultValue()) {
                continue;
            }
            text.append(k.name()).append('=').append(k.format(knobs.get(k))).append('\n');
        }
        text.append("maxrregcount=").append(registerBudget).append('\n');
        text.append("launch_bounds=").append(launchBounds == null ? "" : launchBounds.strip()).append('\n');
        controls.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d).substring(0, LENGTH);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
