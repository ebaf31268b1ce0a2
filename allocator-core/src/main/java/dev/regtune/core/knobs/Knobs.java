package dev.regtune.core.knobs;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * An immutable, validated vector of knob values, one per {@link KnobCatalogue} entry. Two
 * {@code Knobs} with the same values are equal and hash alike, so they can key caches and
 * de-duplicate configurations.
 */
public final class Knobs {
    private static final Knobs DEFAULTS;

    static {
        double[] v = new double[KnobCatalogue.size()];
        for (KnobDef d : KnobCatalogue.all()) {
            v[d.ordinal()] = d.defaultValue();
        }
        DEFAULTS = new Knobs(v);
    }

    private final double[] values;

    private Knobs(double[] values) {
        this.values = values;
    }

    /** Every knob at its default. */
    public static Knobs defaults() {
        return DEFAULTS;
    }

    /** Defaults overridden by {@code NAME -> VALUE} text pairs, as given on a command line. */
    public static Knobs parse(Map<String, String> overrides) {
        Knobs k = DEFAULTS;
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            k = k.with(e.getKey(), e.getValue());
        }
        return k;
    }

    public double get(KnobDef d) {
        return values[d.ordinal()];
    }

    public int getInt(KnobDef d) {
        return (int) values[d.ordinal()];
    }

    public boolean getBool(KnobDef d) {
        return values[d.ordinal()] != 0.0;
    }

    /** A copy with one knob changed; throws IllegalArgumentException naming the knob and its range. */
    public Knobs with(KnobDef d, double value) {
        if (!d.accepts(value)) {
            throw new IllegalArgumentException("knob " + d.label() + " = " + d.format(value)
                    + " is outside its valid range " + d.rangeText());
        }
        if (values[d.ordinal()] == value) {
            return this;
        }
        double[] v = values.clone();
        v[d.ordinal()] = value;
        return new Knobs(v);
    }

    /** A copy with one knob, named or numbered, set from text ("true", "50", "0.25", "1e3", "briggs"). */
    public Knobs with(String nameOrId, String text) {
        KnobDef d = KnobCatalogue.require(nameOrId);
        return with(d, parseValue(d, text));
    }

    /** Parses {@code text} as a value of knob {@code d}, with a one-sentence error naming the knob. */
    public static double parseValue(KnobDef d, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (d.type() == KnobType.CHOICE) {
            int index = d.choiceIndex(t);
            if (index < 0) {
                throw new IllegalArgumentException("knob " + d.label() + " expects " + d.rangeText() + ", not '"
                        + text + "'");
            }
            return index;
        }
        if (d.type() == KnobType.BOOL) {
            return switch (t) {
                case "true", "1", "on", "yes" -> 1.0;
                case "false", "0", "off", "no" -> 0.0;
                default -> throw new IllegalArgumentException("knob " + d.label() + " expects true or false, not '"
                        + text + "'");
            };
        }
        try {
            double v = Double.parseDouble(t);
            if (d.type() == KnobType.INT && v != Math.rint(v)) {
                throw new IllegalArgumentException("knob " + d.label() + " expects an integer, not '" + text + "'");
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("knob " + d.label() + " expects "
                    + (d.type() == KnobType.INT ? "an integer" : "a number") + ", not '" + text + "'");
        }
    }

    /** The values in catalogue order (a copy). */
    public double[] toArray() {
        return values.clone();
    }

    /** Knobs from a full vector in catalogue order, validated. */
    public static Knobs ofArray(double[] v) {
        if (v.length != KnobCatalogue.size()) {
            throw new IllegalArgumentException("a knob vector needs " + KnobCatalogue.size() + " values, not "
                    + v.length);
        }
        Knobs k = DEFAULTS;
        for (KnobDef d : KnobCatalogue.all()) {
            k = k.with(d, v[d.ordinal()]);
        }
        return k;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Knobs k && Arrays.equals(values, k.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Only the knobs that differ from their default, "Name=Value" joined by commas. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("Knobs[");
        boolean first = true;
        for (KnobDef d : KnobCatalogue.all()) {
            if (values[d.ordinal()] != d.defaultValue()) {
                sb.append(first ? "" : ", ").append(d.name()).append('=').append(d.format(values[d.ordinal()]));
                first = false;
            }
        }
        return sb.append(']').toString();
    }
}
