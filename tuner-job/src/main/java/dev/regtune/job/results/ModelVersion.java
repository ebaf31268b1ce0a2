package dev.regtune.job.results;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.Knobs;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The {@code model_version} of a result row: the allocator family and the RegTune release that
 * computed it ("fatpoint/0.1.0-SNAPSHOT"). Each row carries the version of the family its
 * configuration's {@code allocator} knob names, so one sweep over that knob holds rows of several
 * versions of one release. Rows of one version are comparable; a changed model is a new version,
 * so {@code --resume} re-evaluates rather than mixes.
 */
public final class ModelVersion {
    private static final String RELEASE = readRelease();

    private ModelVersion() {
    }

    /** The version of rows computed by {@code allocator} in this build. */
    public static String of(RegisterAllocator allocator) {
        return allocator.name() + "/" + RELEASE;
    }

    /**
     * The version of rows computed under {@code knobs}: that of the family their {@code allocator}
     * knob names ({@link Allocators#forKnobs}).
     *
     * @throws IllegalArgumentException when this build has no allocator of that name
     */
    public static String of(Knobs knobs) {
        return of(Allocators.forKnobs(knobs));
    }

    /** The project version Maven wrote into the CLI's version file, or "unknown" outside a build. */
    public static String release() {
        return RELEASE;
    }

    private static String readRelease() {
        Properties p = new Properties();
        try (InputStream in = ModelVersion.class.getResourceAsStream("/dev/regtune/job/cli/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "unknown" : v;
    }
}
