package dev.regtune.job.cli;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code regtune --version}: the RegTune (model) version from the build, the allocator families
 * and the size of the knob catalogue, which together say which model produced a result.
 */
public final class VersionProvider implements IVersionProvider {
    /** The project version Maven wrote into {@code version.properties}, or "unknown" outside a build. */
    public static String modelVersion() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String v = p.getProperty("version", "unknown");
        return v.startsWith("${") ? "unknown" : v;
    }

    @Override
    public String[] getVersion() {
        String allocators = String.join(", ", Allocators.all().stream().map(RegisterAllocator::name).toList());
        return new String[] {
            "regtune " + modelVersion(),
            "model: allocators " + allocators + ", " + KnobCatalogue.size()
                    + " knobs, after the ptxas 13.0 register allocator",
            "java: " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
        };
    }
}
