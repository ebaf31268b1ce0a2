package dev.regtune.core.pipeline;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.regtune.core.Allocators;
import dev.regtune.core.RegisterAllocator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's stage tables are the pipelines: each family's stages, by name and class, in order,
 * are consecutive rows of one table ({@code | name | `package.Class` | ... |}).
 */
class ReadmeStageTableTest {
    private static final Pattern ROW = Pattern.compile("^\\| ([^|`]+?) \\| `([\\w.]+)` \\|");

    private static List<String> readmeRows() throws IOException {
        Path readme = Path.of("..", "README.md");
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(readme, StandardCharsets.UTF_8)) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                rows.add(m.group(1) + " | " + m.group(2));
            } else if (!line.startsWith("|")) {
                rows.add("");
            }
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(strings = {"fatpoint", "briggs"})
    void theReadmeListsEveryStageOfTheFamilyInOrder(String family) throws IOException {
        RegisterAllocator allocator = Allocators.byName(family);
        List<String> stages = new ArrayList<>();
        for (Stage<?> stage : allocator.pipeline().stages()) {
            String pkg = stage.getClass().getPackageName();
            stages.add(stage.name() + " | " + pkg.substring(pkg.lastIndexOf('.') + 1) + "."
                    + stage.getClass().getSimpleName());
        }
        List<String> rows = readmeRows();
        assertTrue(Collections.indexOfSubList(rows, stages) >= 0,
                "README.md has no table with these consecutive rows (stage | `package.Class`):\n"
                        + String.join("\n", stages));
    }
}
