package dev.regtune.datasets.synthetic;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The catalogue of synthetic kernel families. */
public final class SyntheticFamilies {
    private static final List<KernelFamily> ALL = List.of(
            new AccumulatorsFamily(),
            new StencilFamily(),
            new ReductionFamily(),
            new LoopLiveThroughFamily(),
            new PredicatedFamily(),
            new Pairs64Family(),
            new MmaFamily());

    private SyntheticFamilies() {
    }

    /** Every family, in the order listings show them. */
    public static List<KernelFamily> all() {
        return ALL;
    }

    /** Every family's name, in catalogue order. */
    public static List<String> names() {
        return ALL.stream().map(KernelFamily::name).toList();
    }

    /**
     * The family named {@code name} (case-insensitive).
     *
     * @throws IllegalArgumentException naming the closest family and listing the known ones
     */
    public static KernelFamily byName(String name) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        for (KernelFamily f : ALL) {
            if (f.name().equals(key)) {
                return f;
            }
        }
        String hint = suggestion(key).map(s -> "did you mean " + s + "? ").orElse("");
        throw new IllegalArgumentException("unknown synthetic kernel family '" + (name == null ? "" : name.strip())
                + "'; " + hint + "known families: " + String.join(", ", names()));
    }

    /** The family whose name is closest to {@code name}, if it is close enough to be a typo. */
    public static Optional<String> suggestion(String name) {
        String key = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (KernelFamily f : ALL) {
            int d = f.name().startsWith(key) && !key.isEmpty() ? 1 : editDistance(key, f.name());
            if (d < bestDistance) {
                bestDistance = d;
                best = f.name();
            }
        }
        return best != null && bestDistance <= Math.max(2, key.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    private static int editDistance(String a, String b) {
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
