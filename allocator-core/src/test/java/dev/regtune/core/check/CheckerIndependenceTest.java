package dev.regtune.core.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The checker may share only the IR and the Assignment with the allocator (see package-info). */
class CheckerIndependenceTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/regtune/core/check");

    @Test
    void checkerImportsOnlyTheIrTheAssignmentAndTheJdk() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(SOURCES)) {
            files = s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        assertTrue(files.size() >= 5, "checker sources not found under " + SOURCES.toAbsolutePath());
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                String t = line.strip();
                if (t.startsWith("import ")) {
                    String what = t.substring("import ".length()).replace("static ", "");
                    assertTrue(what.startsWith("java.") || what.startsWith("dev.regtune.core.ir.")
                            || what.startsWith("dev.regtune.core.alloc."), file.getFileName() + ": " + t);
                }
                if (!t.startsWith("*") && !t.startsWith("//")) {
                    assertFalse(t.contains("dev.regtune.core.analysis"), file.getFileName() + ": " + t);
                }
            }
        }
    }
}
