package dev.regtune.core.coalesce;

/**
 * Where a copy candidate comes from (seed 003: "PHI elimination copies, ABI/calling-convention
 * .param register copies ... and sub-register operations"), plus the cross-class moves the pass
 * sees and must leave alone.
 */
public enum CopyKind {
    /** A {@code mov} between two registers of one typed class: what PHI elimination leaves. */
    SAME_CLASS,
    /**
     * A same-class {@code mov} at the ABI boundary: its source was loaded from a {@code .param}
     * or its destination is stored to one ({@code st.param} of a call argument).
     */
    PARAM,
    /** A pack or unpack {@code mov} between a wide register and its parts ({@code mov.b64 %rd, {%r, %r}}). */
    SUBREG,
    /** A {@code mov} between two typed classes ({@code mov.b32 %f1, %r1}): never removed. */
    CROSS_CLASS;

    /** Whether the class rule lets a candidate of this kind be merged at all. */
    public boolean mergeable() {
        return this == SAME_CLASS || this == PARAM;
    }
}
