package dev.regtune.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuggestionsTest {
    @Test
    void editDistanceCountsSingleCharacterEdits() {
        assertEquals(0, Suggestions.editDistance("stencil", "stencil"));
        assertEquals(1, Suggestions.editDistance("stencl", "stencil"));
        assertEquals(2, Suggestions.editDistance("mma", "m"));
        assertEquals(3, Suggestions.editDistance("kitten", "sitting"));
    }

    @Test
    void closestIgnoresCaseTakesPrefixesAndRespectsTheLimit() {
        List<String> names = List.of("accumulators", "stencil", "reduction");
        assertEquals(Optional.of("stencil"), Suggestions.closest("Stencl", names, 2));
        assertEquals(Optional.of("accumulators"), Suggestions.closest("acc", names, 2));
        assertEquals(Optional.empty(), Suggestions.closest("quicksort", names, 2));
    }
}
