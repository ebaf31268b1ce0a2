package dev.regtune.job.spark;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the job jar ({@value #NAME}: RegTune without Spark) is, so that a driver started by
 * {@code bin/regtune --master spark://...} rather than by spark-submit can ship it to the
 * executors. It is built next to the CLI jar ({@code tuner-job/target/}); from the build's class
 * folder ({@code target/classes}) it is one level up.
 */
final class JobJar {
    static final String NAME = "regtune-job.jar";

    private JobJar() {
    }

    static Optional<Path> locate() {
        try {
            Path code = Path.of(JobJar.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path folder = code.getParent(); // target/ for both target/regtune-cli.jar and target/classes
            Path jar = folder == null ? null : folder.resolve(NAME);
            return jar != null && Files.isRegularFile(jar) ? Optional.of(jar) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
