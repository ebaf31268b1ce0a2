package dev.regtune.core.knobs;

/** The value type of a knob. Every value is stored as a double; the type governs parsing and validation. */
public enum KnobType {
    BOOL,
    INT,
    DOUBLE
}
