package dev.regtune.datasets.synthetic;

import dev.regtune.core.text.Suggestions;
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
        String key = name == null ? "" : name.strip();
        return Suggestions.closest(key, names(), Math.max(2, key.length() / 3));
    }
}
