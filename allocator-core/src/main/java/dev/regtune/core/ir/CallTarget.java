package dev.regtune.core.ir;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What one {@code call} instruction calls, as its PTX names it. A function's call targets are
 * kept in the order of its {@link InstrFlags#CALL} instructions: the k-th target belongs to the
 * k-th call, so the pairing survives stages that insert or remove other instructions.
 *
 * @param callee the function named as the target of a direct call; null for an indirect call
 *     (through a register)
 * @param candidates for an indirect call, the functions of its {@code .calltargets} list; empty
 *     when it names a {@code .callprototype} (any function whose address is taken) or for a direct call
 */
public record CallTarget(@Nullable String callee, List<String> candidates) {
    public CallTarget {
        candidates = List.copyOf(candidates);
    }

    /** A direct call of {@code callee}. */
    public static CallTarget direct(String callee) {
        return new CallTarget(callee, List.of());
    }

    /** An indirect call that may reach {@code candidates} (empty: unknown). */
    public static CallTarget indirect(List<String> candidates) {
        return new CallTarget(null, candidates);
    }

    public boolean indirect() {
        return callee == null;
    }
}
