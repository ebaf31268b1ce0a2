package dev.regtune.space;

import dev.regtune.core.knobs.KnobCatalogue;
import dev.regtune.core.knobs.KnobDef;
import dev.regtune.core.ir.LaunchBounds;
import dev.regtune.core.knobs.Knobs;
import dev.regtune.space.controls.PtxasControls;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * One point of a knob space: a value, as text, for every dimension that is active at that point
 * (a conditional knob whose condition does not hold is absent). Knob dimensions are named as in
 * the {@link KnobCatalogue}; the non-knob dimensions are {@value #ARCH}, {@value #REGISTER_BUDGET},
 * {@value #LAUNCH_BOUNDS} and the ptxas controls ({@code ptxas_...}, {@link PtxasControls}), which
 * the model does not read. Two configurations with the same values are equal, whatever order
 * they were built in, so they can be de-duplicated and hashed.
 *
 * @param values dimension name to value text, sorted by name
 */
public record Configuration(SortedMap<String, String> values) {
    /** The architecture dimension ("sm_90"). */
    public static final String ARCH = "arch";
    /** The register budget dimension (ptxas {@code -maxrregcount}; 0 for no limit). */
    public static final String REGISTER_BUDGET = "maxrregcount";
    /**
     * The launch bounds dimension: {@code "256"} is {@code __launch_bounds__(256)} and
     * {@code "256x2"} is {@code __launch_bounds__(256, 2)}; it replaces the kernel's own bounds.
     */
    public static final String LAUNCH_BOUNDS = "launch_bounds";

    public Configuration {
        values = Collections.unmodifiableSortedMap(new TreeMap<>(values));
    }

    /** A configuration of the given name/value pairs. */
    public static Configuration of(Map<String, String> values) {
        return new Configuration(new TreeMap<>(values));
    }

    /** The value of dimension {@code name}, or null where it is not active (or not a dimension). */
    public @Nullable String get(String name) {
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

    /** The launch bounds to apply to the kernel, or empty when the space does not vary them. */
    public Optional<LaunchBounds> launchBounds() {
        String v = values.get(LAUNCH_BOUNDS);
        return v == null ? Optional.empty() : Optional.of(parseLaunchBounds(v));
    }

    /**
     * Parses {@code "THREADS"} or {@code "THREADSxMINBLOCKS"} (threads 1..1024, blocks 1..32).
     *
     * @throws IllegalArgumentException with one sentence saying what was expected
     */
    public static LaunchBounds parseLaunchBounds(String text) {
        String t = text.strip();
        int x = t.indexOf('x');
        try {
            int threads = Integer.parseInt(x < 0 ? t : t.substring(0, x));
            int blocks = x < 0 ? 0 : Integer.parseInt(t.substring(x + 1));
            if (threads < 1 || threads > 1024 || (x >= 0 && (blocks < 1 || blocks > 32))) {
                throw new NumberFormatException();
            }
            return LaunchBounds.NONE.withMaxThreads(threads).withMinBlocksPerSm(blocks);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("launch bounds '" + text + "' are not THREADS or THREADSxBLOCKS "
                    + "with 1..1024 threads and 1..32 blocks");
        }
    }

    /**
     * The ptxas controls this configuration sets, by dimension name ({@code ptxas_fmad} to
     * {@code false}), sorted; empty when the space sweeps none. The register budget and the launch
     * bounds are not among them: they have their own dimensions, which the model reads too.
     */
    public SortedMap<String, String> controls() {
        SortedMap<String, String> c = new TreeMap<>();
        values.forEach((name, value) -> {
            if (PtxasControls.isControlDimension(name)) {
                c.put(name, value);
            }
        });
        return Collections.unmodifiableSortedMap(c);
    }

    /**
     * The knob values: defaults overridden by every knob dimension of this configuration. A knob
     * given twice, by number and by name ({@code 684} and {@code RegAllocThresholdForDiscardConflicts}),
     * is an IllegalArgumentException naming both spellings, never one of them kept silently.
     */
    public Knobs knobs() {
        Knobs k = Knobs.defaults();
        Map<KnobDef, String> spelling = new java.util.HashMap<>(); // lookups only: the order is values' order
        for (Map.Entry<String, String> e : values.entrySet()) {
            if (!e.getKey().equals(ARCH) && !e.getKey().equals(REGISTER_BUDGET) && !e.getKey().equals(LAUNCH_BOUNDS)
                    && !PtxasControls.isControlDimension(e.getKey())) {
                KnobDef d = KnobCatalogue.require(e.getKey());
                String before = spelling.put(d, e.getKey());
                if (before != null) {
                    throw new IllegalArgumentException("knob " + d.label() + " is given twice, as '" + before + "' = "
                            + values.get(before) + " and as '" + e.getKey() + "' = " + e.getValue()
                            + "; give it once");
                }
                k = k.with(d, Knobs.parseValue(d, e.getValue()));
            }
        }
        return k;
    }
}
