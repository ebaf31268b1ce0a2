package dev.regtune.core.calls;

/** How ptxas compiles one call, which decides what it costs the caller (see the package doc). */
public enum CallKind {
    /**
     * A call of a {@code .func} of the module outside the caller's recursion cycle: in whole-program
     * mode ptxas compiles a copy of the callee into the caller's code, its registers above the values
     * live across the call and its frame on top of the caller's.
     */
    DIRECT,
    /**
     * A call of a function that lies on a cycle of calls (it can reach itself): ptxas compiles such
     * a function once, with the ABI, and every call of it, from inside the cycle or not, is an ABI call.
     */
    RECURSIVE,
    /** A call through a register: compiled with the ABI; the callee is one of the candidates. */
    INDIRECT,
    /** A call of a function the module does not define ({@code vprintf}, {@code malloc}, {@code free}). */
    EXTERNAL
}
