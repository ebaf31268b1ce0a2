package dev.regtune.core.knobs;

/**
 * The value type of a knob. Every value is stored as a double; the type governs parsing and validation.
 * A {@link #CHOICE} knob stores the index of one of its named choices ({@link KnobDef#choices()}).
 */
public enum KnobType {
    BOOL,
    INT,
    DOUBLE,
    /** A categorical knob: one of a few named choices, stored as the choice's index 0..n-1. */
    CHOICE
}
