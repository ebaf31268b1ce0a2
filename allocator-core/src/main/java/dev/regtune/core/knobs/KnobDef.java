package dev.regtune.core.knobs;

import java.util.List;

/**
 * One knob of the catalogue.
 *
 * @param ordinal position in {@link KnobCatalogue#all()}, the index into a {@link Knobs} vector
 * @param id the ptxas OCG knob number from the seeds, or -1 when the seeds give the constant without a number
 * @param name the knob's name; seed names verbatim where {@link #seedNamed()}
 * @param seedNamed whether the name is the one the seeds give (otherwise RegTune named it)
 * @param type value type
 * @param defaultValue default (the documented value in the seeds)
 * @param min smallest valid value (inclusive)
 * @param max largest valid value (inclusive)
 * @param effect whether RegTune's models read it
 * @param meaning one line saying what it does
 * @param choices the names of a {@link KnobType#CHOICE} knob's values, index by index; empty for other types
 */
public record KnobDef(int ordinal, int id, String name, boolean seedNamed, KnobType type, double defaultValue,
        double min, double max, KnobEffect effect, String meaning, List<String> choices) {

    public KnobDef {
        choices = List.copyOf(choices);
        if ((type == KnobType.CHOICE) != !choices.isEmpty()) {
            throw new IllegalArgumentException("knob " + name + ": only a CHOICE knob has named choices");
        }
    }

    /** Whether {@code value} is a valid value of this knob (type and range). */
    public boolean accepts(double value) {
        if (Double.isNaN(value) || value < min || value > max) {
            return false;
        }
        return switch (type) {
            case BOOL -> value == 0.0 || value == 1.0;
            case INT, CHOICE -> value == Math.rint(value);
            case DOUBLE -> !Double.isInfinite(value);
        };
    }

    /** The index of the choice named {@code name} (ignoring case), or -1 when there is none. */
    public int choiceIndex(String name) {
        for (int i = 0; i < choices.size(); i++) {
            if (choices.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The valid range in words, as used in validation messages: "[0, 512]", "true or false". */
    public String rangeText() {
        return switch (type) {
            case BOOL -> "true or false";
            case INT -> "[" + (long) min + ", " + (long) max + "]";
            case DOUBLE -> "[" + formatDouble(min) + ", " + formatDouble(max) + "]";
            case CHOICE -> "one of " + String.join(", ", choices);
        };
    }

    /** The value as text in this knob's type: "true", "50", "0.2", "briggs". */
    public String format(double value) {
        return switch (type) {
            case BOOL -> value != 0.0 ? "true" : "false";
            case INT -> Long.toString((long) value);
            case DOUBLE -> formatDouble(value);
            case CHOICE -> value >= 0 && value < choices.size() && value == Math.rint(value) ? choices.get((int) value)
                    : Long.toString((long) value);
        };
    }

    /** "RegAllocThresholdForDiscardConflicts (684)" or just the name for unnumbered knobs. */
    public String label() {
        return id >= 0 ? name + " (" + id + ")" : name;
    }

    static String formatDouble(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v) + ".0";
        }
        return Double.toString(v);
    }
}
