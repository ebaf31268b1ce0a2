package dev.regtune.job.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * ptxas's figures for the bundled {@code sm_90/elementwise.ptx}'s entries at no limit, as a
 * {@code fidelity --reference} CSV naming the copy of that file in a test's own folder.
 */
final class ElementwiseReference {
    private ElementwiseReference() {
    }

    /**
     * Writes {@code dir/reference.csv} for {@code kernels/sm_90/elementwise.ptx} and returns its path.
     */
    static Path write(Path kernels, Path dir) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("../datasets/corpus/ptxas-reference.csv"), StandardCharsets.UTF_8);
        List<String> out = new ArrayList<>(List.of(lines.get(0)));
        String file = kernels.resolve("sm_90/elementwise.ptx").toString();
        for (String line : lines) {
            if (line.startsWith("datasets/corpus/ptx/sm_90/elementwise.ptx,") && line.contains(",sm_90,0,")) {
                out.add(file + line.substring(line.indexOf(',')));
            }
        }
        assertEquals(3, out.size(), "elementwise's two entries at no limit");
        Path csv = dir.resolve("reference.csv");
        Files.write(csv, out, StandardCharsets.UTF_8);
        return csv;
    }
}
