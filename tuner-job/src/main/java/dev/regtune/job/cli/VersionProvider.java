package dev.regtune.job.cli;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.job.results.ModelVersion;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code regtune --version}: the RegTune (model) version from the build, the allocator families
 * and the size of the knob catalogue, which together say which model produced a result.
 */
public final class VersionProvider implements IVersionProvider {
    /** The project version Maven wrote into {@code version.properties}, or "unknown" outside a build. */
    public static String modelVersion() {
        return ModelVersion.release();
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
