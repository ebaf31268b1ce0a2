package dev.regtune.space.controls;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One public control of the real ptxas: an option a CUDA engineer can pass today ({@code nvcc
 * -Xptxas ...} or {@code ptxas ...}), unlike the model knobs of {@code KnobCatalogue}, which no
 * shipping compiler reads. Values are text as ptxas takes them ("5", "true", "mid").
 *
 * @param name the option's long name without dashes, as ptxas's {@code --help} spells it ("register-usage-level")
 * @param option what the evaluator passes ("--register-usage-level")
 * @param type how the value is passed
 * @param min smallest valid value of an INT control
 * @param max largest valid value of an INT control
 * @param choices the values of a CHOICE control, in ptxas's order; empty for other types
 * @param defaultValue the value ptxas uses when the option is absent, as text ("" where it depends on other options)
 * @param meaning what it does, in one sentence
 * @param sweptAs how a space spec sweeps it: {@link SweptAs#CONTROL} in the spec's {@code "ptxas"} list, or
 *     through one of the dimensions the model shares
 */
public record PtxasControl(String name, String option, ControlType type, long min, long max, List<String> choices,
        String defaultValue, String meaning, SweptAs sweptAs) {

    /** Where a control is swept in a space spec. */
    public enum SweptAs {
        /** A dimension of its own, named {@link PtxasControl#column()}, in the spec's {@code "ptxas"} list. */
        CONTROL,
        /** The register budget dimension {@code maxrregcount}, which the model reads too. */
        REGISTER_BUDGET,
        /** The {@code launch_bounds} dimension ({@code "256x2"}), which the model reads too. */
        LAUNCH_BOUNDS
    }

    /** The prefix of every control's dimension and result column. */
    public static final String PREFIX = "ptxas_";

    public PtxasControl {
        choices = List.copyOf(choices);
        if ((type == ControlType.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException("control " + name + ": only a CHOICE control has named choices");
        }
    }

    /**
     * The dimension and result column of the control: {@value #PREFIX} and its name in lower case with
     * underscores ({@code ptxas_register_usage_level}), a word a Parquet column, a space dimension and
     * a condition can all use.
     */
    public String column() {
        return PREFIX + name.toLowerCase(Locale.ROOT).replace('-', '_');
    }

    /** Every valid value as text, in order: the integers of the range, false and true, the choices. */
    public List<String> values() {
        return switch (type) {
            case INT -> java.util.stream.LongStream.rangeClosed(min, max).mapToObj(Long::toString).toList();
            case BOOL, FLAG -> List.of("false", "true");
            case CHOICE -> choices;
        };
    }

    /** The valid values in words, for messages: "an integer from 0 to 10", "true or false", "one of 0, min, mid, max". */
    public String rangeText() {
        return switch (type) {
            case INT -> "an integer from " + min + " to " + max;
            case BOOL, FLAG -> "true or false";
            case CHOICE -> "one of " + String.join(", ", choices);
        };
    }

    /**
     * The canonical text of {@code value} ("07" is "7"), or empty when it is not a valid value of this
     * control.
     */
    public Optional<String> canonical(String value) {
        String v = value.strip();
        switch (type) {
            case INT -> {
                try {
                    long n = Long.parseLong(v);
                    return n >= min && n <= max ? Optional.of(Long.toString(n)) : Optional.empty();
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
            case BOOL, FLAG -> {
                return v.equals("true") || v.equals("false") ? Optional.of(v) : Optional.empty();
            }
            default -> {
                return choices.contains(v) ? Optional.of(v) : Optional.empty();
            }
        }
    }

    /**
     * The ptxas arguments that set this control to {@code value} (canonical text): {@code
     * [--register-usage-level, 3]}, {@code [--extensible-whole-program]} for a flag that is on, nothing
     * for a flag that is off.
     *
     * @throws IllegalArgumentException when {@code value} is not a valid value
     */
    public List<String> arguments(String value) {
        String v = canonical(value).orElseThrow(() -> new IllegalArgumentException("ptxas control " + name
                + " is " + rangeText() + ", not '" + value + "'"));
        if (type == ControlType.FLAG) {
            return v.equals("true") ? List.of(option) : List.of();
        }
        return List.of(option, v);
    }
}
