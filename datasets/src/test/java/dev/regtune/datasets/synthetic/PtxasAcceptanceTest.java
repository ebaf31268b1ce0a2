package dev.regtune.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The real ptxas accepts what every family generates: a full-shape and a compact-shape sample per family and arch. */
class PtxasAcceptanceTest {
    private static final Optional<Path> PTXAS = onPath("ptxas");

    @TempDir
    Path dir;

    static Stream<Arguments> samples() {
        List<Arguments> out = new ArrayList<>();
        for (KernelFamily f : SyntheticFamilies.all()) {
            for (String arch : List.of("sm_80", "sm_90")) {
                out.add(Arguments.of(f.name() + ":instructions=1500,arch=" + arch));
                StringBuilder tiny = new StringBuilder(f.name()).append(":instructions=10,arch=").append(arch);
                f.parameters().forEach(p -> tiny.append(',').append(p.name()).append('=').append(p.min()));
                out.add(Arguments.of(tiny.toString()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void ptxasAcceptsIt(String spec) throws Exception {
        assumeTrue(PTXAS.isPresent(), "ptxas is not on PATH: skipping the check against the real compiler");
        SyntheticKernel k = Kernels.generate(spec, 2024);
        Path file = dir.resolve(k.name() + ".ptx");
        Files.writeString(file, k.ptxText(), StandardCharsets.US_ASCII);
        Process p = new ProcessBuilder(PTXAS.get().toString(), "-arch=" + k.arch(), "-o", "/dev/null", file.toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("ptxas took more than 120 s on " + spec);
        }
        assertEquals(0, p.exitValue(), "ptxas rejected " + spec + ":\n" + output);
    }

    private static Optional<Path> onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(d, tool);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

}
