package dev.regtune.core.text;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** The "did you mean" of error messages: the known name closest to a mistyped one. */
public final class Suggestions {
    private Suggestions() {
    }

    /**
     * The candidate closest to {@code given}, ignoring case, if it is within {@code maxDistance}
     * edits; a candidate that {@code given} is a prefix of counts as one edit away. Ties go to the
     * earlier candidate, so the answer is deterministic.
     */
    public static Optional<String> closest(String given, Collection<String> candidates, int maxDistance) {
        String key = given == null ? "" : given.strip().toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            String lower = c.toLowerCase(Locale.ROOT);
            int d = !key.isEmpty() && lower.startsWith(key) ? 1 : editDistance(key, lower);
            if (d < bestDistance) {
                bestDistance = d;
                best = c;
            }
        }
        return best != null && bestDistance <= maxDistance ? Optional.of(best) : Optional.empty();
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character each cost one. */
    public static int editDistance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
