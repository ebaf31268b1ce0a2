package dev.regtune.core.arch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rebuilds and reruns {@code src/test/cpp/occupancy_reference.cpp} against the installed
 * {@code cuda_occupancy.h} and checks that the committed {@code reference.csv} is exactly what it
 * prints, so the table {@link OccupancyCalculatorTest} trusts cannot drift from NVIDIA's code.
 * Skips, saying why, where g++, bash or the CUDA header is missing.
 */
class OccupancyReferenceRegenerationTest {

    private static final long TIMEOUT_SECONDS = 300;

    @Test
    void committedReferenceEqualsFreshOutputOfNvidiasCalculator(@TempDir Path temp)
            throws IOException, InterruptedException {
        Path cudaHome = Path.of(System.getenv().getOrDefault("CUDA_HOME", "/usr/local/cuda"));
        Path header = cudaHome.resolve("include/cuda_occupancy.h");
        assumeTrue(Files.isRegularFile(header),
                "Skipped: NVIDIA's " + header + " is not installed (set CUDA_HOME), so the reference cannot be rebuilt.");
        assumeTrue(runs(temp, "g++", "--version"), "Skipped: g++ is not on the PATH, so the reference cannot be rebuilt.");
        assumeTrue(runs(temp, "bash", "--version"), "Skipped: bash is not on the PATH, so generate.sh cannot run.");

        Path module = ReferenceCsv.moduleDir();
        Path script = module.resolve("src/test/cpp/generate.sh");
        Path committed = module.resolve("src/test/resources/occupancy/reference.csv");
        assertTrue(Files.isRegularFile(script), "generate.sh not found at " + script);

        Path fresh = temp.resolve("reference.csv");
        Path log = temp.resolve("generate.log");
        Process process = new ProcessBuilder("bash", script.toString(), fresh.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("generate.sh did not finish within " + TIMEOUT_SECONDS + " s.");
        }
        assertEquals(0, process.exitValue(),
                () -> "generate.sh failed:\n" + readQuietly(log));

        List<String> expected = Files.readAllLines(committed, StandardCharsets.UTF_8);
        List<String> actual = Files.readAllLines(fresh, StandardCharsets.UTF_8);
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            int line = i + 1;
            assertEquals(expected.get(i), actual.get(i), () -> "reference.csv line " + line
                    + " differs from a fresh run of occupancy_reference.cpp; rerun src/test/cpp/generate.sh.");
        }
        assertEquals(expected.size(), actual.size(), "reference.csv has a different number of lines than a fresh run.");
        assertArrayEquals(Files.readAllBytes(committed), Files.readAllBytes(fresh),
                "reference.csv differs byte-wise (line endings?) from a fresh run.");
    }

    /** Whether {@code command} can be started and exits 0, i.e. the tool is installed. */
    private static boolean runs(Path temp, String... command) throws InterruptedException {
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(temp.resolve("probe.log").toFile())
                    .start();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return false;
            }
            return process.exitValue() == 0;
        } catch (IOException notInstalled) {
            return false;
        }
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
