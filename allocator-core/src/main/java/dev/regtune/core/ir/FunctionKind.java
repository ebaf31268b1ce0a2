package dev.regtune.core.ir;

/** A kernel entry ({@code .entry}) or a device function ({@code .func}). */
public enum FunctionKind {
    ENTRY,
    FUNC
}
