package dev.regtune.space.profile;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * How a profile scored on one set of kernels (training or test): the number of kernels and named
 * figures, sorted by name so that every format writes them in the same order. The names below are
 * the usual ones; others are allowed.
 *
 * @param kernels how many kernels the figures are over
 * @param figures name to finite value; a name is a letter followed by letters, digits or
 *     underscores, and is not {@value #KERNELS}
 */
public record Scores(int kernels, SortedMap<String, Double> figures) {
    /** The kernel count's name in every format; no figure may take it. */
    public static final String KERNELS = "kernels";
    /** The objective value of the profile's knobs. */
    public static final String OBJECTIVE = "objective";
    /** The objective value of the default knobs, on the same kernels. */
    public static final String DEFAULT_OBJECTIVE = "default_objective";
    /** Relative improvement of the profile over the defaults (positive is better). */
    public static final String IMPROVEMENT = "improvement";
    /** Mean regret against the best configuration per kernel. */
    public static final String REGRET = "regret";

    /** No kernels, no figures. */
    public static final Scores NONE = new Scores(0, new TreeMap<>());

    public Scores {
        ProfileChecks.kernels(kernels);
        TreeMap<String, Double> copy = new TreeMap<>();
        for (Map.Entry<String, Double> e : figures.entrySet()) {
            String name = ProfileChecks.figureName(e.getKey());
            copy.put(name, ProfileChecks.figure(name, e.getValue()));
        }
        figures = Collections.unmodifiableSortedMap(copy);
    }

    /** Scores of {@code kernels} kernels with the given figures. */
    public static Scores of(int kernels, Map<String, Double> figures) {
        return new Scores(kernels, new TreeMap<>(figures));
    }

    /** A copy with one figure added or replaced. */
    public Scores with(String name, double value) {
        TreeMap<String, Double> f = new TreeMap<>(figures);
        f.put(name, value);
        return new Scores(kernels, f);
    }
}
