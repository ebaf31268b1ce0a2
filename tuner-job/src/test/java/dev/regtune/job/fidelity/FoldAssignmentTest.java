package dev.regtune.job.fidelity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FoldAssignmentTest {
    private static Map<String, Integer> repos(int n) {
        Map<String, Integer> m = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            m.put("owner" + i + "/repo" + i, 1 + i % 7);
        }
        return m;
    }

    @Test
    void isDeterministicAndIndependentOfOrder() {
        Map<String, Integer> forward = repos(30);
        List<String> names = new ArrayList<>(forward.keySet());
        Map<String, Integer> backward = new LinkedHashMap<>();
        for (int i = names.size() - 1; i >= 0; i--) {
            backward.put(names.get(i), forward.get(names.get(i)));
        }
        FoldAssignment a = FoldAssignment.of(forward, 5);
        FoldAssignment b = FoldAssignment.of(backward, 5);
        for (String repo : names) {
            assertEquals(a.fold(repo), b.fold(repo), repo);
        }
        // SHA-256, so the order (and the folds) are the same on every machine and JVM
        assertEquals("2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881", FoldAssignment.hash("x"));
    }

    @Test
    void everyRepositoryIsInExactlyOneNonEmptyBalancedFold() {
        Map<String, Integer> repos = repos(30);
        FoldAssignment f = FoldAssignment.of(repos, 4);
        int total = 0;
        int[] load = new int[4];
        for (int k = 0; k < 4; k++) {
            List<String> members = f.repos(k);
            assertFalse(members.isEmpty());
            for (String r : members) {
                assertEquals(k, f.fold(r));
                load[k] += repos.get(r);
            }
            total += members.size();
        }
        assertEquals(30, total);
        int max = 0;
        int min = Integer.MAX_VALUE;
        for (int l : load) {
            max = Math.max(max, l);
            min = Math.min(min, l);
        }
        assertTrue(max - min <= 7, "fold loads " + java.util.Arrays.toString(load)); // at most one repository apart
    }

    @Test
    void rejectsTooFewFoldsOrRepositories() {
        assertThrows(IllegalArgumentException.class, () -> FoldAssignment.of(repos(5), 1));
        assertThrows(IllegalArgumentException.class, () -> FoldAssignment.of(repos(3), 4));
        assertThrows(IllegalArgumentException.class, () -> FoldAssignment.of(repos(3), 2).fold("nobody/none"));
    }
}
