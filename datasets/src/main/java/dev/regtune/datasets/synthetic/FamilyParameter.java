package dev.regtune.datasets.synthetic;

/**
 * One integer parameter of a kernel family.
 *
 * @param name the key in a spec ({@code n} in {@code accumulators:n=64})
 * @param meaning what it controls, for listings and help
 * @param min smallest valid value
 * @param max largest valid value
 * @param defaultValue the value when a spec does not give one
 */
public record FamilyParameter(String name, String meaning, int min, int max, int defaultValue) {

    public FamilyParameter {
        if (min > max || defaultValue < min || defaultValue > max) {
            throw new IllegalArgumentException("parameter " + name + " has an inconsistent range " + min + ".."
                    + max + " with default " + defaultValue);
        }
    }

    /** Whether {@code value} is in {@code [min, max]}. */
    public boolean accepts(int value) {
        return value >= min && value <= max;
    }

    /** {@code n (1..256)}, as error messages and listings show it. */
    public String describeRange() {
        return name + " (" + min + ".." + max + ")";
    }
}
