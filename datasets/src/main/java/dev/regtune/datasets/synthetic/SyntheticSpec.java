package dev.regtune.datasets.synthetic;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What to generate: a family, the parameter values fixed for it, a target size and an
 * architecture. Written {@code family[:key=value,...]}, e.g. {@code accumulators:n=64,instructions=2000}
 * or {@code mma:tn=4,arch=sm_80}: the keys are the family's parameters plus {@value #INSTRUCTIONS}
 * (default {@value #DEFAULT_INSTRUCTIONS}) and {@value #ARCH} (default {@value #DEFAULT_ARCH}).
 * Every value is checked when the spec is made, so a spec that exists can be generated unless its
 * target is smaller than its parameters allow (see {@link KernelFamily#minimumInstructions}).
 *
 * @param family the family's name, as {@link SyntheticFamilies#byName} knows it
 * @param parameters the parameter values the spec fixes (the others take their defaults, or are
 *     drawn by a {@link SyntheticSeries}), sorted by name
 * @param instructions the target PTX instruction count
 * @param arch the {@code .target}: one of {@link #ARCHITECTURES}
 */
public record SyntheticSpec(String family, Map<String, Integer> parameters, int instructions, String arch) {
    /** The key of the target instruction count. */
    public static final String INSTRUCTIONS = "instructions";
    /** The key of the architecture. */
    public static final String ARCH = "arch";
    public static final int MIN_INSTRUCTIONS = 10;
    public static final int MAX_INSTRUCTIONS = 1_000_000;
    public static final int DEFAULT_INSTRUCTIONS = 1000;
    public static final String DEFAULT_ARCH = "sm_90";
    /**
     * The targets ptxas 13.0 accepts with {@code .version 8.0} (measured: it no longer knows sm_70,
     * and sm_100 needs a newer PTX ISA), in ascending order.
     */
    public static final List<String> ARCHITECTURES = List.of("sm_75", "sm_80", "sm_86", "sm_89", "sm_90");

    public SyntheticSpec {
        KernelFamily f = SyntheticFamilies.byName(family);
        family = f.name();
        SortedMap<String, Integer> sorted = new TreeMap<>();
        for (Map.Entry<String, Integer> e : parameters.entrySet()) {
            FamilyParameter p = parameterOf(f, e.getKey());
            int v = e.getValue();
            if (!p.accepts(v)) {
                throw new IllegalArgumentException("parameter " + p.name() + " of family " + f.name()
                        + " must be from " + p.min() + " to " + p.max() + ", not " + v);
            }
            sorted.put(p.name(), v);
        }
        parameters = Collections.unmodifiableSortedMap(sorted);
        if (instructions < MIN_INSTRUCTIONS || instructions > MAX_INSTRUCTIONS) {
            throw new IllegalArgumentException(INSTRUCTIONS + " must be from " + MIN_INSTRUCTIONS + " to "
                    + MAX_INSTRUCTIONS + ", not " + instructions);
        }
        arch = checkArch(f, arch);
    }

    /** The family with every parameter at its default, {@value #DEFAULT_INSTRUCTIONS} instructions, sm_90. */
    public static SyntheticSpec of(String family) {
        return new SyntheticSpec(family, Map.of(), DEFAULT_INSTRUCTIONS, DEFAULT_ARCH);
    }

    /**
     * Parses {@code family[:key=value,...]}.
     *
     * @throws IllegalArgumentException with one sentence naming the bad family, key or value and
     *     what is valid
     */
    public static SyntheticSpec parse(String text) {
        return parse(text, DEFAULT_ARCH);
    }

    /**
     * Parses {@code family[:key=value,...]} with {@code defaultArch} for a spec that names no
     * {@value #ARCH} (a corpus loader or a command with its own {@code --arch}).
     *
     * @throws IllegalArgumentException with one sentence naming the bad family, key or value and
     *     what is valid
     */
    public static SyntheticSpec parse(String text, String defaultArch) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty()) {
            throw new IllegalArgumentException("a synthetic kernel spec must not be empty; write family[:key=value,...], "
                    + "e.g. accumulators:n=64,instructions=2000");
        }
        int colon = t.indexOf(':');
        SyntheticSpec spec = of(colon < 0 ? t : t.substring(0, colon).strip());
        if (colon < 0) {
            return spec.withArch(defaultArch);
        }
        String rest = t.substring(colon + 1);
        if (rest.isBlank()) {
            throw new IllegalArgumentException("spec '" + t + "' has nothing after the colon; write key=value pairs "
                    + "separated by commas, or leave out the colon");
        }
        TreeMap<String, String> seen = new TreeMap<>();
        for (String item : rest.split(",", -1)) {
            String a = item.strip();
            if (a.isEmpty()) {
                throw new IllegalArgumentException("spec '" + t + "' has an empty key=value pair");
            }
            int eq = a.indexOf('=');
            String key = eq < 0 ? a : a.substring(0, eq).strip();
            if (seen.put(key, a) != null) {
                throw new IllegalArgumentException("key " + key + " is given twice in spec '" + t + "'");
            }
            spec = spec.with(a);
        }
        return seen.containsKey(ARCH) ? spec : spec.withArch(defaultArch);
    }

    /**
     * This spec with one more {@code key=value} (a family parameter, {@value #INSTRUCTIONS} or
     * {@value #ARCH}); the value replaces any earlier one for the key.
     */
    public SyntheticSpec with(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("'" + assignment.strip() + "' is not key=value; keys of family " + family
                    + " are " + knownKeys(definition()));
        }
        String key = assignment.substring(0, eq).strip();
        String value = assignment.substring(eq + 1).strip();
        if (key.equals(INSTRUCTIONS)) {
            return withInstructions(integer(INSTRUCTIONS, value, MIN_INSTRUCTIONS, MAX_INSTRUCTIONS));
        }
        if (key.equals(ARCH)) {
            return withArch(value);
        }
        FamilyParameter p = parameterOf(definition(), key);
        return withParameter(p.name(), integer("parameter " + p.name() + " of family " + family, value, p.min(),
                p.max()));
    }

    public SyntheticSpec withParameter(String name, int value) {
        TreeMap<String, Integer> m = new TreeMap<>(parameters);
        m.put(name, value);
        return new SyntheticSpec(family, m, instructions, arch);
    }

    public SyntheticSpec withInstructions(int target) {
        return new SyntheticSpec(family, parameters, target, arch);
    }

    public SyntheticSpec withArch(String target) {
        return new SyntheticSpec(family, parameters, instructions, target);
    }

    /** The family this spec names. */
    public KernelFamily definition() {
        return SyntheticFamilies.byName(family);
    }

    /** The value of parameter {@code name}: the spec's own, else the family's default. */
    public int parameter(String name) {
        Integer v = parameters.get(name);
        return v != null ? v : parameterOf(definition(), name).defaultValue();
    }

    /** Whether the spec fixes parameter {@code name} (rather than leaving it to its default). */
    public boolean fixes(String name) {
        return parameters.containsKey(name);
    }

    /** Every parameter of the family with its value in this spec, sorted by name. */
    public SortedMap<String, Integer> resolvedParameters() {
        TreeMap<String, Integer> m = new TreeMap<>();
        for (FamilyParameter p : definition().parameters()) {
            m.put(p.name(), parameter(p.name()));
        }
        return Collections.unmodifiableSortedMap(m);
    }

    /** The canonical spelling, every key given: {@code accumulators:loads=4,n=64,instructions=2000,arch=sm_90}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(family).append(':');
        resolvedParameters().forEach((k, v) -> s.append(k).append('=').append(v).append(','));
        return s.append(INSTRUCTIONS).append('=').append(instructions).append(',').append(ARCH).append('=')
                .append(arch).toString();
    }

    private static FamilyParameter parameterOf(KernelFamily f, String key) {
        for (FamilyParameter p : f.parameters()) {
            if (p.name().equals(key)) {
                return p;
            }
        }
        throw new IllegalArgumentException("family " + f.name() + " has no parameter '" + key + "'; its keys are "
                + knownKeys(f));
    }

    private static String knownKeys(KernelFamily f) {
        StringBuilder s = new StringBuilder();
        for (FamilyParameter p : f.parameters()) {
            s.append(p.describeRange()).append(", ");
        }
        return s.append(INSTRUCTIONS).append(" (").append(MIN_INSTRUCTIONS).append("..").append(MAX_INSTRUCTIONS)
                .append(") and ").append(ARCH).append(" (").append(String.join(", ", architectures(f))).append(')')
                .toString();
    }

    private static int integer(String what, String value, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " must be an integer from " + min + " to " + max + ", not '"
                    + value + "'");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(what + " must be from " + min + " to " + max + ", not " + v);
        }
        return v;
    }

    private static String checkArch(KernelFamily f, String arch) {
        String a = arch == null ? "" : arch.strip();
        if (!architectures(f).contains(a)) {
            throw new IllegalArgumentException(ARCH + " of family " + f.name() + " must be one of "
                    + String.join(", ", architectures(f)) + ", not '" + a + "'");
        }
        return a;
    }

    /** The architectures family {@code f} can target. */
    static List<String> architectures(KernelFamily f) {
        return ARCHITECTURES.stream().filter(a -> Integer.parseInt(a.substring(3)) >= f.minimumSm()).toList();
    }
}
