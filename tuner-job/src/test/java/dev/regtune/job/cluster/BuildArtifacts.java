package dev.regtune.job.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the Maven build hands to the integration tests (failsafe's {@code systemPropertyVariables}
 * in tuner-job/pom.xml): the job jar, Spark's own jars, Spark's JVM options, the checkout and a
 * folder for the tests' output.
 *
 * @param jobJar target/regtune-job.jar, the application jar that spark-submit gets
 * @param sparkJars the 'provided' dependencies, i.e. a Spark installation's jars and nothing of RegTune
 * @param sparkJavaOptions the options of src/main/jvm/spark-java-options (--add-opens ...)
 * @param projectRoot the repository root (datasets/, spaces/)
 * @param workDir target/cluster-it, where each test keeps its processes' logs and its output
 */
record BuildArtifacts(Path jobJar, List<Path> sparkJars, List<String> sparkJavaOptions, Path projectRoot, Path workDir) {

    /** Reads the build's system properties; fails with what is missing when a test is run outside Maven. */
    static BuildArtifacts fromSystemProperties() {
        Path jobJar = existing("regtune.it.jobJar");
        Path classPath = existing("regtune.it.sparkClassPath");
        Path options = existing("regtune.it.sparkJavaOptions");
        try {
            List<Path> jars = Arrays.stream(Files.readString(classPath).strip().split(File.pathSeparator))
                    .filter(s -> !s.isBlank())
                    .map(Path::of)
                    .toList();
            List<String> javaOptions = Files.readAllLines(options).stream()
                    .map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                    .toList();
            return new BuildArtifacts(jobJar, jars, javaOptions,
                    existing("regtune.it.projectRoot").toRealPath(), Path.of(property("regtune.it.workDir")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code workDir/name}, emptied: each test starts from a clean folder and leaves its logs there for diagnosis. */
    Path freshDir(String name) throws IOException {
        Path dir = workDir.resolve(name);
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }

    /** A file or folder of the checkout, e.g. {@code spaces/quickstart.json}. */
    Path inProject(String relative) {
        return projectRoot.resolve(relative);
    }

    private static Path existing(String key) {
        Path p = Path.of(property(key));
        if (!Files.exists(p)) {
            throw new IllegalStateException(key + " names " + p + ", which does not exist; run 'mvn verify' "
                    + "(the integration tests need the packaged job jar)");
        }
        return p;
    }

    private static String property(String key) {
        String v = System.getProperty(key);
        if (v == null) {
            throw new IllegalStateException("system property " + key + " is not set; the integration tests run "
                    + "through maven-failsafe-plugin ('mvn verify'), which sets it");
        }
        return v;
    }
}
