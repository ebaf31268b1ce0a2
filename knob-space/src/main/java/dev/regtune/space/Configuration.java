package dev.regtune.space;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.knobs.Knobs;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One point of a knob space: a value, as text, for every dimension that is active at that point
 * (a conditional knob whose condition does not hold is absent). Knob dimensions are named as in
 * the {@link KnobCatalogue}; the two non-knob dimensions are {@value #ARCH} and
 * {@value #REGISTER_BUDGET}. Two configurations with the same values are equal, whatever order
 * they were built in, so they can be de-duplicated and hashed.
 *
 * @param values dimension name to value text, sorted by name
 */
public record Configuration(SortedMap<String, String> values) {
    /** The architecture dimension ("sm_90"). */
    public static final String ARCH = "arch";
    /** The register budget dimension (ptxas {@code -maxrregcount}; 0 for no limit). */
    public static final String REGISTER_BUDGET = "maxrregcount";

    public Configuration {
        values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
    }

    /** A configuration of the given name/value pairs. */
    public static Configuration of(Map<String, String> values) {
        return new Configuration(new TreeMap<>(values));
    }

    public String get(String name) {
        return values.get(name);
    }

    /** The architecture, or {@code defaultArch} when the space does not vary it. */
    public String arch(String defaultArch) {
        return values.getOrDefault(ARCH, defaultArch);
    }

    /** The register budget, or 0 (no limit) when the space does not vary it. */
    public int registerBudget() {
        String v = values.get(REGISTER_BUDGET);
        return v == null ? 0 : Integer.parseInt(v);
    }

    /** The knob values: defaults overridden by every knob dimension of this configuration. */
    public Knobs knobs() {
        Knobs k = Knobs.defaults();
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!e.getKey().equals(ARCH) && !e.getKey().equals(REGISTER_BUDGET)) {
                KnobDef d = KnobCatalogue.require(e.getKey());
                k = k.with(d, Knobs.parseValue(d, e.getValue()));
            }
        }
        return k;
    }
}
