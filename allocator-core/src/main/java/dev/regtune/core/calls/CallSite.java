package dev.regtune.core.calls;

import java.util.List;

/**
 * One call instruction of a function, as the call graph sees it.
 *
 * @param ordinal which call of the caller this is (0 for its first call instruction, in layout order)
 * @param kind how ptxas compiles it
 * @param callees indices (into the module's functions) of the functions it may reach: one for a
 *     direct or recursive call, the candidates of an indirect call, none for an external call
 * @param name the callee's name, or {@code "(indirect)"}
 */
public record CallSite(int ordinal, CallKind kind, List<Integer> callees, String name) {
    public CallSite {
        callees = List.copyOf(callees);
    }

    /** Whether ptxas compiles the call with the ABI (recursive, indirect and external calls). */
    public boolean usesAbi() {
        return kind != CallKind.DIRECT;
    }
}
