package dev.regtune.core.check;

import java.util.Objects;

/**
 * One broken rule.
 *
 * @param kind which rule
 * @param vreg the value concerned, or -1 when the violation is about the whole assignment
 * @param otherVreg the second value of a conflict, -1 otherwise
 * @param instr the instruction where it shows, -1 when it is not tied to one
 * @param message one sentence naming vregs, instruction, register and point
 */
public record Violation(ViolationKind kind, int vreg, int otherVreg, int instr, String message) {
    public Violation {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /** Whether this violation names {@code v} as either of its values. */
    public boolean involves(int v) {
        return vreg == v || otherVreg == v;
    }
}
