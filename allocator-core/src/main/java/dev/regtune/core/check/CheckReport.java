package dev.regtune.core.check;

import java.util.List;
import java.util.Objects;

/**
 * The checker's verdict on one assignment.
 *
 * @param function name of the checked function
 * @param violations the first violations found, at most {@link AllocationChecker#MAX_REPORTED},
 *        in a deterministic order
 * @param violationCount how many violations were found in all (may exceed the list's size)
 */
public record CheckReport(String function, List<Violation> violations, int violationCount) {
    /** How many violations {@link #summary()} spells out. */
    public static final int SUMMARY_VIOLATIONS = 5;

    public CheckReport {
        Objects.requireNonNull(function, "function");
        violations = List.copyOf(violations);
        if (violationCount < violations.size()) {
            throw new IllegalArgumentException("violationCount " + violationCount + " is below the "
                    + violations.size() + " violations listed");
        }
    }

    /** Whether the assignment is valid. */
    public boolean ok() {
        return violationCount == 0;
    }

    /** The listed violations of one kind. */
    public List<Violation> ofKind(ViolationKind kind) {
        return violations.stream().filter(v -> v.kind() == kind).toList();
    }

    /** Whether a violation of {@code kind} is listed. */
    public boolean has(ViolationKind kind) {
        return violations.stream().anyMatch(v -> v.kind() == kind);
    }

    /** One sentence per violation for the first few, e.g. for an exception message or a log line. */
    public String summary() {
        if (ok()) {
            return "The allocation of " + function + " is valid.";
        }
        StringBuilder sb = new StringBuilder();
        sb.append("The allocation of ").append(function).append(" has ").append(violationCount)
                .append(violationCount == 1 ? " violation:" : " violations:");
        int shown = Math.min(SUMMARY_VIOLATIONS, violations.size());
        for (int k = 0; k < shown; k++) {
            sb.append(' ').append(violations.get(k).message());
        }
        if (violationCount > shown) {
            sb.append(" And ").append(violationCount - shown).append(" more.");
        }
        return sb.toString();
    }
}
