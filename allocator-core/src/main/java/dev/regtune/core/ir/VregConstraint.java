package dev.regtune.core.ir;

/** One constraint on one virtual register; the meaning of {@code a} and {@code b} depends on the kind. */
public record VregConstraint(int vreg, ConstraintKind kind, int a, int b) {
}
