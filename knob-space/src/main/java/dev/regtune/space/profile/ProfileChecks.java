package dev.regtune.space.profile;

import java.util.regex.Pattern;

/**
 * The rules a profile's fields obey, shared by the records (which throw) and the readers (which
 * add file and line). Each check throws an IllegalArgumentException whose message is one sentence
 * naming the field.
 */
final class ProfileChecks {
    /** ptxas rejects larger {@code -maxrregcount} values. */
    static final int MAX_REGISTER_BUDGET = 255;

    private static final Pattern ARCH = Pattern.compile("[A-Za-z0-9_]+");
    private static final Pattern FIGURE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    private ProfileChecks() {
    }

    static String arch(String arch) {
        if (arch == null || !ARCH.matcher(arch).matches()) {
            throw new IllegalArgumentException("the architecture must be a name such as sm_90, not "
                    + quoted(arch));
        }
        return arch;
    }

    static int budget(long budget) {
        if (budget < 0 || budget > MAX_REGISTER_BUDGET) {
            throw new IllegalArgumentException("maxrregcount must be 0 (no limit) or a register count from 1 to "
                    + MAX_REGISTER_BUDGET + ", not " + budget);
        }
        return (int) budget;
    }

    static String objective(String objective) {
        line("objective", objective);
        if (objective.isEmpty()) {
            throw new IllegalArgumentException("the objective must not be empty (for example latency, spills or "
                    + "lex:spill,latency,registers)");
        }
        return objective;
    }

    /** One line of text: no control characters (so every format can hold it), no outer white space. */
    static String line(String what, String value) {
        if (value == null) {
            throw new IllegalArgumentException("the " + what + " must be text, not null");
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new IllegalArgumentException("the " + what + " must be one line of text without control "
                    + "characters");
        }
        if (!value.equals(value.strip())) {
            throw new IllegalArgumentException("the " + what + " must not begin or end with white space");
        }
        return value;
    }

    static int kernels(long kernels) {
        if (kernels < 0 || kernels > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the kernel count must be a whole number of at least 0, not "
                    + kernels);
        }
        return (int) kernels;
    }

    static String figureName(String name) {
        if (name == null || !FIGURE.matcher(name).matches() || name.equals(Scores.KERNELS)) {
            throw new IllegalArgumentException("a score figure's name must be a letter followed by letters, digits "
                    + "or underscores, other than '" + Scores.KERNELS + "', not " + quoted(name));
        }
        return name;
    }

    /** A finite value; -0.0 becomes 0.0, which every format writes and reads back alike. */
    static double figure(String name, Double value) {
        if (value == null || !Double.isFinite(value)) {
            throw new IllegalArgumentException("score figure " + name + " must be a finite number, not " + value);
        }
        return value == 0.0 ? 0.0 : value;
    }

    private static String quoted(String s) {
        return s == null ? "null" : "'" + s + "'";
    }
}
