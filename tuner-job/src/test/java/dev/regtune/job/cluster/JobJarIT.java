package dev.regtune.job.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;

/** What the packaged jars hold: the job jar brings RegTune and what a Spark installation lacks, nothing of Spark's. */
class JobJarIT {
    private final BuildArtifacts build = BuildArtifacts.fromSystemProperties();

    @Test
    void theJobJarHoldsRegTuneAndItsNonSparkDependenciesOnly() throws IOException {
        try (JarFile jar = new JarFile(build.jobJar().toFile())) {
            List<String> names = jar.stream().map(JarEntry::getName).toList();
            for (String kept : List.of("dev/regtune/job/cli/RegtuneMain.class", "dev/regtune/core/Allocators.class",
                    "dev/regtune/space/KnobSpace.class", "dev/regtune/datasets/BundledCorpus.class",
                    "picocli/CommandLine.class", "org/apache/commons/csv/CSVFormat.class",
                    "com/github/benmanes/caffeine/cache/Caffeine.class")) {
                assertTrue(names.contains(kept), kept);
            }
            // Spark and everything it ships (Scala, Hadoop, Parquet, log4j, Jackson, commons-io/codec) is the cluster's.
            for (String prefix : List.of("org/apache/spark/", "scala/", "org/apache/hadoop/", "org/apache/parquet/",
                    "org/apache/logging/", "org/slf4j/", "com/fasterxml/", "org/apache/commons/io/",
                    "org/apache/commons/codec/", "log4j2.properties")) {
                assertEquals(List.of(), names.stream().filter(n -> n.startsWith(prefix)).limit(3).toList(), prefix);
            }
        }
    }

    @Test
    void bothJarsOpenWhatSparkNeedsAndTheJobJarHasNoClassPath() throws IOException {
        Attributes job = manifest(build.jobJar()).getMainAttributes();
        assertEquals("dev.regtune.job.cli.RegtuneMain", job.getValue("Main-Class"));
        assertEquals(addOpens(), job.getValue("Add-Opens"));
        // regtune-cli.jar's Class-Path (lib/...) would add the local distribution's Spark to a cluster's.
        assertNull(job.getValue("Class-Path"));

        // 'java -jar regtune-cli.jar sweep' finds RegTune's dependencies and Spark in lib/.
        Attributes cli = manifest(build.jobJar().resolveSibling("regtune-cli.jar")).getMainAttributes();
        assertEquals(addOpens(), cli.getValue("Add-Opens"));
        List<String> classPath = List.of(cli.getValue("Class-Path").split(" "));
        assertTrue(classPath.contains("lib/picocli-4.7.6.jar"), classPath.toString());
        assertTrue(classPath.contains("lib/spark-sql_2.13-4.0.2.jar"), classPath.toString());
    }

    /** The Add-Opens value the --add-opens lines of src/main/jvm/spark-java-options stand for. */
    private String addOpens() {
        List<String> pairs = build.sparkJavaOptions().stream()
                .filter(o -> o.startsWith("--add-opens="))
                .map(o -> o.substring("--add-opens=".length(), o.length() - "=ALL-UNNAMED".length()))
                .toList();
        assertTrue(pairs.contains("java.base/sun.nio.ch"), pairs.toString());
        return String.join(" ", pairs);
    }

    private static Manifest manifest(Path jar) throws IOException {
        try (JarFile f = new JarFile(jar.toFile())) {
            return f.getManifest();
        }
    }
}
